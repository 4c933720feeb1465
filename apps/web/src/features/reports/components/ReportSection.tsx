import { formatMoneyFixed, REPORT_PAGE_SIZE } from '@app/shared';
import type { ReactNode } from 'react';
import { DownloadButtons } from '../../../components/DownloadButtons.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { TableMessageRow } from '../../../components/ui/Table.tsx';
import { type Translate, useT } from '../../../i18n/useT.ts';
import type { FileFormat } from '../api/download-report.ts';
import { isNegative } from '../figures.ts';
import type { ReportSearch } from '../use-report-search.ts';

/** Classes for a report's <Table>: tighter cells than the default, so the figures fit at 1280 px. */
export const REPORT_TABLE = '[&_td]:px-3 [&_th]:px-3';

/** The report's name, its row count, and the three downloads. */
export function ReportHeading({
  title,
  count,
  onDownload,
}: {
  title: string;
  count: number | undefined;
  onDownload: (format: FileFormat) => Promise<void>;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {count === undefined ? null : (
          <p className="text-sm text-slate-500">{t('reports.table.rowCount', { count })}</p>
        )}
      </div>
      <DownloadButtons onDownload={onDownload} />
    </div>
  );
}

/** The body's loading or empty row, or null when there are rows to show (texts from `t`). */
export function tableStatus(t: Translate, isPending: boolean, rowCount: number, colSpan: number): ReactNode {
  if (isPending) {
    return (
      <TableMessageRow colSpan={colSpan}>
        <LoadingText className="justify-center">{t('reports.loading')}</LoadingText>
      </TableMessageRow>
    );
  }
  if (rowCount === 0) return <TableMessageRow colSpan={colSpan}>{t('reports.table.noData')}</TableMessageRow>;
  return null;
}

/** Pages of 50 (REPORT_PAGE_SIZE), the page kept in the URL. */
export function ReportPagination({
  search,
  page,
  count,
  busy,
}: {
  search: ReportSearch;
  page: number;
  count: number | undefined;
  busy: boolean;
}) {
  const totalPages = count === undefined ? 0 : Math.max(1, Math.ceil(count / REPORT_PAGE_SIZE));
  if (totalPages <= 1) return null;
  return (
    <Pagination
      page={page}
      totalPages={totalPages}
      onPageChange={(next) => search.update({ page: String(next) })}
      disabled={busy}
    />
  );
}

/** An amount that may be below zero (a net outflow, a loss): red when it is. */
export function SignedMoney({ value }: { value: string }) {
  return <span className={isNegative(value) ? 'text-red-700' : undefined}>{formatMoneyFixed(value)}</span>;
}
