import { DOCUMENTS_PAGE_SIZE, SHIFT_STATUSES, type ShiftPage, seesWholeBusiness } from '@app/shared';
import { generatePath, Link } from 'react-router';
import { useDepartments } from '../../../api/departments.ts';
import { DateRangeInputs } from '../../../components/DateRangeInputs.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pickPage } from '../../../lib/url-params.ts';
import { type UrlParams, useUrlParams } from '../../../lib/use-url-params.ts';
import { useShifts } from '../api/shifts.ts';
import { Difference, SHIFT_STATUS_LABELS, ShiftStatusBadge } from '../components/ShiftBits.tsx';
import { shiftFiltersFromParams } from '../shift-params.ts';

/**
 * /shifts (DESIGN.md section 22): the Owner's view of the shifts (the whole business's viewers see
 * every department's, a department its own): per cashier how many shifts came out short or over
 * and the net difference in UZS, then the shifts, 20 a page, each opening its card.
 */
export function ShiftsPage() {
  const t = useT();
  const url = useUrlParams();
  const filters = shiftFiltersFromParams(url.params);
  const page = pickPage(url.params.get('page'));
  const list = useShifts(filters, page);
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.count / DOCUMENTS_PAGE_SIZE)) : 0;
  return (
    <div className="space-y-5">
      <PageHeader
        title={t('shifts.list.title')}
        description={t('shifts.list.description')}
        className="mb-0"
      />
      <Filters url={url} />
      {list.isError ? (
        <ErrorMessage>{failureMessage(list.error, t('shifts.loadFailed'))}</ErrorMessage>
      ) : (
        <>
          <TotalsTable page={list.data} />
          <section aria-busy={list.isFetching} className="space-y-3">
            <h2 className="text-base font-semibold text-slate-900">{t('shifts.list.shifts')}</h2>
            <ShiftsTable page={list.data} stale={list.isPlaceholderData} />
            {totalPages > 1 ? (
              <Pagination
                page={page}
                totalPages={totalPages}
                onPageChange={(next) => url.update({ page: String(next) })}
                disabled={list.isFetching}
              />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}

/** Department (for the whole business's viewers), period and status, kept in the URL. */
function Filters({ url }: { url: UrlParams }) {
  const t = useT();
  const filters = shiftFiltersFromParams(url.params);
  const wholeBusiness = seesWholeBusiness(useCurrentUser().data?.role);
  const departments = useDepartments(wholeBusiness);
  const any = Object.values(filters).some((v) => v !== undefined);
  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      {wholeBusiness ? (
        <Select
          label={t('shifts.list.department')}
          className="w-full sm:w-56"
          value={filters.department ?? ''}
          onChange={(e) => url.update({ department: e.target.value })}
          placeholder={t('shifts.list.allDepartments')}
          options={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.email }))}
        />
      ) : null}
      <DateRangeInputs
        fromLabel={t('shifts.list.dateFrom')}
        toLabel={t('shifts.list.dateTo')}
        from={filters.date_from}
        to={filters.date_to}
        onFrom={(day) => url.update({ date_from: day })}
        onTo={(day) => url.update({ date_to: day })}
      />
      <Select
        label={t('shifts.list.status')}
        className="w-full sm:w-44"
        value={filters.status ?? ''}
        onChange={(e) => url.update({ status: e.target.value })}
        options={[
          { value: '', label: t('shifts.list.allStatuses') },
          ...SHIFT_STATUSES.map((s) => ({ value: s, label: t(SHIFT_STATUS_LABELS[s]) })),
        ]}
      />
      {any ? (
        <Button
          variant="ghost"
          onClick={() => url.update({ department: null, date_from: null, date_to: null, status: null })}
        >
          {t('shifts.list.clear')}
        </Button>
      ) : null}
    </Card>
  );
}

