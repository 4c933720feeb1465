import type { SortDirection } from '../../components/ui/Table.tsx';

// The reports' filters live in the URL's search params (a report can be bookmarked, shared, and
// survives a reload); these read them back safely and build the server's `ordering`.

/** The filters every report and the dashboard share, carried by the tabs and the dashboard's links. */
export const SCOPE_KEYS = ['date_from', 'date_to', 'department'] as const;

/** `value` when it is one of `allowed`, else `fallback` (a hand-edited URL never reaches the server). */
export function pickOption<T extends string, F extends T | undefined>(
  value: string | null,
  allowed: readonly T[],
  fallback: F,
): T | F {
  return allowed.includes(value as T) ? (value as T) : fallback;
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

/** How `ordering` sorts `column`: 'asc' for `column`, 'desc' for `-column`, else null. */
export function sortDirection(ordering: string | null | undefined, column: string): SortDirection | null {
  if (ordering === column) return 'asc';
  if (ordering === `-${column}`) return 'desc';
  return null;
}

/**
 * The ordering after a click on `column`'s header: the other direction when it already sorts by
 * it, else `first` (figures usually want the largest first, names A to Z).
 */
export function toggleOrdering(
  ordering: string | null | undefined,
  column: string,
  first: SortDirection = 'desc',
): string {
  const current = sortDirection(ordering, column);
  const next = current ? (current === 'asc' ? 'desc' : 'asc') : first;
  return next === 'asc' ? column : `-${column}`;
}

/** The search string (`?date_from=…`) that carries the shared filters to another report. */
export function scopeSearch(params: URLSearchParams, extra: Record<string, string> = {}): string {
  const out = new URLSearchParams();
  for (const key of SCOPE_KEYS) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) out.set(key, value);
  const text = out.toString();
  return text ? `?${text}` : '';
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
