import { type TransitLossesReport, TransitLossesReportSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

/** GET reports/transit-losses/ (DESIGN.md section 20): the losses of transfers received short. */
export function getTransitLossesReport(
  filters: ScopeFilters,
  page: number,
  signal?: AbortSignal,
): Promise<TransitLossesReport> {
  return api.get('reports/transit-losses/', {
    signal,
    query: { ...filters, page },
    schema: TransitLossesReportSchema,
  });
}

export function transitLossesQueryOptions(filters: ScopeFilters, page: number) {
  return queryOptions({
    queryKey: reportKeys.transitLosses({ ...filters, page }),
    queryFn: ({ signal }) => getTransitLossesReport(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTransitLossesReport(filters: ScopeFilters, page: number) {
  return useQuery(transitLossesQueryOptions(filters, page));
}
