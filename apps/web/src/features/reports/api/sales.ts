import { REPORT_PAGE_SIZE_MAX, type SALES_GROUPS, type SalesReport, SalesReportSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

export type SalesGroup = (typeof SALES_GROUPS)[number];

export interface SalesFilters extends ScopeFilters {
  group_by: SalesGroup;
  /** One of SALES_ORDERINGS; undefined = the server's order. */
  ordering?: string | undefined;
}

/** GET reports/sales/: one page (50 rows, or `pageSize`) of revenue, cost and margin. */
export function getSalesReport(
  filters: SalesFilters,
  page: number,
  pageSize?: number,
  signal?: AbortSignal,
): Promise<SalesReport> {
  return api.get('reports/sales/', {
    signal,
    query: { ...filters, page, page_size: pageSize },
    schema: SalesReportSchema,
  });
}

export function salesQueryOptions(filters: SalesFilters, page: number) {
  return queryOptions({
    queryKey: reportKeys.sales({ ...filters, page }),
    queryFn: ({ signal }) => getSalesReport(filters, page, undefined, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSalesReport(filters: SalesFilters, page: number) {
  return useQuery(salesQueryOptions(filters, page));
}

/** Every day of the period in date order, for the chart (at most 1,000: the server's page limit). */
export function useSalesByDay(scope: ScopeFilters) {
  const filters: SalesFilters = { ...scope, group_by: 'day', ordering: 'key' };
  return useQuery({
    queryKey: reportKeys.sales({ ...filters, chart: true }),
    queryFn: ({ signal }) => getSalesReport(filters, 1, REPORT_PAGE_SIZE_MAX, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
