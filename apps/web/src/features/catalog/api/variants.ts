import { type Variant, type VariantCreate, VariantSchema, type VariantUpdate } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** GET catalog/variants/: every variant of the business, grouped by product on the page. */
export function getVariants(signal?: AbortSignal): Promise<Variant[]> {
  return api.get('catalog/variants/', { signal, schema: z.array(VariantSchema) });
}

export const variantsQueryOptions = queryOptions({
  queryKey: catalogKeys.variants,
  queryFn: ({ signal }) => getVariants(signal),
});

export function useCreateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VariantCreate) => api.post('catalog/variants/', body, { schema: VariantSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.variants }),
  });
}

export function useUpdateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VariantUpdate }) =>
      api.patch(`catalog/variants/${id}/`, body, { schema: VariantSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.variants }),
  });
}

export function useDeleteVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`catalog/variants/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.variants }),
  });
}
