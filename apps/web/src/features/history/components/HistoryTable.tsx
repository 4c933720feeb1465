import type { AuditRow } from '@app/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OFFER_STATUS_LABELS } from '../../../i18n/offer-status-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { actionPhrase, entityNoun, objectPath } from '../history-words.ts';

// History's table (DESIGN.md section 16): what happened in words, the object by its name with
// its page, an offer's change of state; the description wraps, never cut. At 1366 px the columns
// share the width (the IP goes under the time); under 768 px (a 375 px phone) each row is a card.

const CELL = 'px-4 py-3 align-top max-md:block max-md:px-0 max-md:py-0.5';
const HEAD = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

const person = (a: NonNullable<AuditRow['actor']>) => `${a.first_name} ${a.last_name}`.trim();

function ObjectCell({ row, adminArea }: { row: AuditRow; adminArea: boolean }) {
  const t = useT();
  const noun = entityNoun(row.entity);
  const kind = noun ? t(noun) : row.entity;
  const name =
    row.object_label ??
    (row.entity_id === null ? kind : t('history.object.withId', { entity: kind, id: row.entity_id }));
  const to = objectPath(row, adminArea);
  return (
    <>
      {row.object_label !== null ? <div className="text-xs text-slate-500">{kind}</div> : null}
      {to ? (
        <Link
          to={to}
          data-testid="history-object"
          className="break-words text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {name}
        </Link>
      ) : (
        <span data-testid="history-object" className="break-words">
          {name}
        </span>
      )}
    </>
  );
}

function ActionCell({ row }: { row: AuditRow }) {
  const t = useT();
  const phrase = actionPhrase(row.action);
  return (
    <>
      <div data-testid="history-action" className="font-medium text-slate-900">
        {phrase ? t(phrase) : row.action}
      </div>
      {row.status_from && row.status_to ? (
        <div data-testid="history-change" className="text-xs text-slate-600">
          {t('history.change.text', {
            from: t(OFFER_STATUS_LABELS[row.status_from]),
            to: t(OFFER_STATUS_LABELS[row.status_to]),
          })}
        </div>
      ) : null}
    </>
  );
}

function HistoryRow({ row, adminArea }: { row: AuditRow; adminArea: boolean }) {
  const t = useT();
  return (
    <tr
      data-testid="history-row"
      className="hover:bg-slate-50/70 max-md:block max-md:space-y-1 max-md:px-4 max-md:py-3"
    >
      <td className={`${CELL} text-slate-600 max-md:text-xs`}>
        {formatDateTime(row.created_at)}
        {row.ip ? (
          <div className="font-mono text-xs text-slate-400 max-md:ml-2 max-md:inline">
            {t('history.table.ipLabel', { ip: row.ip })}
          </div>
        ) : null}
      </td>
      <td className={`${CELL} break-words`}>
        {row.actor ? (
          <>
            {person(row.actor) ? <div className="text-slate-900">{person(row.actor)}</div> : null}
            <div className="text-xs break-all text-slate-500">{row.actor.email}</div>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className={CELL}>
        <ActionCell row={row} />
      </td>
      <td className={CELL}>
        <ObjectCell row={row} adminArea={adminArea} />
      </td>
      <td data-testid="history-summary" className={`${CELL} break-words whitespace-normal text-slate-700`}>
        {row.summary || '—'}
      </td>
    </tr>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <tr className="max-md:block">
      <td colSpan={5} className="px-4 py-8 text-center text-slate-500 max-md:block">
        {children}
      </td>
    </tr>
  );
}

interface Props {
  rows: AuditRow[] | undefined;
  loading: boolean;
  /** Owner and admin: users, currencies and settings link to the admin area. */
  adminArea: boolean;
}

export function HistoryTable({ rows, loading, adminArea }: Props) {
  const t = useT();
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <table className="w-full table-fixed divide-y divide-slate-200 text-sm max-md:block max-md:divide-y-0">
        <caption className="sr-only">{t('history.page.title')}</caption>
        <colgroup className="max-md:hidden">
          <col className="w-40" />
          <col className="w-48" />
          <col className="w-52" />
          <col className="w-52" />
          <col />
        </colgroup>
        <thead className="bg-slate-50 max-md:hidden">
          <tr>
            <th scope="col" className={HEAD}>
              {t('history.table.time')}
            </th>
            <th scope="col" className={HEAD}>
              {t('history.table.actor')}
            </th>
            <th scope="col" className={HEAD}>
              {t('history.table.action')}
            </th>
            <th scope="col" className={HEAD}>
              {t('history.table.entity')}
            </th>
            <th scope="col" className={HEAD}>
              {t('history.table.summary')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {loading ? (
            <MessageRow>{t('history.table.loading')}</MessageRow>
          ) : !rows?.length ? (
            <MessageRow>{t('history.table.empty')}</MessageRow>
          ) : (
            rows.map((r) => <HistoryRow key={r.id} row={r} adminArea={adminArea} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
