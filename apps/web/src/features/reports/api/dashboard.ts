import { type Dashboard, DashboardSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

/** GET reports/dashboard/: the owner's figures for a period (DESIGN.md section 11). */
export function getDashboard(filters: ScopeFilters, signal?: AbortSignal): Promise<Dashboard> {
  return api.get('reports/dashboard/', { signal, query: { ...filters }, schema: DashboardSchema });
}

export function dashboardQueryOptions(filters: ScopeFilters) {
  return queryOptions({
    queryKey: reportKeys.dashboard(filters),
    queryFn: ({ signal }) => getDashboard(filters, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDashboard(filters: ScopeFilters) {
  return useQuery(dashboardQueryOptions(filters));
}
