import { type LabelsRequest, PriceTypeSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, downloadFile } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): labels of variants, printed from the catalogue and
// from a stock entry (DESIGN.md section 18), with a price from a price type (section 19).

/** GET catalog/price-types/: the business's price lists, the default first. */
export const priceTypesQueryOptions = queryOptions({
  queryKey: ['catalog', 'price-types'] as const,
  queryFn: ({ signal }) => api.get('catalog/price-types/', { signal, schema: z.array(PriceTypeSchema) }),
});

/** POST catalog/labels/: the labels as a PDF, downloaded. */
export function downloadLabels(request: LabelsRequest): Promise<void> {
  return downloadFile('catalog/labels/', {}, `yorliqlar-${request.template}.pdf`, request);
}
