import { PriceTypeSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** GET catalog/price-types/: the business's price lists, the default first (DESIGN.md section 19). */
export const priceTypesQueryOptions = queryOptions({
  queryKey: catalogKeys.priceTypes,
  queryFn: ({ signal }) => api.get('catalog/price-types/', { signal, schema: z.array(PriceTypeSchema) }),
});
