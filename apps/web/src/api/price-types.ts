import { type PriceType, PriceTypeSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the business's price types (section 19), read once
// for every feature (the labels' price, a counterparty's price type), with their query key.

/** Every read of the price types: a change to one invalidates them. */
export const priceTypesQueryKey = ['catalog', 'price-types'] as const;

/** GET catalog/price-types/: the business's price lists, the default first. */
export const priceTypesQueryOptions = queryOptions({
  queryKey: priceTypesQueryKey,
  queryFn: ({ signal }): Promise<PriceType[]> =>
    api.get('catalog/price-types/', { signal, schema: z.array(PriceTypeSchema) }),
});

export function usePriceTypes() {
  return useQuery(priceTypesQueryOptions);
}
