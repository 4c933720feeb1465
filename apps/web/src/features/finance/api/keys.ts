import type { MoneyTxOrdering, TxType } from '@app/shared';
import { moneyQueryKey } from '../../../api/currencies.ts';

// Query keys of the finance feature; a money movement invalidates ['finance'] as a whole.
export interface TransactionsParams {
  page: number;
  ordering: MoneyTxOrdering;
  currency?: number | undefined;
  amount_type?: 'positive' | 'negative' | undefined;
  /** spec.md's EXCHANGE, DESIGN.md section 12's DEBT, section 19's SALE and PURCHASE, ... */
  tx_type?: TxType | undefined;
  has_offer?: boolean | undefined;
  search?: string | undefined;
}

export const financeKeys = {
  all: moneyQueryKey,
  balances: ['finance', 'balances', 'my-user'] as const,
  transactions: (params: TransactionsParams) => ['finance', 'money-transactions', params] as const,
};
