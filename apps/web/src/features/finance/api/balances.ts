import { type Balance, BalanceSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** GET finance/balances/my-user/ */
export function getMyBalances(signal?: AbortSignal): Promise<Balance[]> {
  return api.get('finance/balances/my-user/', { signal, schema: z.array(BalanceSchema) });
}

export const myBalancesQueryOptions = queryOptions({
  queryKey: financeKeys.balances,
  queryFn: ({ signal }) => getMyBalances(signal),
});

export function useMyBalances() {
  return useQuery(myBalancesQueryOptions);
}
