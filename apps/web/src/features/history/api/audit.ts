import { type AuditPage, AuditPageSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

/** The History page's filters as the API takes them (DESIGN.md section 10); '' means none. */
export interface HistoryFilters {
  actor: string;
  action: string;
  entity: string;
  date_from: string;
  date_to: string;
  search: string;
}

export const NO_FILTERS: HistoryFilters = {
  actor: '',
  action: '',
  entity: '',
  date_from: '',
  date_to: '',
  search: '',
};

/** GET audit/: 50 a page, newest first. */
export function historyQueryOptions(filters: HistoryFilters, page: number) {
  return queryOptions({
    queryKey: ['history', filters, page] as const,
    queryFn: ({ signal }): Promise<AuditPage> =>
      api.get('audit/', { signal, query: { ...filters, page }, schema: AuditPageSchema }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useHistory(filters: HistoryFilters, page: number) {
  return useQuery(historyQueryOptions(filters, page));
}

/** GET audit/?format=csv with the same filters: every matching row, as a file. */
export function downloadHistoryCsv(filters: HistoryFilters): Promise<void> {
  return downloadFile('audit/', { ...filters, format: 'csv' }, 'tarix.csv');
}
