import type { CounterpartyFilters, DebtFilters } from '../debt-params.ts';

// Query keys of the debts feature, in one place. Everything the debt book shows sits under
// ['debts'], so a new debt or a payment refreshes every list, card and report of it at once.
export const debtKeys = {
  all: ['debts'] as const,
  counterparties: (filters: CounterpartyFilters & { page: number }) =>
    ['debts', 'counterparties', filters] as const,
  counterpartyLists: ['debts', 'counterparties'] as const,
  counterparty: (id: number) => ['debts', 'counterparty', id] as const,
  statement: (id: number) => ['debts', 'statement', id] as const,
  list: (filters: DebtFilters & { page: number }) => ['debts', 'list', filters] as const,
  debt: (id: number) => ['debts', 'debt', id] as const,
  payments: (id: number) => ['debts', 'payments', id] as const,
  ageing: (filters: object) => ['debts', 'ageing', filters] as const,
};

/** The pickers' choices: not debt data, so a payment does not reload them. */
export const lookupKeys = {
  departments: ['debts-lookups', 'departments'] as const,
  currencies: ['debts-lookups', 'currencies'] as const,
};

/**
 * Other features' data that a debt or a payment moves: the user's balances and transactions (a
 * payment is a DEBT ledger row) and the dashboard's overdue debts. Features never import each
 * other (STYLE.md), so they are named by their keys' first part.
 */
export const MOVED_ELSEWHERE = [['finance'], ['reports']] as const;
