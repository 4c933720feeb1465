import type { DocumentKind } from '@app/shared';
import { debtBookQueryKey } from '../../../api/counterparties.ts';
import { moneyQueryKey } from '../../../api/currencies.ts';
import type { DocumentFilters } from '../lib/list-params.ts';

// Query keys of the documents (DESIGN.md section 19), in one place: every list and card sits under
// documentKeys.all, so a write or a live `document` event refreshes them at once.
export const documentKeys = {
  all: ['documents'] as const,
  kind: (kind: DocumentKind) => ['documents', kind] as const,
  list: (kind: DocumentKind, filters: DocumentFilters & { page: number }) =>
    ['documents', kind, 'list', filters] as const,
  one: (kind: DocumentKind, id: number) => ['documents', kind, 'one', id] as const,
  prices: (variant: number) => ['documents', 'prices', variant] as const,
};

/**
 * What posting or reversing a document moves elsewhere: balances (SALE and PURCHASE money rows),
 * the debt book, stock (the inventory's keys start with 'inventory') and the reports. Features
 * never import each other (STYLE.md): by the read layer's keys and the others' first part.
 */
export const MOVED_BY_POSTING = [moneyQueryKey, debtBookQueryKey, ['inventory'], ['reports']] as const;
