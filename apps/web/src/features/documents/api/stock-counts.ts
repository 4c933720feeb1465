import type {
  Document,
  StockCountCounted,
  StockCountCreate,
  StockCountVarianceLine,
  StockCountVariances,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { STOCK_COUNT_KIND } from '../kinds.ts';
import { documentKeys, MOVED_BY_POSTING } from './keys.ts';

// A stock count's own calls (DESIGN.md section 20) beside the documents' shell (documents.ts):
// its start, its variances, counted quantities typed and scanned.

const base = STOCK_COUNT_KIND.api;
const variancesKey = (id: number) => [...documentKeys.one('STOCK_COUNT', id), 'variances'] as const;

/** GET api/stock-counts/{id}/variances/: every line's variance and value, and the totals. */
export function useVariances(id: number | undefined) {
  return useQuery({
    queryKey: variancesKey(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(`${base}/${id}/variances/`, { signal, schema: (s) => s.StockCountVariancesSchema }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** POST api/stock-counts/: a new count of a scope (the balances at this moment). */
export function useStartCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockCountCreate): Promise<Document> =>
      api.post(`${base}/`, body, { schema: (s) => s.DocumentSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.kind('STOCK_COUNT') }),
  });
}

/** PUT api/stock-counts/{id}/counted/: counted quantities typed per line. */
export function useSetCounted(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: StockCountCounted['lines']): Promise<StockCountVariances> =>
      api.put(`${base}/${id}/counted/`, { lines }, { schema: (s) => s.StockCountVariancesSchema }),
    onSuccess: (answer) => client.setQueryData(variancesKey(id), answer),
  });
}

/** POST api/stock-counts/{id}/scan/: one more of the code's variant (its key: counted once if sent again). */
export function useScan(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }): Promise<StockCountVarianceLine> =>
      api.post(
        `${base}/${id}/scan/`,
        { code },
        { idempotencyKey: key, schema: (s) => s.StockCountVarianceLineSchema },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: variancesKey(id) }),
  });
}

/** After posting or reversing a count: the stock it moved. */
export function useRefreshMoved() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentKeys.all }),
      ...MOVED_BY_POSTING.map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
}
