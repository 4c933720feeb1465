import {
  type CASH_FLOW_GROUPS,
  type CashFlowReport,
  CashFlowReportSchema,
  REPORT_PAGE_SIZE_MAX,
} from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

export type CashFlowGroup = (typeof CASH_FLOW_GROUPS)[number];

export interface CashFlowFilters extends ScopeFilters {
  /** A currency id; undefined = every currency. */
  currency?: number | undefined;
  group_by: CashFlowGroup;
  /** Split each row by transaction type; sent only when true. */
  by_type?: 'true' | undefined;
  ordering: 'period' | '-period';
}

/** GET reports/cash-flow/: money in and out per period and currency, with the closing balance. */
export function getCashFlowReport(
  filters: CashFlowFilters,
  page: number,
  pageSize?: number,
  signal?: AbortSignal,
): Promise<CashFlowReport> {
  return api.get('reports/cash-flow/', {
    signal,
    query: { ...filters, page, page_size: pageSize },
    schema: CashFlowReportSchema,
  });
}

export function cashFlowQueryOptions(filters: CashFlowFilters, page: number) {
  return queryOptions({
    queryKey: reportKeys.cashFlow({ ...filters, page }),
    queryFn: ({ signal }) => getCashFlowReport(filters, page, undefined, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCashFlowReport(filters: CashFlowFilters, page: number) {
  return useQuery(cashFlowQueryOptions(filters, page));
}

/** The closing balances of every period in order, unsplit, for the chart (at most 1,000 rows). */
export function useCashFlowChart(filters: CashFlowFilters) {
  const chart: CashFlowFilters = { ...filters, by_type: undefined, ordering: 'period' };
  return useQuery({
    queryKey: reportKeys.cashFlow({ ...chart, chart: true }),
    queryFn: ({ signal }) => getCashFlowReport(chart, 1, REPORT_PAGE_SIZE_MAX, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
