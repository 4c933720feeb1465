import type { ReactNode } from 'react';
import { DataAsOfNotice } from '../../../components/DataAsOfNotice.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { type SortDirection, Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { FileFormat } from '../api/download-report.ts';
import { sortDirection, toggleOrdering } from '../report-params.ts';
import type { ReportSearch } from '../use-report-search.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { REPORT_TABLE, ReportHeading, ReportPagination, tableStatus } from './ReportSection.tsx';

// The report pages' one shell (DESIGN.md section 15): the shared filters and the report's own,
// what sits above the table (a chart), and the table with its heading, downloads, loading, error,
// empty state, totals and pages. Each report configures it with its columns (DESIGN.md section 11).

/** The page: its optional header, the filters (the shared ones and `filters`), then the body. */
export function ReportShell({
  search,
  header,
  filters,
  asOf,
  className = 'space-y-5',
  children,
}: {
  search: ReportSearch;
  header?: ReactNode;
  filters?: ReactNode;
  /** The answer's `data_as_of`: set, the page says first how old its figures are (DESIGN.md section 24). */
  asOf?: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {header}
      <DataAsOfNotice asOf={asOf} />
      <ReportFilters search={search}>{filters}</ReportFilters>
      {children}
    </div>
  );
}

/** One column of a report's table: its header, and its cell in a row. */
export interface ReportColumn<R> {
  key: string;
  label: string;
  align?: 'right';
  /** The header's hint (what the figure means). */
  title?: string;
  /** The server's ordering field, and which way a first click sorts it (descending unless said). */
  sort?: string;
  sortFirst?: SortDirection;
  numeric?: boolean;
  className?: string;
  cell: (row: R) => ReactNode;
}

/** The report's query as the table reads it (TanStack Query's result, keeping the previous page). */
export interface ReportQuery<D extends { count: number; results: readonly unknown[] }> {
  data: D | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

export interface ReportTableProps<D extends { count: number; results: readonly unknown[] }> {
  search: ReportSearch;
  /** The table's region label and the report's title. */
  label: string;
  title: string;
  query: ReportQuery<D>;
  page: number;
  ordering: string | undefined;
  columns: readonly ReportColumn<D['results'][number]>[];
  rowKey: (row: D['results'][number]) => string | number;
  /** The totals rows, shown under rows. */
  totals: (data: D) => ReactNode;
  onDownload: (format: FileFormat) => Promise<void>;
}

export function ReportTable<D extends { count: number; results: readonly unknown[] }>(
  props: ReportTableProps<D>,
) {
  const { search, query, page } = props;
  const t = useT();
  const rows = query.data?.results ?? [];
  return (
    <section
      aria-label={props.label}
      aria-busy={query.isFetching}
      data-testid="report-table"
      className="space-y-3"
    >
      <ReportHeading title={props.title} count={query.data?.count} onDownload={props.onDownload} />
      {query.isError ? (
        <ErrorMessage>{failureMessage(query.error, t('reports.error.report'))}</ErrorMessage>
      ) : null}
      <Table
        caption={props.title}
        className={cn(REPORT_TABLE, query.isPlaceholderData && 'opacity-60 transition-opacity')}
      >
        <THead>
          <tr>
            {props.columns.map((column) => (
              <TH
                key={column.key}
                align={column.align}
                title={column.title}
                {...(column.sort
                  ? {
                      sorted: sortDirection(props.ordering, column.sort),
                      onSort: () =>
                        search.update({
                          ordering: toggleOrdering(
                            props.ordering,
                            column.sort ?? '',
                            column.sortFirst ?? 'desc',
                          ),
                        }),
                    }
                  : {})}
              >
                {column.label}
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {tableStatus(t, query.isPending, rows.length, props.columns.length) ??
            rows.map((row) => (
              <TR key={props.rowKey(row)} data-testid="report-row">
                {props.columns.map((column) => (
                  <TD key={column.key} numeric={column.numeric} className={column.className}>
                    {column.cell(row)}
                  </TD>
                ))}
              </TR>
            ))}
        </TBody>
        {query.data && rows.length > 0 ? <TFoot>{props.totals(query.data)}</TFoot> : null}
      </Table>
      <ReportPagination search={search} page={page} count={query.data?.count} busy={query.isFetching} />
    </section>
  );
}
