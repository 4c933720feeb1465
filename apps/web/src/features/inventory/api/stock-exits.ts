import { type EXIT_ORDERINGS, type StockExit, type StockExitCreate, StockExitSchema } from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { DEBT_BOOK_KEY } from './counterparties.ts';
import { myBalanceQueryKey } from './my-balance.ts';

export type ExitOrdering = (typeof EXIT_ORDERINGS)[number];

/** GET inventory/stocks-exit/?ordering= (spec.md section 7), and &location= (DESIGN.md section 10). */
export function getStockExits(
  ordering: ExitOrdering,
  location = '',
  signal?: AbortSignal,
): Promise<StockExit[]> {
  return api.get('inventory/stocks-exit/', {
    query: location ? { ordering, location } : { ordering },
    signal,
    schema: z.array(StockExitSchema),
  });
}

export const stockExitsQueryKey = ['inventory', 'exits'] as const;

export function stockExitsQueryOptions(ordering: ExitOrdering, location = '') {
  return queryOptions({
    queryKey: [...stockExitsQueryKey, ordering, location],
    queryFn: ({ signal }) => getStockExits(ordering, location, signal),
  });
}

export function useStockExits(ordering: ExitOrdering, location = '') {
  return useQuery(stockExitsQueryOptions(ordering, location));
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
