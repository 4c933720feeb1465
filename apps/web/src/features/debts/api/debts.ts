import { type Debt, type DebtCreate, type DebtPage, DebtPageSchema, DebtSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DebtFilters } from '../debt-params.ts';
import { debtKeys, MOVED_ELSEWHERE } from './keys.ts';

/** GET debts/?counterparty&direction&status&due_from&due_to&page: 50 a page, newest first, with totals. */
export function getDebts(filters: DebtFilters, page: number, signal?: AbortSignal): Promise<DebtPage> {
  return api.get('debts/', { signal, query: { ...filters, page }, schema: DebtPageSchema });
}

export function debtsQueryOptions(filters: DebtFilters, page: number) {
  return queryOptions({
    queryKey: debtKeys.list({ ...filters, page }),
    queryFn: ({ signal }) => getDebts(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDebts(filters: DebtFilters, page: number) {
  return useQuery(debtsQueryOptions(filters, page));
}

/**
 * POST debts/: a debt of my department without goods (a loan), with an Idempotency-Key per submit
 * (DESIGN.md section 4), as the other money forms send one.
 */
export function createDebt(body: DebtCreate): Promise<Debt> {
  return api.post('debts/', body, { idempotencyKey: true, schema: DebtSchema });
}

export function useCreateDebt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDebt,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: debtKeys.all }),
        ...MOVED_ELSEWHERE.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
  });
}
