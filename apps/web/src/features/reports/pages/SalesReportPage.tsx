import {
  formatMoneyFixed,
  formatPercent,
  SALES_GROUPS,
  SALES_ORDERINGS,
  type SalesReport,
  type SalesRow,
} from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TD } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { downloadReport } from '../api/download-report.ts';
import { type SalesFilters, type SalesGroup, useSalesByDay, useSalesReport } from '../api/sales.ts';
import { LazyDayBarsChart } from '../components/LazyCharts.tsx';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { SignedMoney } from '../components/ReportSection.tsx';
import { formatDay } from '../period.ts';
import { pickOption, pickPage } from '../report-params.ts';
import { type ReportSearch, useReportSearch } from '../use-report-search.ts';

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

function percent(value: string | null): string {
  return value === null ? '—' : formatPercent(value);
}

const FIGURE = { align: 'right', numeric: true } as const;

/** The key column (a product, variant, department or day), then the figures, all sortable. */
function salesColumns(
  t: Translate,
  quantity: ReturnType<typeof useQuantityText>,
  groupBy: SalesGroup,
): ReportColumn<SalesRow>[] {
  const money = (key: 'revenue_uzs' | 'cogs_uzs') => (row: SalesRow) => formatMoneyFixed(row[key]);
  return [
    {
      key: 'key',
      label: t(GROUPS[groupBy].column),
      // Days sort by their key (the date); names by their label.
      sort: groupBy === 'day' ? 'key' : 'label',
      sortFirst: 'asc',
      className: 'font-medium text-slate-900',
      cell: (row) => (
        // Wraps on a phone (a capped block), so the figures start on the first screen.
        <span className="block w-36 break-words whitespace-normal sm:w-auto sm:max-w-md">
          {groupBy === 'day' ? formatDay(row.key) : row.label}
        </span>
      ),
    },
    {
      key: 'qty',
      label: t('reports.sales.column.qty'),
      sort: 'qty',
      ...FIGURE,
      cell: (row) => quantity(row.qty, row.unit),
    },
    {
      key: 'revenue',
      label: t('reports.sales.column.revenue'),
      sort: 'revenue_uzs',
      ...FIGURE,
      cell: money('revenue_uzs'),
    },
    {
      key: 'cost',
      label: t('reports.sales.column.cost'),
      sort: 'cogs_uzs',
      ...FIGURE,
      cell: money('cogs_uzs'),
    },
    {
      key: 'margin',
      label: t('reports.sales.column.margin'),
      sort: 'margin_uzs',
      ...FIGURE,
      cell: (row) => <SignedMoney value={row.margin_uzs} />,
    },
    {
      key: 'marginPct',
      label: t('reports.sales.column.marginPct'),
      sort: 'margin_pct',
      ...FIGURE,
      cell: (row) => percent(row.margin_pct),
    },
  ];
}

/** The period's totals; the quantity only when every row has the same unit (DESIGN.md section 16). */
function SalesTotals({ totals }: { totals: SalesReport['totals'] }) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <tr data-testid="report-totals">
      <TD>{t('reports.table.total')}</TD>
      <TD numeric>{quantity(totals.qty, totals.unit)}</TD>
      <TD numeric>{formatMoneyFixed(totals.revenue_uzs)}</TD>
      <TD numeric>{formatMoneyFixed(totals.cogs_uzs)}</TD>
      <TD numeric>
        <SignedMoney value={totals.margin_uzs} />
      </TD>
      <TD numeric>{percent(totals.margin_pct)}</TD>
    </tr>
  );
}

/** Revenue and margin day by day over the period. */
function SalesChart({ scope }: { scope: ReportSearch['scope'] }) {
  const t = useT();
  const chart = useSalesByDay(scope);
  return (
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
  );
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

  const groupSelect = (
    <Select
      label={t('reports.sales.groupBy')}
      className="w-full sm:w-48"
      value={groupBy}
      // The old ordering may name the other key column: start from the server's order.
      onChange={(e) => search.update({ group_by: e.target.value, ordering: null })}
      options={SALES_GROUPS.map((g) => ({ value: g, label: t(GROUPS[g].option) }))}
    />
  );
  return (
    <ReportShell asOf={report.data?.data_as_of} search={search} filters={groupSelect}>
      <SalesChart scope={search.scope} />
      <ReportTable
        search={search}
        label={t('reports.sales.tableLabel')}
        title={t('reports.sales.title')}
        query={report}
        page={page}
        ordering={ordering}
        columns={salesColumns(t, quantity, groupBy)}
        rowKey={(row) => row.key}
        totals={(data) => <SalesTotals totals={data.totals} />}
        onDownload={(format) => downloadReport('reports/sales/', filters, format, 'sotuvlar')}
      />
    </ReportShell>
  );
}
