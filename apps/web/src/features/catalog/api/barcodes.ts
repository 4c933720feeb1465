import { VariantSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

// Barcodes of the catalogue's variants (DESIGN.md section 18); their labels: api/labels.ts.

/** POST catalog/variants/{id}/barcode/: an in-store EAN-13 for a variant without a code. */
export function useGenerateBarcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`catalog/variants/${id}/barcode/`, {}, { schema: VariantSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.variants }),
  });
}

const GeneratedSchema = z.object({ generated: z.number(), variants: z.array(VariantSchema) });

/** POST catalog/variants/barcodes/: in-store codes for those of `variants` without one. */
export function useGenerateBarcodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variants: number[]) =>
      api.post('catalog/variants/barcodes/', { variants }, { schema: GeneratedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.variants }),
  });
}
