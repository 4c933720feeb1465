import { type ENTRY_ORDERINGS, type StockEntry, type StockEntryCreate, StockEntrySchema } from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { DEBT_BOOK_KEY } from './counterparties.ts';
import { myBalanceQueryKey } from './my-balance.ts';

export type EntryOrdering = (typeof ENTRY_ORDERINGS)[number];

/**
 * GET inventory/stocks-entry/?ordering= (spec.md section 7; default -created_at), and
 * &location= for one location's rows (DESIGN.md section 10; '' for all).
 */
export function getStockEntries(
  ordering: EntryOrdering,
  location = '',
  signal?: AbortSignal,
): Promise<StockEntry[]> {
  return api.get('inventory/stocks-entry/', {
    query: location ? { ordering, location } : { ordering },
    signal,
    schema: z.array(StockEntrySchema),
  });
}

export const stockEntriesQueryKey = ['inventory', 'entries'] as const;

export function stockEntriesQueryOptions(ordering: EntryOrdering, location = '') {
  return queryOptions({
    queryKey: [...stockEntriesQueryKey, ordering, location],
    queryFn: ({ signal }) => getStockEntries(ordering, location, signal),
  });
}

export function useStockEntries(ordering: EntryOrdering, location = '') {
  return useQuery(stockEntriesQueryOptions(ordering, location));
}

/** POST inventory/stocks-entry/ with an Idempotency-Key per submit (DESIGN.md section 4). */
export function createStockEntry(body: StockEntryCreate): Promise<unknown> {
  return api.post('inventory/stocks-entry/', body, { idempotencyKey: true });
}

export function useCreateStockEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStockEntry,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: stockEntriesQueryKey }),
        client.invalidateQueries({ queryKey: myBalanceQueryKey }),
        // On credit it opened a debt (DESIGN.md section 12): the debt book's lists, by their key.
        client.invalidateQueries({ queryKey: DEBT_BOOK_KEY }),
      ]),
  });
}
