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

// The debt pages keep their filters in the URL's search params (a list can be bookmarked, shared,
// and survives a reload; the dashboard links to /debts?status=OVERDUE). These read them back
// safely: a hand-edited value never reaches the server.

/** `value` when it is one of `allowed`, else undefined. */
export function pickOption<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** An id from the URL, or undefined. */
export function pickId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The page from the URL: a whole number from 1, else 1. */
export function pickPage(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
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

/**
 * The params after a change: '' or null removes a key; any filter change but a page turn starts
 * again from page 1 (a later page of other filters may not exist).
 */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
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
