import type { SortDirection } from '../../components/ui/Table.tsx';

export { pickId, pickOption, pickPage, withChanges } from '../../lib/url-params.ts';

// The reports' filters live in the URL's search params (a report can be bookmarked, shared, and
// survives a reload); these read them back safely and build the server's `ordering`.

/** The filters every report and the dashboard share, carried by the tabs and the dashboard's links. */
export const SCOPE_KEYS = ['date_from', 'date_to', 'department'] as const;

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
