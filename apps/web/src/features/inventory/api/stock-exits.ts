import { type EXIT_ORDERINGS, type StockExitCreate, StockExitPageSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { DEBT_BOOK_KEY } from './counterparties.ts';
import { myBalanceQueryKey, stockExitsQueryKey } from './keys.ts';

export type ExitOrdering = (typeof EXIT_ORDERINGS)[number];

/**
 * GET inventory/stocks-exit/?ordering= (spec.md section 7), &location= for one location's rows (DESIGN.md
 * section 10; '' for all), one page of STOCK_LIST_PAGE_SIZE at a time (DESIGN.md section 16).
 */
export function getStockExits(
  ordering: ExitOrdering,
  location: string,
  page: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof StockExitPageSchema>> {
  return api.get('inventory/stocks-exit/', {
    query: location ? { ordering, location, page } : { ordering, page },
    signal,
    schema: StockExitPageSchema,
  });
}

export function stockExitsQueryOptions(ordering: ExitOrdering, location: string, page: number) {
  return queryOptions({
    queryKey: [...stockExitsQueryKey, ordering, location, page],
    queryFn: ({ signal }) => getStockExits(ordering, location, page, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStockExits(ordering: ExitOrdering, location: string, page: number) {
  return useQuery(stockExitsQueryOptions(ordering, location, page));
}

/** POST inventory/stocks-exit/ with an Idempotency-Key per submit (DESIGN.md section 4). */
export function createStockExit(body: StockExitCreate): Promise<unknown> {
  return api.post('inventory/stocks-exit/', body, { idempotencyKey: true });
}

export function useCreateStockExit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStockExit,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: stockExitsQueryKey }),
        client.invalidateQueries({ queryKey: myBalanceQueryKey }),
        // On credit it opened a debt (DESIGN.md section 12): the debt book's lists, by their key.
        client.invalidateQueries({ queryKey: DEBT_BOOK_KEY }),
      ]),
  });
}
