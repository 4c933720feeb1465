import { CASH_FLOW_GROUPS, type CashFlowRow, formatMoneyFixed, type TxType } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import {
  type CashFlowFilters,
  type CashFlowGroup,
  useCashFlowChart,
  useCashFlowReport,
} from '../api/cash-flow.ts';
import { downloadReport } from '../api/download-report.ts';
import { useReportCurrencies } from '../api/lookups.ts';
import { LazyClosingLinesChart } from '../components/LazyCharts.tsx';
import { ReportFilters } from '../components/ReportFilters.tsx';
import {
  REPORT_TABLE,
  ReportHeading,
  ReportPagination,
  SignedMoney,
  tableStatus,
} from '../components/ReportSection.tsx';
import { formatPeriod } from '../period.ts';
import { pickId, pickOption, pickPage, sortDirection, toggleOrdering } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

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
  const chart = useCashFlowChart(filters);
  const rows = report.data?.results ?? [];
  const columns = byType ? 7 : 6;

  return (
    <div className="space-y-5">
      <ReportFilters search={search}>
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
          value={groupBy}
          onChange={(e) => search.update({ group_by: e.target.value })}
          options={CASH_FLOW_GROUPS.map((g) => ({ value: g, label: t(GROUP_LABELS[g]) }))}
        />
        <Checkbox
          className="h-10"
          label={t('reports.cashFlow.byType')}
          checked={byType}
          onChange={(e) => search.update({ by_type: e.target.checked ? 'true' : null })}
        />
      </ReportFilters>
      {currencies.isError ? <ErrorMessage>{t('reports.cashFlow.currenciesError')}</ErrorMessage> : null}

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('reports.cashFlow.closing')}</h2>
        {chart.isError ? (
          <ErrorMessage>{failureMessage(chart.error, t('reports.error.chart'))}</ErrorMessage>
        ) : (
          <LazyClosingLinesChart lines={closingLines(chart.data?.results ?? [], groupBy, t)} />
        )}
      </Card>

      <section
        aria-label={t('reports.cashFlow.tableLabel')}
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <ReportHeading
          title={t('reports.cashFlow.title')}
          count={report.data?.count}
          onDownload={(format) => downloadReport('reports/cash-flow/', filters, format, 'pul-oqimi')}
        />
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, t('reports.error.report'))}</ErrorMessage>
        ) : null}
        <Table
          caption={t('reports.cashFlow.title')}
          className={cn(REPORT_TABLE, report.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH
                sorted={sortDirection(ordering, 'period')}
                onSort={() => search.update({ ordering: toggleOrdering(ordering, 'period', 'asc') })}
              >
                {t('reports.cashFlow.column.period')}
              </TH>
              <TH>{t('reports.cashFlow.currency')}</TH>
              {byType ? <TH>{t('reports.cashFlow.column.type')}</TH> : null}
              <TH align="right">{t('reports.column.in')}</TH>
              <TH align="right">{t('reports.column.out')}</TH>
              <TH align="right">{t('reports.cashFlow.column.net')}</TH>
              <TH align="right">{t('reports.cashFlow.closing')}</TH>
            </tr>
          </THead>
          <TBody>
            {tableStatus(t, report.isPending, rows.length, columns) ??
              rows.map((row) => (
                <TR key={`${row.period}-${row.currency_code}-${row.tx_type ?? ''}`} data-testid="report-row">
                  <TD className="font-medium text-slate-900">{formatPeriod(row.period, groupBy, t)}</TD>
                  <TD>{row.currency_code}</TD>
                  {byType ? <TD>{row.tx_type ? t(TX_TYPE_LABELS[row.tx_type]) : '—'}</TD> : null}
                  <TD numeric>{formatMoneyFixed(row.inflow)}</TD>
                  <TD numeric>{formatMoneyFixed(row.outflow)}</TD>
                  <TD numeric>
                    <SignedMoney value={row.net} />
                  </TD>
                  <TD numeric className="font-medium text-slate-900">
                    {formatMoneyFixed(row.closing)}
                  </TD>
                </TR>
              ))}
          </TBody>
          {report.data && rows.length > 0 ? (
            <TFoot>
              {report.data.totals.map((total) => (
                <tr key={total.currency_code} data-testid="report-totals">
                  <TD>
                    {t('reports.table.total')}
                    {/* Capped, so the opening balance wraps under its label rather than widen the column. */}
                    <span className="block max-w-40 text-xs font-normal whitespace-normal text-slate-500">
                      {t('reports.cashFlow.opening')}{' '}
                      <span className="whitespace-nowrap tabular-nums">
                        {formatMoneyFixed(total.opening)}
                      </span>
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
              ))}
            </TFoot>
          ) : null}
        </Table>
        <ReportPagination search={search} page={page} count={report.data?.count} busy={report.isFetching} />
      </section>
    </div>
  );
}
