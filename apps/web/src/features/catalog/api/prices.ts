import {
  type PriceType,
  type PriceTypeCreate,
  PriceTypeSchema,
  type PriceTypeUpdate,
  VariantPricesSchema,
  type VariantPricesWrite,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { priceTypesQueryKey } from '../../../api/price-types.ts';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

// Price types and a variant's prices (DESIGN.md section 19). The price types are read through the
// shared read layer (api/price-types.ts); their writes live here and invalidate its key.

/** POST catalog/price-types/ (no id) or PATCH catalog/price-types/{id}/. */
export function useSavePriceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      write: { id: number; body: PriceTypeUpdate } | { id?: undefined; body: PriceTypeCreate },
    ): Promise<PriceType> =>
      write.id === undefined
        ? api.post('catalog/price-types/', write.body, { schema: PriceTypeSchema })
        : api.patch(`catalog/price-types/${write.id}/`, write.body, { schema: PriceTypeSchema }),
    // Making one the default changes another's flag: the list is read again as a whole.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceTypesQueryKey }),
  });
}

/** GET catalog/variants/{id}/prices/: the variant's price in each price type that has one. */
export const variantPricesQueryOptions = (variant: number) =>
  queryOptions({
    queryKey: catalogKeys.variantPrices(variant),
    queryFn: ({ signal }) =>
      api.get(`catalog/variants/${variant}/prices/`, { signal, schema: VariantPricesSchema }),
  });

/** PUT catalog/variants/{id}/prices/: the prices given are set, a null one removed; answers them all. */
export function useSaveVariantPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variant, body }: { variant: number; body: VariantPricesWrite }) =>
      api.put(`catalog/variants/${variant}/prices/`, body, { schema: VariantPricesSchema }),
    onSuccess: (answer, { variant }) => queryClient.setQueryData(catalogKeys.variantPrices(variant), answer),
  });
}
