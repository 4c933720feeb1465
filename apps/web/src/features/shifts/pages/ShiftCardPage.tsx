import { formatMoney, type Shift } from '@app/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pickId } from '../../../lib/url-params.ts';
import { useShift } from '../api/shifts.ts';
import { Difference, Money, ShiftStatusBadge, ZReportButton } from '../components/ShiftBits.tsx';

/**
 * /shifts/:id (DESIGN.md section 22): a shift's card: who opened and closed it and when, every
 * currency's opening, opening difference, expected, counted (and the notes counted) and
 * difference, the net difference in UZS, and the Z-report.
 */
export function ShiftCardPage() {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const shift = useShift(id);
  if (id === undefined || (shift.isError && isNotFound(shift.error)))
    return <ErrorMessage>{t('shifts.card.notFound')}</ErrorMessage>;
  if (shift.isError)
    return <ErrorMessage>{failureMessage(shift.error, t('shifts.loadFailed'))}</ErrorMessage>;
  if (shift.isPending) return <LoadingText>{t('shifts.loading')}</LoadingText>;
  const s = shift.data;
  return (
    <div className="space-y-5" data-testid="shift-card">
      <Link
        to={paths.shifts}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('shifts.card.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {t('shifts.card.title', { number: s.number })}
        </h1>
        <ShiftStatusBadge status={s.status} />
      </div>
      <Header shift={s} />
      <AmountsTable shift={s} />
      <Notes shift={s} at="opening" />
      <Notes shift={s} at="close" />
      <ZReportButton shift={s} />
    </div>
  );
}

function Header({ shift }: { shift: Shift }) {
  const t = useT();
  const items: Array<[string, React.ReactNode]> = [
    [t('shifts.list.department'), shift.department_name],
    [
      t('shifts.card.opened'),
      t('shifts.card.atBy', { at: formatDateTime(shift.opened_at), by: shift.opened_by }),
    ],
    [
      t('shifts.card.closed'),
      shift.closed_at
        ? t('shifts.card.atBy', { at: formatDateTime(shift.closed_at), by: shift.closed_by ?? '' })
        : '—',
    ],
    [t('shifts.result.netUzs'), <Difference key="net" value={shift.difference_uzs} code="UZS" />],
  ];
  return (
    <Card className="p-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="truncate text-sm font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Every currency: opening, its difference, expected, counted, difference (blind while open). */
function AmountsTable({ shift }: { shift: Shift }) {
  const t = useT();
  return (
    <Table caption={t('shifts.amounts.caption')}>
      <THead>
        <tr>
          <TH>{t('shifts.amounts.currency')}</TH>
          <TH align="right">{t('shifts.amounts.opening')}</TH>
          <TH align="right">{t('shifts.amounts.openingDifference')}</TH>
          <TH align="right">{t('shifts.amounts.expected')}</TH>
          <TH align="right">{t('shifts.amounts.counted')}</TH>
          <TH align="right">{t('shifts.amounts.difference')}</TH>
        </tr>
      </THead>
      <TBody>
        {shift.amounts.map((a) => (
          <TR key={a.currency} data-testid="shift-amount" data-currency={a.currency_code}>
            <TD className="font-semibold text-slate-900">{a.currency_code}</TD>
            <TD numeric>
              <Money value={a.opening} code={a.currency_code} />
            </TD>
            <TD numeric>
              <Difference value={a.opening_difference} code={a.currency_code} />
            </TD>
            <TD numeric>
              <Money value={a.expected} code={a.currency_code} />
            </TD>
            <TD numeric>
              <Money value={a.counted} code={a.currency_code} />
            </TD>
            <TD numeric>
              <Difference value={a.difference} code={a.currency_code} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** The notes and coins counted at the opening or at the close, per currency counted that way. */
function Notes({ shift, at }: { shift: Shift; at: 'opening' | 'close' }) {
  const t = useT();
  const notesOf = (a: Shift['amounts'][number]) =>
    at === 'close' ? a.denominations : a.opening_denominations;
  const counted = shift.amounts.filter((a) => (notesOf(a)?.length ?? 0) > 0);
  if (counted.length === 0) return null;
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">
        {t(at === 'close' ? 'shifts.card.notes' : 'shifts.card.openingNotes')}
      </h2>
      {counted.map((a) => (
        <div
          key={a.currency}
          data-testid={at === 'close' ? `notes-${a.currency_code}` : `opening-notes-${a.currency_code}`}
        >
          <h3 className="text-sm font-medium text-slate-700">{a.currency_code}</h3>
          <ul className="mt-1 grid grid-cols-2 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
            {notesOf(a)?.map((d) => (
              <li key={d.value} className="flex justify-between gap-2 tabular-nums">
                <span>{formatMoney(d.value)}</span>
                <span>{t('shifts.card.pieces', { count: d.count })}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Card>
  );
}
