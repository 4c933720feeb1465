import { CASH_FLOW_GROUPS, type CashFlowRow, formatMoney, type TxType } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
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

const GROUP_LABELS: Record<CashFlowGroup, string> = { day: 'Kunlik', week: 'Haftalik', month: 'Oylik' };

/** The ledger's transaction types as the History page names them. */
const TX_TYPE_LABELS: Record<TxType, string> = {
  EXCHANGE: 'Almashtirish',
  OFFER: 'Taklif',
  EXTERNAL: 'Tashqi',
  ADJUSTMENT: 'Tuzatish',
  DEBT: 'Qarz',
};

/** One line per currency, its closing balance per period in date order (rows come sorted by period). */
function closingLines(rows: readonly CashFlowRow[], groupBy: CashFlowGroup) {
  const byCurrency = new Map<string, { period: string; closing: string; periodLabel: string }[]>();
  for (const r of rows) {
    const points = byCurrency.get(r.currency_code) ?? [];
    points.push({ period: r.period, closing: r.closing, periodLabel: formatPeriod(r.period, groupBy) });
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
          label="Valyuta"
          className="w-full sm:w-36"
          value={filters.currency === undefined ? '' : String(filters.currency)}
          onChange={(e) => search.update({ currency: e.target.value })}
          options={[
            { value: '', label: 'Hammasi' },
            ...(currencies.data ?? []).map((c) => ({ value: String(c.id), label: c.code })),
          ]}
        />
        <Select
          label="Davr bo'yicha"
          className="w-full sm:w-36"
          value={groupBy}
          onChange={(e) => search.update({ group_by: e.target.value })}
          options={CASH_FLOW_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
        />
        <Checkbox
          className="h-10"
          label="Turlar bo'yicha"
          checked={byType}
          onChange={(e) => search.update({ by_type: e.target.checked ? 'true' : null })}
        />
      </ReportFilters>
      {currencies.isError ? <ErrorMessage>Failed to load currencies.</ErrorMessage> : null}

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Yakuniy qoldiq</h2>
        {chart.isError ? (
          <ErrorMessage>{failureMessage(chart.error, "Grafikni yuklab bo'lmadi.")}</ErrorMessage>
        ) : (
          <LazyClosingLinesChart lines={closingLines(chart.data?.results ?? [], groupBy)} />
        )}
      </Card>

      <section
        aria-label="Pul oqimi jadvali"
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <ReportHeading
          title="Pul oqimi"
          count={report.data?.count}
          onDownload={(format) => downloadReport('reports/cash-flow/', filters, format, 'pul-oqimi')}
        />
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, "Hisobotni yuklab bo'lmadi.")}</ErrorMessage>
        ) : null}
        <Table
          caption="Pul oqimi"
          className={cn(REPORT_TABLE, report.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH
                sorted={sortDirection(ordering, 'period')}
                onSort={() => search.update({ ordering: toggleOrdering(ordering, 'period', 'asc') })}
              >
                Davr
              </TH>
              <TH>Valyuta</TH>
              {byType ? <TH>Turi</TH> : null}
              <TH align="right">Kirim</TH>
              <TH align="right">Chiqim</TH>
              <TH align="right">Sof</TH>
              <TH align="right">Yakuniy qoldiq</TH>
            </tr>
          </THead>
          <TBody>
            {tableStatus(report.isPending, rows.length, columns) ??
              rows.map((row) => (
                <TR key={`${row.period}-${row.currency_code}-${row.tx_type ?? ''}`} data-testid="report-row">
                  <TD className="font-medium text-slate-900">{formatPeriod(row.period, groupBy)}</TD>
                  <TD>{row.currency_code}</TD>
                  {byType ? <TD>{row.tx_type ? TX_TYPE_LABELS[row.tx_type] : '—'}</TD> : null}
                  <TD numeric>{formatMoney(row.inflow)}</TD>
                  <TD numeric>{formatMoney(row.outflow)}</TD>
                  <TD numeric>
                    <SignedMoney value={row.net} />
                  </TD>
                  <TD numeric className="font-medium text-slate-900">
                    {formatMoney(row.closing)}
                  </TD>
                </TR>
              ))}
          </TBody>
          {report.data && rows.length > 0 ? (
            <TFoot>
              {report.data.totals.map((t) => (
                <tr key={t.currency_code} data-testid="report-totals">
                  <TD>
                    Jami
                    {/* Capped, so the opening balance wraps under its label rather than widen the column. */}
                    <span className="block max-w-40 text-xs font-normal whitespace-normal text-slate-500">
                      Boshida:{' '}
                      <span className="whitespace-nowrap tabular-nums">{formatMoney(t.opening)}</span>
                    </span>
                  </TD>
                  <TD>{t.currency_code}</TD>
                  {byType ? <TD /> : null}
                  <TD numeric>{formatMoney(t.inflow)}</TD>
                  <TD numeric>{formatMoney(t.outflow)}</TD>
                  <TD numeric>
                    <SignedMoney value={t.net} />
                  </TD>
                  <TD numeric>{formatMoney(t.closing)}</TD>
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
