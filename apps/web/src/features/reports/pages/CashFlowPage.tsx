import {
  CASH_FLOW_GROUPS,
  type CashFlowReport,
  type CashFlowRow,
  formatMoneyFixed,
  type TxType,
} from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TD } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import {
  type CashFlowFilters,
  type CashFlowGroup,
  useCashFlowChart,
  useCashFlowReport,
} from '../api/cash-flow.ts';
import { downloadReport } from '../api/download-report.ts';
import { useReportCurrencies } from '../api/lookups.ts';
import { LazyClosingLinesChart } from '../components/LazyCharts.tsx';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { SignedMoney } from '../components/ReportSection.tsx';
import { formatPeriod } from '../period.ts';
import { pickId, pickOption, pickPage } from '../report-params.ts';
import { type ReportSearch, useReportSearch } from '../use-report-search.ts';

const GROUP_LABELS: Record<CashFlowGroup, MessageKey> = {
  day: 'reports.cashFlow.group.day',
  week: 'reports.cashFlow.group.week',
  month: 'reports.cashFlow.group.month',
};

/** The ledger's transaction types as the History page names them. */
const TX_TYPE_LABELS: Record<TxType, MessageKey> = {
  EXCHANGE: 'reports.cashFlow.txType.exchange',
  OFFER: 'reports.cashFlow.txType.offer',
  EXTERNAL: 'reports.cashFlow.txType.external',
  ADJUSTMENT: 'reports.cashFlow.txType.adjustment',
  DEBT: 'reports.cashFlow.txType.debt',
  SALE: 'reports.cashFlow.txType.sale',
  PURCHASE: 'reports.cashFlow.txType.purchase',
  SHIFT_DIFF: 'reports.cashFlow.txType.shiftDiff',
};

/** One line per currency, its closing balance per period in date order (rows come sorted by period). */
function closingLines(rows: readonly CashFlowRow[], groupBy: CashFlowGroup, t: Translate) {
  const byCurrency = new Map<string, { period: string; closing: string; periodLabel: string }[]>();
  for (const r of rows) {
    const points = byCurrency.get(r.currency_code) ?? [];
    points.push({ period: r.period, closing: r.closing, periodLabel: formatPeriod(r.period, groupBy, t) });
    byCurrency.set(r.currency_code, points);
  }
  return [...byCurrency].map(([currency_code, points]) => ({ currency_code, points }));
}

/** The table's columns; the type column only when the rows are split by type. */
function cashFlowColumns(t: Translate, groupBy: CashFlowGroup, byType: boolean): ReportColumn<CashFlowRow>[] {
  const columns: (ReportColumn<CashFlowRow> | null)[] = [
    {
      key: 'period',
      label: t('reports.cashFlow.column.period'),
      sort: 'period',
      sortFirst: 'asc',
      className: 'font-medium text-slate-900',
      cell: (row) => formatPeriod(row.period, groupBy, t),
    },
    { key: 'currency', label: t('reports.cashFlow.currency'), cell: (row) => row.currency_code },
    byType
      ? {
          key: 'type',
          label: t('reports.cashFlow.column.type'),
          cell: (row) => (row.tx_type ? t(TX_TYPE_LABELS[row.tx_type]) : '—'),
        }
      : null,
    { key: 'in', label: t('reports.column.in'), ...MONEY, cell: (row) => formatMoneyFixed(row.inflow) },
    { key: 'out', label: t('reports.column.out'), ...MONEY, cell: (row) => formatMoneyFixed(row.outflow) },
    {
      key: 'net',
      label: t('reports.cashFlow.column.net'),
      ...MONEY,
      cell: (row) => <SignedMoney value={row.net} />,
    },
    {
      key: 'closing',
      label: t('reports.cashFlow.closing'),
      ...MONEY,
      className: 'font-medium text-slate-900',
      cell: (row) => formatMoneyFixed(row.closing),
    },
  ];
  return columns.filter((c) => c !== null);
}

const MONEY = { align: 'right', numeric: true } as const;

