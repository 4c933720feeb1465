import type { FileFormat } from '../../../components/DownloadButtons.tsx';
import { downloadFile } from '../../../lib/api-client.ts';

export type { FileFormat };

type ReportPath =
  | 'reports/sales/'
  | 'reports/stock-movement/'
  | 'reports/cash-flow/'
  | 'reports/transit-losses/'
  | 'reports/production/'
  | 'reports/losses/';

/**
 * GET reports/…/?format=csv|xlsx|pdf with the page's filters (DESIGN.md section 11): every row
 * of the report as a file, named by the server's Content-Disposition (`fallbackName` otherwise).
 */
export function downloadReport(
  path: ReportPath,
  filters: object,
  format: FileFormat,
  fallbackName: string,
): Promise<void> {
  return downloadFile(
    path,
    { ...(filters as Record<string, string | number | undefined>), format },
    `${fallbackName}.${format}`,
  );
}
