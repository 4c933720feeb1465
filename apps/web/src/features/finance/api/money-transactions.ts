import { type MoneyTransactionsPage, MoneyTransactionsPageSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financeKeys, type TransactionsParams } from './keys.ts';

/** GET /finance/money-transactions/by-user/ (spec.md section 7): 20 a page with filters. */
export function getMoneyTransactions(
  params: TransactionsParams,
  signal?: AbortSignal,
): Promise<MoneyTransactionsPage> {
  return api.get('/finance/money-transactions/by-user/', {
    signal,
    schema: MoneyTransactionsPageSchema,
    query: {
      page: params.page,
      ordering: params.ordering,
      currency: params.currency,
      amount_type: params.amount_type,
      tx_type: params.tx_type,
      has_offer: params.has_offer === undefined ? undefined : String(params.has_offer),
      search: params.search,
    },
  });
}

export function moneyTransactionsQueryOptions(params: TransactionsParams) {
  return queryOptions({
    queryKey: financeKeys.transactions(params),
    queryFn: ({ signal }) => getMoneyTransactions(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMoneyTransactions(params: TransactionsParams) {
  return useQuery(moneyTransactionsQueryOptions(params));
}
