import { type LossesReport, LossesReportSchema, type LossKind } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

/** The period and department, and one kind of loss or all. */
export interface LossesFilters extends ScopeFilters {
  kind?: LossKind | undefined;
}

/** GET reports/losses/ (DESIGN.md section 22): shift differences, transit losses and count variances. */
export function getLossesReport(
  filters: LossesFilters,
  page: number,
  signal?: AbortSignal,
): Promise<LossesReport> {
  return api.get('reports/losses/', {
    signal,
    query: { ...filters, page },
    schema: LossesReportSchema,
  });
}

export function lossesQueryOptions(filters: LossesFilters, page: number) {
  return queryOptions({
    queryKey: reportKeys.losses({ ...filters, page }),
    queryFn: ({ signal }) => getLossesReport(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useLossesReport(filters: LossesFilters, page: number) {
  return useQuery(lossesQueryOptions(filters, page));
}
