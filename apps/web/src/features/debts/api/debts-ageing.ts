import { type DebtDirection, type DebtsAgeing, DebtsAgeingSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FileFormat } from '../../../components/DownloadButtons.tsx';
import { api, downloadFile } from '../../../lib/api-client.ts';
import { debtKeys } from './keys.ts';

export interface AgeingFilters {
  direction: DebtDirection;
  /** A department (user id); only the roles that see every debt send one. */
  department?: number | undefined;
}

/** GET reports/debts-ageing/: what remains open per counterparty and currency by days past due. */
export function getDebtsAgeing(
  filters: AgeingFilters,
  page: number,
  signal?: AbortSignal,
): Promise<DebtsAgeing> {
  return api.get('reports/debts-ageing/', { signal, query: { ...filters, page }, schema: DebtsAgeingSchema });
}

export function useDebtsAgeing(filters: AgeingFilters, page: number) {
  return useQuery({
    queryKey: debtKeys.ageing({ ...filters, page }),
    queryFn: ({ signal }) => getDebtsAgeing(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same rows as a file (format=csv|xlsx|pdf), named by the server's Content-Disposition. */
export function downloadDebtsAgeing(filters: AgeingFilters, format: FileFormat): Promise<void> {
  return downloadFile(
    'reports/debts-ageing/',
    { ...filters, format },
    `qarzlar-${filters.direction}.${format}`,
  );
}
