import { type StockMovementReport, StockMovementReportSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

export interface StockMovementFilters extends ScopeFilters {
  variant?: number | undefined;
  /** One of STOCK_MOVEMENT_ORDERINGS; undefined = the server's order. */
  ordering?: string | undefined;
}

/** GET reports/stock-movement/: per variant, opening + in - out = closing, and the closing value. */
export function getStockMovementReport(
  filters: StockMovementFilters,
  page: number,
  signal?: AbortSignal,
): Promise<StockMovementReport> {
  return api.get('reports/stock-movement/', {
    signal,
    query: { ...filters, page },
    schema: StockMovementReportSchema,
  });
}

export function stockMovementQueryOptions(filters: StockMovementFilters, page: number) {
  return queryOptions({
    queryKey: reportKeys.stockMovement({ ...filters, page }),
    queryFn: ({ signal }) => getStockMovementReport(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useStockMovementReport(filters: StockMovementFilters, page: number) {
  return useQuery(stockMovementQueryOptions(filters, page));
}
