import type { PriceType } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the business's price types (DESIGN.md section 19),
// read once for the catalogue's page and a variant's prices, and for the labels' price. Writes
// invalidate `priceTypesQueryKey`, never a literal.

export const priceTypesQueryKey = ['catalog', 'price-types'] as const;

/** GET catalog/price-types/: the business's price lists, the default first. */
export function getPriceTypes(signal?: AbortSignal): Promise<PriceType[]> {
  return api.get('catalog/price-types/', { signal, schema: (s) => s.PriceTypeSchema.array() });
}

export const priceTypesQueryOptions = queryOptions({
  queryKey: priceTypesQueryKey,
  queryFn: ({ signal }) => getPriceTypes(signal),
});

export function usePriceTypes() {
  return useQuery(priceTypesQueryOptions);
}
