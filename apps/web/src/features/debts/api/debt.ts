import { type Debt, DebtSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { debtKeys } from './keys.ts';

/** GET debts/{id}/ */
export function getDebt(id: number, signal?: AbortSignal): Promise<Debt> {
  return api.get(`debts/${id}/`, { signal, schema: DebtSchema });
}

/** One debt, fresh; `shown` (its row in a list) stands in until the answer comes. */
export function useDebt(id: number, shown?: Debt) {
  return useQuery({
    queryKey: debtKeys.debt(id),
    queryFn: ({ signal }) => getDebt(id, signal),
    placeholderData: shown,
    retry: false,
  });
}
