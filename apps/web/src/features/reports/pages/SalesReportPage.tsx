import { formatMoney, formatQuantity, SALES_GROUPS, SALES_ORDERINGS, type SalesRow } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type SortDirection, Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { downloadReport } from '../api/download-report.ts';
import { type SalesFilters, type SalesGroup, useSalesByDay, useSalesReport } from '../api/sales.ts';
import { LazyDayBarsChart } from '../components/LazyCharts.tsx';
import { ReportFilters } from '../components/ReportFilters.tsx';
import {
  REPORT_TABLE,
  ReportHeading,
  ReportPagination,
  SignedMoney,
  tableStatus,
} from '../components/ReportSection.tsx';
import { formatDay } from '../period.ts';
import { pickOption, pickPage, sortDirection, toggleOrdering } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

const GROUPS: Record<SalesGroup, { option: string; column: string }> = {
  product: { option: "Mahsulot bo'yicha", column: 'Mahsulot' },
  variant: { option: "Variant bo'yicha", column: 'Variant' },
  department: { option: "Bo'lim bo'yicha", column: "Bo'lim" },
  day: { option: "Kun bo'yicha", column: 'Sana' },
};

const CHART_SERIES = [
  { key: 'revenue', label: 'Tushum', color: '#1d4ed8' },
  { key: 'margin', label: 'Marja', color: '#059669' },
];

const COLUMNS = 6;

function percent(value: string | null): string {
  return value === null ? '—' : `${value}%`;
}

/**
 * /reports/sales (DESIGN.md section 11): revenue, FIFO cost and margin in UZS by product, variant,
 * department or day, sorted by the server, with the period's totals and a day-by-day chart.
 */
export function SalesReportPage() {
  const search = useReportSearch();
  const { params } = search;
  const groupBy = pickOption(params.get('group_by'), SALES_GROUPS, 'product');
  const ordering = pickOption(params.get('ordering'), SALES_ORDERINGS, undefined);
  const page = pickPage(params.get('page'));
  const filters: SalesFilters = { ...search.scope, group_by: groupBy, ordering };
  const report = useSalesReport(filters, page);
  const chart = useSalesByDay(search.scope);
  const rows = report.data?.results ?? [];
  // Days sort by their key (the date); names by their label.
  const keyColumn = groupBy === 'day' ? 'key' : 'label';

  const sortable = (column: string, first: SortDirection = 'desc') => ({
    sorted: sortDirection(ordering, column),
    onSort: () => search.update({ ordering: toggleOrdering(ordering, column, first) }),
  });
  const label = (row: SalesRow) => (groupBy === 'day' ? formatDay(row.key) : row.label);

  return (
    <div className="space-y-5">
      <ReportFilters search={search}>
        <Select
          label="Guruhlash"
          className="w-full sm:w-48"
          value={groupBy}
          // The old ordering may name the other key column: start from the server's order.
          onChange={(e) => search.update({ group_by: e.target.value, ordering: null })}
          options={SALES_GROUPS.map((g) => ({ value: g, label: GROUPS[g].option }))}
        />
      </ReportFilters>

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Kunlik tushum va marja (UZS)</h2>
        {chart.isError ? (
          <ErrorMessage>{failureMessage(chart.error, "Grafikni yuklab bo'lmadi.")}</ErrorMessage>
        ) : (
          <LazyDayBarsChart
            label="Kunlik tushum va marja, UZS"
            series={CHART_SERIES}
            points={(chart.data?.results ?? []).map((r) => ({
              day: r.key,
              values: { revenue: r.revenue_uzs, margin: r.margin_uzs },
            }))}
          />
        )}
      </Card>

      <section
        aria-label="Sotuvlar jadvali"
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <ReportHeading
          title="Sotuvlar"
          count={report.data?.count}
          onDownload={(format) => downloadReport('reports/sales/', filters, format, 'sotuvlar')}
        />
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, "Hisobotni yuklab bo'lmadi.")}</ErrorMessage>
        ) : null}
        <Table
          caption="Sotuvlar"
          className={cn(REPORT_TABLE, report.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH {...sortable(keyColumn, 'asc')}>{GROUPS[groupBy].column}</TH>
              <TH align="right" {...sortable('qty')}>
                Miqdor
              </TH>
              <TH align="right" {...sortable('revenue_uzs')}>
                Tushum (UZS)
              </TH>
              <TH align="right" {...sortable('cogs_uzs')}>
                Tannarx (UZS)
              </TH>
              <TH align="right" {...sortable('margin_uzs')}>
                Marja (UZS)
              </TH>
              <TH align="right" {...sortable('margin_pct')}>
                Marja %
              </TH>
            </tr>
          </THead>
          <TBody>
            {tableStatus(report.isPending, rows.length, COLUMNS) ??
              rows.map((row) => (
                <TR key={row.key} data-testid="report-row">
                  <TD className="font-medium text-slate-900">
                    {/* Wraps on a phone (a capped block), so the figures start on the first screen. */}
                    <span className="block w-36 break-words whitespace-normal sm:w-auto sm:max-w-md">
                      {label(row)}
                    </span>
                  </TD>
                  <TD numeric>{formatQuantity(row.qty)}</TD>
                  <TD numeric>{formatMoney(row.revenue_uzs)}</TD>
                  <TD numeric>{formatMoney(row.cogs_uzs)}</TD>
                  <TD numeric>
                    <SignedMoney value={row.margin_uzs} />
                  </TD>
                  <TD numeric>{percent(row.margin_pct)}</TD>
                </TR>
              ))}
          </TBody>
          {report.data && rows.length > 0 ? (
            <TFoot>
              <tr data-testid="report-totals">
                <TD>Jami</TD>
                <TD numeric>{formatQuantity(report.data.totals.qty)}</TD>
                <TD numeric>{formatMoney(report.data.totals.revenue_uzs)}</TD>
                <TD numeric>{formatMoney(report.data.totals.cogs_uzs)}</TD>
                <TD numeric>
                  <SignedMoney value={report.data.totals.margin_uzs} />
                </TD>
                <TD numeric>{percent(report.data.totals.margin_pct)}</TD>
              </tr>
            </TFoot>
          ) : null}
        </Table>
        <ReportPagination search={search} page={page} count={report.data?.count} busy={report.isFetching} />
      </section>
    </div>
  );
}
