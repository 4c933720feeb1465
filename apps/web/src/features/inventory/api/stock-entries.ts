import { type ENTRY_ORDERINGS, type StockEntryCreate, StockEntryPageSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { DEBT_BOOK_KEY } from './counterparties.ts';
import { myBalanceQueryKey, stockEntriesQueryKey } from './keys.ts';

export type EntryOrdering = (typeof ENTRY_ORDERINGS)[number];

/**
 * GET inventory/stocks-entry/?ordering= (spec.md section 7), &location= for one location's rows (DESIGN.md
 * section 10; '' for all), one page of STOCK_LIST_PAGE_SIZE at a time (DESIGN.md section 16).
 */
export function getStockEntries(
  ordering: EntryOrdering,
  location: string,
  page: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof StockEntryPageSchema>> {
  return api.get('inventory/stocks-entry/', {
    query: location ? { ordering, location, page } : { ordering, page },
    signal,
    schema: StockEntryPageSchema,
  });
}

export function stockEntriesQueryOptions(ordering: EntryOrdering, location: string, page: number) {
  return queryOptions({
    queryKey: [...stockEntriesQueryKey, ordering, location, page],
    queryFn: ({ signal }) => getStockEntries(ordering, location, page, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStockEntries(ordering: EntryOrdering, location: string, page: number) {
  return useQuery(stockEntriesQueryOptions(ordering, location, page));
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
