import { DEBT_DIRECTIONS, type DebtDirection, formatMoneyFixed, seesEveryDebt } from '@app/shared';
import { DataAsOfNotice } from '../../../components/DataAsOfNotice.tsx';
import { DownloadButtons } from '../../../components/DownloadButtons.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { type AgeingFilters, downloadDebtsAgeing, useDebtsAgeing } from '../api/debts-ageing.ts';
import { CounterpartyLink } from '../components/CounterpartyLink.tsx';
import { DepartmentSelect } from '../components/DepartmentSelect.tsx';
import { formatDay, pickId, pickOption, pickPage } from '../debt-params.ts';
import { directionWithHint, signOf } from '../debt-rules.ts';
import { useUrlParams } from '../use-url-params.ts';

/** The ageing report's page size (the server's, as the other reports'). */
const AGEING_PAGE_SIZE = 50;
const BUCKETS = [
  { key: 'current', label: 'debts.ageing.current', title: 'debts.ageing.currentTitle' },
  { key: 'd1_30', label: 'debts.ageing.d1_30', title: 'debts.ageing.d1_30Title' },
  { key: 'd31_60', label: 'debts.ageing.d31_60', title: 'debts.ageing.d31_60Title' },
  { key: 'd61_90', label: 'debts.ageing.d61_90', title: 'debts.ageing.d61_90Title' },
  { key: 'd90_plus', label: 'debts.ageing.d90Plus', title: 'debts.ageing.d90PlusTitle' },
] as const satisfies readonly { key: string; label: MessageKey; title: MessageKey }[];
const COLUMNS = BUCKETS.length + 3;

/** A figure that is overdue and not zero: red. */
function Bucket({ value, late }: { value: string; late: boolean }) {
  const zero = signOf(value) === 0;
  return (
    <span className={cn(zero ? 'text-slate-400' : late ? 'font-medium text-red-700' : undefined)}>
      {formatMoneyFixed(value)}
    </span>
  );
}

/**
 * /reports/debts-ageing (DESIGN.md section 12): what remains open per counterparty and currency,
 * by days past the due date as of today, for what they owe us or what we owe them; by department
 * for those who see every debt; the rows as CSV, Excel or PDF.
 */
export function DebtsAgeingPage() {
  const t = useT();
  const url = useUrlParams();
  const { params } = url;
  const everyDebt = seesEveryDebt(useCurrentUser().data?.role);
  const filters: AgeingFilters = {
    direction: pickOption(params.get('direction'), DEBT_DIRECTIONS) ?? 'RECEIVABLE',
    department: everyDebt ? pickId(params.get('department')) : undefined,
  };
  const page = pickPage(params.get('page'));
  const report = useDebtsAgeing(filters, page);
  const totalPages = report.data ? Math.max(1, Math.ceil(report.data.count / AGEING_PAGE_SIZE)) : 0;

  return (
    <div className="space-y-5">
      <AgeingFilterBar filters={filters} onUpdate={url.update} />
      <DataAsOfNotice asOf={report.data?.data_as_of} />

      <section
        aria-label={t('debts.ageing.tableLabel')}
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('debts.ageing.title')}</h2>
            <p className="text-sm text-slate-500">
              {report.data
                ? t('debts.ageing.asOf', { date: formatDay(report.data.as_of), count: report.data.count })
                : t('debts.ageing.today')}
            </p>
          </div>
          <DownloadButtons onDownload={(format) => downloadDebtsAgeing(filters, format)} />
        </div>
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, t('debts.ageing.loadFailed'))}</ErrorMessage>
        ) : null}
        <AgeingTable report={report} />
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => url.update({ page: String(next) })}
            disabled={report.isFetching}
          />
        ) : null}
      </section>
    </div>
  );
}

/** The direction toggle and, for those who see every debt, the department. */
function AgeingFilterBar({
  filters,
  onUpdate,
}: {
  filters: AgeingFilters;
  onUpdate: (changes: Record<string, string | null>) => void;
}) {
  const t = useT();
  return (
    <Card className="flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('debts.common.direction')}</legend>
        <div className="flex flex-wrap gap-1.5">
          {DEBT_DIRECTIONS.map((d: DebtDirection) => (
            <button
              key={d}
              type="button"
              aria-pressed={filters.direction === d}
              onClick={() => onUpdate({ direction: d })}
              className={cn(
                'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                filters.direction === d
                  ? 'bg-brand-700 text-white shadow-sm'
                  : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {directionWithHint(t, d)}
            </button>
          ))}
        </div>
      </fieldset>
      <DepartmentSelect
        value={filters.department}
        onChange={(d) => onUpdate({ department: d === undefined ? null : String(d) })}
      />
    </Card>
  );
}

/** The rows by counterparty and currency, their buckets, and the totals per currency. */
function AgeingTable({ report }: { report: ReturnType<typeof useDebtsAgeing> }) {
  const t = useT();
  const rows = report.data?.results ?? [];
  return (
    <Table
      caption={t('debts.ageing.title')}
      className={cn('[&_td]:px-3 [&_th]:px-3', report.isPlaceholderData && 'opacity-60 transition-opacity')}
    >
      <THead>
        <tr>
          <TH>{t('debts.common.counterparty')}</TH>
          <TH>{t('debts.common.currency')}</TH>
          {BUCKETS.map((b) => (
            <TH key={b.key} align="right" title={t(b.title)}>
              {t(b.label)}
            </TH>
          ))}
          <TH align="right">{t('debts.common.total')}</TH>
        </tr>
      </THead>
      <TBody>
        {report.isPending ? (
          <TableMessageRow colSpan={COLUMNS}>
            <LoadingText className="justify-center">{t('debts.common.loading')}</LoadingText>
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>{t('debts.common.noOpenDebts')}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <TR key={`${row.counterparty.id}-${row.currency_code}`} data-testid="report-row">
              <TD>
                <CounterpartyLink id={row.counterparty.id} name={row.counterparty.name} />
              </TD>
              <TD>{row.currency_code}</TD>
              {BUCKETS.map((b) => (
                <TD key={b.key} numeric>
                  <Bucket value={row[b.key]} late={b.key !== 'current'} />
                </TD>
              ))}
              <TD numeric className="font-semibold text-slate-900">
                {formatMoneyFixed(row.total)}
              </TD>
            </TR>
          ))
        )}
      </TBody>
      {report.data && rows.length > 0 ? (
        <TFoot>
          {report.data.totals.map((total) => (
            <tr key={total.currency_code} data-testid="report-totals">
              <TD>{t('debts.common.total')}</TD>
              <TD>{total.currency_code}</TD>
              {BUCKETS.map((b) => (
                <TD key={b.key} numeric>
                  {formatMoneyFixed(total[b.key])}
                </TD>
              ))}
              <TD numeric>{formatMoneyFixed(total.total)}</TD>
            </tr>
          ))}
        </TFoot>
      ) : null}
    </Table>
  );
}
