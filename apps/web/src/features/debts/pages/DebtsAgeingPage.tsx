import { DEBT_DIRECTIONS, type DebtDirection, formatMoney, seesEveryDebt } from '@app/shared';
import { Link } from 'react-router';
import { DownloadButtons } from '../../../components/DownloadButtons.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { type AgeingFilters, downloadDebtsAgeing, useDebtsAgeing } from '../api/debts-ageing.ts';
import { DepartmentSelect } from '../components/DepartmentSelect.tsx';
import { counterpartyPath, formatDay, pickId, pickOption, pickPage } from '../debt-params.ts';
import { DIRECTION_HINTS, DIRECTION_LABELS, signOf } from '../debt-rules.ts';
import { useUrlParams } from '../use-url-params.ts';

/** The ageing report's page size (the server's, as the other reports'). */
const AGEING_PAGE_SIZE = 50;
const BUCKETS = [
  { key: 'current', label: 'Muddati kelmagan', title: 'Muddati hali kelmagan yoki muddatsiz' },
  { key: 'd1_30', label: '1–30 kun', title: "Muddatidan 1–30 kun o'tgan" },
  { key: 'd31_60', label: '31–60 kun', title: "Muddatidan 31–60 kun o'tgan" },
  { key: 'd61_90', label: '61–90 kun', title: "Muddatidan 61–90 kun o'tgan" },
  { key: 'd90_plus', label: '90+ kun', title: "Muddatidan 90 kundan ko'p o'tgan" },
] as const;
const COLUMNS = BUCKETS.length + 3;

/** A figure that is overdue and not zero: red. */
function Bucket({ value, late }: { value: string; late: boolean }) {
  const zero = signOf(value) === 0;
  return (
    <span className={cn(zero ? 'text-slate-400' : late ? 'font-medium text-red-700' : undefined)}>
      {formatMoney(value)}
    </span>
  );
}

/**
 * /reports/debts-ageing (DESIGN.md section 12): what remains open per counterparty and currency,
 * by days past the due date as of today, for what they owe us or what we owe them; by department
 * for those who see every debt; the rows as CSV, Excel or PDF.
 */
export function DebtsAgeingPage() {
  const url = useUrlParams();
  const { params } = url;
  const everyDebt = seesEveryDebt(useCurrentUser().data?.role);
  const filters: AgeingFilters = {
    direction: pickOption(params.get('direction'), DEBT_DIRECTIONS) ?? 'RECEIVABLE',
    department: everyDebt ? pickId(params.get('department')) : undefined,
  };
  const page = pickPage(params.get('page'));
  const report = useDebtsAgeing(filters, page);
  const rows = report.data?.results ?? [];
  const totalPages = report.data ? Math.max(1, Math.ceil(report.data.count / AGEING_PAGE_SIZE)) : 0;

  return (
    <div className="space-y-5">
      <Card className="flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Yo'nalish</legend>
          <div className="flex flex-wrap gap-1.5">
            {DEBT_DIRECTIONS.map((d: DebtDirection) => (
              <button
                key={d}
                type="button"
                aria-pressed={filters.direction === d}
                onClick={() => url.update({ direction: d })}
                className={cn(
                  'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  filters.direction === d
                    ? 'bg-brand-700 text-white shadow-sm'
                    : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {DIRECTION_LABELS[d]} ({DIRECTION_HINTS[d]})
              </button>
            ))}
          </div>
        </fieldset>
        <DepartmentSelect
          value={filters.department}
          onChange={(d) => url.update({ department: d === undefined ? null : String(d) })}
        />
      </Card>

      <section
        aria-label="Qarzlar muddati jadvali"
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Qarzlar muddati bo'yicha</h2>
            <p className="text-sm text-slate-500">
              {report.data
                ? `${formatDay(report.data.as_of)} holatiga · ${report.data.count} ta qator`
                : 'Bugungi holat'}
            </p>
          </div>
          <DownloadButtons onDownload={(format) => downloadDebtsAgeing(filters, format)} />
        </div>
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, "Hisobotni yuklab bo'lmadi.")}</ErrorMessage>
        ) : null}
        <Table
          caption="Qarzlar muddati bo'yicha"
          className={cn(
            '[&_td]:px-3 [&_th]:px-3',
            report.isPlaceholderData && 'opacity-60 transition-opacity',
          )}
        >
          <THead>
            <tr>
              <TH>Kontragent</TH>
              <TH>Valyuta</TH>
              {BUCKETS.map((b) => (
                <TH key={b.key} align="right" title={b.title}>
                  {b.label}
                </TH>
              ))}
              <TH align="right">Jami</TH>
            </tr>
          </THead>
          <TBody>
            {report.isPending ? (
              <TableMessageRow colSpan={COLUMNS}>
                <LoadingText className="justify-center">Yuklanmoqda...</LoadingText>
              </TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={COLUMNS}>Ochiq qarz yo'q.</TableMessageRow>
            ) : (
              rows.map((row) => (
                <TR key={`${row.counterparty.id}-${row.currency_code}`} data-testid="report-row">
                  <TD>
                    <Link
                      to={counterpartyPath(row.counterparty.id)}
                      className="block w-40 font-medium break-words whitespace-normal text-brand-700 hover:underline sm:w-auto sm:max-w-xs"
                    >
                      {row.counterparty.name}
                    </Link>
                  </TD>
                  <TD>{row.currency_code}</TD>
                  {BUCKETS.map((b) => (
                    <TD key={b.key} numeric>
                      <Bucket value={row[b.key]} late={b.key !== 'current'} />
                    </TD>
                  ))}
                  <TD numeric className="font-semibold text-slate-900">
                    {formatMoney(row.total)}
                  </TD>
                </TR>
              ))
            )}
          </TBody>
          {report.data && rows.length > 0 ? (
            <TFoot>
              {report.data.totals.map((t) => (
                <tr key={t.currency_code} data-testid="report-totals">
                  <TD>Jami</TD>
                  <TD>{t.currency_code}</TD>
                  {BUCKETS.map((b) => (
                    <TD key={b.key} numeric>
                      {formatMoney(t[b.key])}
                    </TD>
                  ))}
                  <TD numeric>{formatMoney(t.total)}</TD>
                </tr>
              ))}
            </TFoot>
          ) : null}
        </Table>
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
