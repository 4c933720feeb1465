import {
  type BusinessUser,
  BusinessUserSchema,
  type OfferCreateBody,
  VARIANT_PICKER_MAX_RESULTS,
  VariantSchema,
} from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { VariantOption } from '../../../components/VariantPicker.tsx';
import { api } from '../../../lib/api-client.ts';

// The calls of the new-product offer form (spec.md sections 3, 5 and 7).

/** GET /auth/by-business/: the departments to choose the other party from. */
export function getBusinessUsers(signal?: AbortSignal): Promise<BusinessUser[]> {
  return api.get('auth/by-business/', { signal, schema: z.array(BusinessUserSchema) });
}

export const businessUsersQueryOptions = queryOptions({
  queryKey: ['auth', 'by-business'] as const,
  queryFn: ({ signal }) => getBusinessUsers(signal),
  staleTime: 60_000,
});

export function useBusinessUsers() {
  return useQuery(businessUsersQueryOptions);
}

/** GET catalog/variants/?search=&limit=20 for the form's variant picker. */
export async function searchOfferVariants(search: string, signal: AbortSignal): Promise<VariantOption[]> {
  const variants = await api.get('catalog/variants/', {
    query: { search, limit: VARIANT_PICKER_MAX_RESULTS },
    signal,
    schema: z.array(VariantSchema),
  });
  return variants.map((v) => ({ id: v.id, label: v.label, sku: v.sku }));
}

/** POST offers/offers/ with item lines: a new product offer. */
export function createProductOffer(body: OfferCreateBody): Promise<unknown> {
  return api.post('offers/offers/', body);
}

export function useCreateProductOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProductOffer,
    // Whatever lists of offers the pages hold are stale now.
    onSuccess: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}