/** Per cashier (department): shifts, how many short, how many over, the net difference in UZS. */
function TotalsTable({ page }: { page: ShiftPage | undefined }) {
  const t = useT();
  const totals = page?.totals ?? [];
  return (
    <section className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">{t('shifts.totals.title')}</h2>
      <Table caption={t('shifts.totals.title')}>
        <THead>
          <tr>
            <TH>{t('shifts.totals.cashier')}</TH>
            <TH align="right">{t('shifts.totals.shifts')}</TH>
            <TH align="right">{t('shifts.totals.short')}</TH>
            <TH align="right">{t('shifts.totals.over')}</TH>
            <TH align="right">{t('shifts.totals.net')}</TH>
          </tr>
        </THead>
        <TBody>
          {!page ? (
            <TableMessageRow colSpan={5}>
              <LoadingText className="justify-center">{t('shifts.loading')}</LoadingText>
            </TableMessageRow>
          ) : totals.length === 0 ? (
            <TableMessageRow colSpan={5}>{t('shifts.list.empty')}</TableMessageRow>
          ) : (
            totals.map((row) => (
              <TR key={row.department} data-testid="shift-total" data-department={row.department_name}>
                <TD className="font-medium text-slate-900">
                  <span className="block max-w-40 truncate">{row.department_name}</span>
                </TD>
                <TD numeric>{row.shifts}</TD>
                <TD numeric>
                  <span className={cn(row.short > 0 && 'font-semibold text-red-700')}>{row.short}</span>
                </TD>
                <TD numeric>
                  <span className={cn(row.over > 0 && 'font-semibold text-emerald-700')}>{row.over}</span>
                </TD>
                <TD numeric>
                  <Difference value={row.difference_uzs} code="UZS" />
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </section>
  );
}

/** The shifts: number (to the card), department, opened, closed, status, difference in UZS. */
function ShiftsTable({ page, stale }: { page: ShiftPage | undefined; stale: boolean }) {
  const t = useT();
  const rows = page?.results ?? [];
  return (
    <Table caption={t('shifts.list.shifts')} className={cn(stale && 'opacity-60 transition-opacity')}>
      <THead>
        <tr>
          <TH>{t('shifts.list.number')}</TH>
          <TH>{t('shifts.list.department')}</TH>
          <TH>{t('shifts.list.opened')}</TH>
          <TH>{t('shifts.list.closed')}</TH>
          <TH>{t('shifts.list.status')}</TH>
          <TH align="right">{t('shifts.list.difference')}</TH>
        </tr>
      </THead>
      <TBody>
        {!page ? (
          <TableMessageRow colSpan={6}>
            <LoadingText className="justify-center">{t('shifts.loading')}</LoadingText>
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={6}>{t('shifts.list.empty')}</TableMessageRow>
        ) : (
          rows.map((s) => (
            <TR key={s.id} data-testid="shift-row" data-number={s.number}>
              <TD>
                <Link
                  to={generatePath(paths.shiftCard, { id: String(s.id) })}
                  className="inline-block min-w-max font-mono font-medium text-brand-700 hover:underline"
                >
                  {t('shifts.list.numberValue', { number: s.number })}
                </Link>
                {/* On a phone the difference and the status come under the number, before the table scrolls. */}
                <span className="mt-1 block space-y-1 text-xs sm:hidden">
                  <Difference value={s.difference_uzs} code="UZS" className="block" />
                  <ShiftStatusBadge status={s.status} />
                </span>
              </TD>
              <TD className="text-slate-600">
                <span className="block max-w-40 truncate">{s.department_name}</span>
              </TD>
              <TD className="text-slate-600">{formatDateTime(s.opened_at)}</TD>
              <TD className="text-slate-600">{s.closed_at ? formatDateTime(s.closed_at) : '—'}</TD>
              <TD>
                <ShiftStatusBadge status={s.status} />
              </TD>
              <TD numeric>
                <Difference value={s.difference_uzs} code="UZS" />
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
