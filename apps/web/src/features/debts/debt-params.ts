import {
  COUNTERPARTY_KINDS,
  DEBT_DIRECTIONS,
  DEBT_STATUSES,
  type DebtDirection,
  type DebtStatus,
} from '@app/shared';
import { generatePath } from 'react-router';
import type { CounterpartyFilters } from '../../api/counterparties.ts';
import { paths } from '../../config/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { pickId, pickOption as pickOptionOr } from '../../lib/url-params.ts';

export { pickId, pickPage, withChanges } from '../../lib/url-params.ts';

// The debt pages keep their filters in the URL's search params (a list can be bookmarked, shared,
// and survives a reload; the dashboard links to /debts?status=OVERDUE). These read them back
// safely: a hand-edited value never reaches the server.

/** `value` when it is one of `allowed`, else undefined. */
export function pickOption<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return pickOptionOr(value, allowed, undefined);
}

/** A real calendar day written YYYY-MM-DD (not 2025-02-30), from 1970 (not a year being typed). */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1970-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** "17 Iyun 2025": a day as the app writes dates (lib/format.ts); '—' for none, else as it came. */
export function formatDay(day: string | null): string {
  if (day === null || day === '') return '—';
  return isIsoDay(day) ? formatDate(day) : day;
}

/** The filters of GET debts/ (DESIGN.md section 12). */
export interface DebtFilters {
  counterparty?: number | undefined;
  direction?: DebtDirection | undefined;
  status?: DebtStatus | undefined;
  due_from?: string | undefined;
  due_to?: string | undefined;
}

/** The /debts filters from the URL; a reversed due-date range is read the right way round. */
export function debtFiltersFromParams(params: URLSearchParams): DebtFilters {
  let from = params.get('due_from');
  let to = params.get('due_to');
  from = isIsoDay(from) ? from : null;
  to = isIsoDay(to) ? to : null;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    counterparty: pickId(params.get('counterparty')),
    direction: pickOption(params.get('direction'), DEBT_DIRECTIONS),
    status: pickOption(params.get('status'), DEBT_STATUSES),
    due_from: from ?? undefined,
    due_to: to ?? undefined,
  };
}

/** The filters of GET crm/counterparties/ (the shared read layer's, DESIGN.md section 15). */
export function counterpartyFiltersFromParams(params: URLSearchParams): CounterpartyFilters {
  const search = params.get('search')?.trim().slice(0, 200);
  return { search: search || undefined, kind: pickOption(params.get('kind'), COUNTERPARTY_KINDS) };
}

/** /counterparties/12: a counterparty's card. */
export function counterpartyPath(id: number): string {
  return generatePath(paths.counterparty, { id: String(id) });
}