/** Per currency: the opening balance under "Total", then the period's sums and the closing balance. */
function CashFlowTotals({ data, byType }: { data: CashFlowReport; byType: boolean }) {
  const t = useT();
  return data.totals.map((total) => (
    <tr key={total.currency_code} data-testid="report-totals">
      <TD>
        {t('reports.table.total')}
        {/* Capped, so the opening balance wraps under its label rather than widen the column. */}
        <span className="block max-w-40 text-xs font-normal whitespace-normal text-slate-500">
          {t('reports.cashFlow.opening')}{' '}
          <span className="whitespace-nowrap tabular-nums">{formatMoneyFixed(total.opening)}</span>
        </span>
      </TD>
      <TD>{total.currency_code}</TD>
      {byType ? <TD /> : null}
      <TD numeric>{formatMoneyFixed(total.inflow)}</TD>
      <TD numeric>{formatMoneyFixed(total.outflow)}</TD>
      <TD numeric>
        <SignedMoney value={total.net} />
      </TD>
      <TD numeric>{formatMoneyFixed(total.closing)}</TD>
    </tr>
  ));
}

/** The report's own filters: the currency, the grouping, and the split by type. */
function CashFlowFilterFields({
  search,
  filters,
  byType,
}: {
  search: ReportSearch;
  filters: CashFlowFilters;
  byType: boolean;
}) {
  const t = useT();
  const currencies = useReportCurrencies();
  return (
    <>
      <Select
        label={t('reports.cashFlow.currency')}
        className="w-full sm:w-36"
        value={filters.currency === undefined ? '' : String(filters.currency)}
        onChange={(e) => search.update({ currency: e.target.value })}
        options={[
          { value: '', label: t('reports.cashFlow.allCurrencies') },
          ...(currencies.data ?? []).map((c) => ({ value: String(c.id), label: c.code })),
        ]}
      />
      <Select
        label={t('reports.cashFlow.groupBy')}
        className="w-full sm:w-36"
        value={filters.group_by}
        onChange={(e) => search.update({ group_by: e.target.value })}
        options={CASH_FLOW_GROUPS.map((g) => ({ value: g, label: t(GROUP_LABELS[g]) }))}
      />
      <Checkbox
        className="h-10"
        label={t('reports.cashFlow.byType')}
        checked={byType}
        onChange={(e) => search.update({ by_type: e.target.checked ? 'true' : null })}
      />
    </>
  );
}

/** The closing balance per currency, period by period. */
function ClosingChart({ filters }: { filters: CashFlowFilters }) {
  const t = useT();
  const chart = useCashFlowChart(filters);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{t('reports.cashFlow.closing')}</h2>
      {chart.isError ? (
        <ErrorMessage>{failureMessage(chart.error, t('reports.error.chart'))}</ErrorMessage>
      ) : (
        <LazyClosingLinesChart lines={closingLines(chart.data?.results ?? [], filters.group_by, t)} />
      )}
    </Card>
  );
}

/**
 * /reports/cash-flow (DESIGN.md section 11): money in and out per day, week or month and currency
 * (optionally split by transaction type), the net, the closing balance, and each currency's
 * opening and closing for the period.
 */
export function CashFlowPage() {
  const t = useT();
  const search = useReportSearch();
  const { params } = search;
  const currencies = useReportCurrencies();
  const groupBy = pickOption(params.get('group_by'), CASH_FLOW_GROUPS, 'day');
  const byType = params.get('by_type') === 'true';
  const ordering = pickOption(params.get('ordering'), ['period', '-period'] as const, 'period');
  const page = pickPage(params.get('page'));
  const filters: CashFlowFilters = {
    ...search.scope,
    currency: pickId(params.get('currency')),
    group_by: groupBy,
    by_type: byType ? 'true' : undefined,
    ordering,
  };
  const report = useCashFlowReport(filters, page);

  return (
    <ReportShell
      asOf={report.data?.data_as_of}
      search={search}
      filters={<CashFlowFilterFields search={search} filters={filters} byType={byType} />}
    >
      {currencies.isError ? <ErrorMessage>{t('reports.cashFlow.currenciesError')}</ErrorMessage> : null}
      <ClosingChart filters={filters} />
      <ReportTable
        search={search}
        label={t('reports.cashFlow.tableLabel')}
        title={t('reports.cashFlow.title')}
        query={report}
        page={page}
        ordering={ordering}
        columns={cashFlowColumns(t, groupBy, byType)}
        rowKey={(row) => `${row.period}-${row.currency_code}-${row.tx_type ?? ''}`}
        totals={(data) => <CashFlowTotals data={data} byType={byType} />}
        onDownload={(format) => downloadReport('reports/cash-flow/', filters, format, 'pul-oqimi')}
      />
    </ReportShell>
  );
}
