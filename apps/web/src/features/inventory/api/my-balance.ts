import { type StockBalance, StockBalanceSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** GET inventory/stocks/my-balance/: the stock I hold (spec.md section 2, Inventory). */
export function getMyBalance(signal?: AbortSignal): Promise<StockBalance[]> {
  return api.get('inventory/stocks/my-balance/', { signal, schema: z.array(StockBalanceSchema) });
}

export const myBalanceQueryKey = ['inventory', 'my-balance'] as const;

export const myBalanceQueryOptions = queryOptions({
  queryKey: myBalanceQueryKey,
  queryFn: ({ signal }) => getMyBalance(signal),
});

export function useMyBalance() {
  return useQuery(myBalanceQueryOptions);
}
