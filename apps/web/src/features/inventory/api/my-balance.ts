import type { StockBalance } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myBalanceQueryKey } from './keys.ts';

/**
 * GET inventory/stocks/my-balance/: the stock I hold (spec.md section 2, Inventory). Up to 10,000
 * rows, so the answer is not re-validated row by row here (the server's tests check its shape).
 */
export function getMyBalance(signal?: AbortSignal): Promise<StockBalance[]> {
  return api.get<StockBalance[]>('inventory/stocks/my-balance/', { signal });
}

export const myBalanceQueryOptions = queryOptions({
  queryKey: myBalanceQueryKey,
  queryFn: ({ signal }) => getMyBalance(signal),
});

export function useMyBalance() {
  return useQuery(myBalanceQueryOptions);
}
