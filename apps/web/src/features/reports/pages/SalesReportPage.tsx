import { formatMoneyFixed, formatPercent, SALES_GROUPS, SALES_ORDERINGS, type SalesRow } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type SortDirection, Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
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

const GROUPS: Record<SalesGroup, { option: MessageKey; column: MessageKey }> = {
  product: { option: 'reports.sales.group.product', column: 'reports.sales.column.product' },
  variant: { option: 'reports.sales.group.variant', column: 'reports.sales.column.variant' },
  department: { option: 'reports.sales.group.department', column: 'reports.sales.column.department' },
  day: { option: 'reports.sales.group.day', column: 'reports.sales.column.day' },
};

const CHART_SERIES: readonly { key: string; label: MessageKey; color: string }[] = [
  { key: 'revenue', label: 'reports.sales.chart.revenue', color: '#1d4ed8' },
  { key: 'margin', label: 'reports.sales.chart.margin', color: '#059669' },
];

const COLUMNS = 6;

function percent(value: string | null): string {
  return value === null ? '—' : formatPercent(value);
}

/**
 * /reports/sales (DESIGN.md section 11): revenue, FIFO cost and margin in UZS by product, variant,
 * department or day, sorted by the server, with the period's totals and a day-by-day chart.
 */
export function SalesReportPage() {
  const t = useT();
  const quantity = useQuantityText();
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
          label={t('reports.sales.groupBy')}
          className="w-full sm:w-48"
          value={groupBy}
          // The old ordering may name the other key column: start from the server's order.
          onChange={(e) => search.update({ group_by: e.target.value, ordering: null })}
          options={SALES_GROUPS.map((g) => ({ value: g, label: t(GROUPS[g].option) }))}
        />
      </ReportFilters>

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('reports.sales.chart.title')}</h2>
        {chart.isError ? (
          <ErrorMessage>{failureMessage(chart.error, t('reports.error.chart'))}</ErrorMessage>
        ) : (
          <LazyDayBarsChart
            label={t('reports.sales.chart.label')}
            series={CHART_SERIES.map((s) => ({ ...s, label: t(s.label) }))}
            points={(chart.data?.results ?? []).map((r) => ({
              day: r.key,
              values: { revenue: r.revenue_uzs, margin: r.margin_uzs },
            }))}
          />
        )}
      </Card>

      <section
        aria-label={t('reports.sales.tableLabel')}
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <ReportHeading
          title={t('reports.sales.title')}
          count={report.data?.count}
          onDownload={(format) => downloadReport('reports/sales/', filters, format, 'sotuvlar')}
        />
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, t('reports.error.report'))}</ErrorMessage>
        ) : null}
        <Table
          caption={t('reports.sales.title')}
          className={cn(REPORT_TABLE, report.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH {...sortable(keyColumn, 'asc')}>{t(GROUPS[groupBy].column)}</TH>
              <TH align="right" {...sortable('qty')}>
                {t('reports.sales.column.qty')}
              </TH>
              <TH align="right" {...sortable('revenue_uzs')}>
                {t('reports.sales.column.revenue')}
              </TH>
              <TH align="right" {...sortable('cogs_uzs')}>
                {t('reports.sales.column.cost')}
              </TH>
              <TH align="right" {...sortable('margin_uzs')}>
                {t('reports.sales.column.margin')}
              </TH>
              <TH align="right" {...sortable('margin_pct')}>
                {t('reports.sales.column.marginPct')}
              </TH>
            </tr>
          </THead>
          <TBody>
            {tableStatus(t, report.isPending, rows.length, COLUMNS) ??
              rows.map((row) => (
                <TR key={row.key} data-testid="report-row">
                  <TD className="font-medium text-slate-900">
                    {/* Wraps on a phone (a capped block), so the figures start on the first screen. */}
                    <span className="block w-36 break-words whitespace-normal sm:w-auto sm:max-w-md">
                      {label(row)}
                    </span>
                  </TD>
                  <TD numeric>{quantity(row.qty, row.unit)}</TD>
                  <TD numeric>{formatMoneyFixed(row.revenue_uzs)}</TD>
                  <TD numeric>{formatMoneyFixed(row.cogs_uzs)}</TD>
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
                <TD>{t('reports.table.total')}</TD>
                <TD numeric>{quantity(report.data.totals.qty, report.data.totals.unit)}</TD>
                <TD numeric>{formatMoneyFixed(report.data.totals.revenue_uzs)}</TD>
                <TD numeric>{formatMoneyFixed(report.data.totals.cogs_uzs)}</TD>
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
