import { debtBookQueryKey } from '../../../api/counterparties.ts';
import { moneyQueryKey } from '../../../api/currencies.ts';
import type { DebtFilters } from '../debt-params.ts';

// Query keys of the debts feature, in one place. Everything the debt book shows sits under
// debtBookQueryKey (the counterparties of the shared read layer too, DESIGN.md section 15), so a
// new debt or a payment refreshes every list, card and report of it at once.
export const debtKeys = {
  all: debtBookQueryKey,
  statement: (id: number) => ['debts', 'statement', id] as const,
  list: (filters: DebtFilters & { page: number }) => ['debts', 'list', filters] as const,
  debt: (id: number) => ['debts', 'debt', id] as const,
  payments: (id: number) => ['debts', 'payments', id] as const,
  ageing: (filters: object) => ['debts', 'ageing', filters] as const,
};

/**
 * Other features' data that a debt or a payment moves: the user's balances and transactions (a
 * payment is a DEBT ledger row) and the dashboard's overdue debts. Features never import each
 * other (STYLE.md): money by the read layer's key, the reports by their key's first part.
 */
export const MOVED_ELSEWHERE = [moneyQueryKey, ['reports']] as const;
