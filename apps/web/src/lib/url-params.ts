// Filters kept in the URL's search params (a list or a report can be bookmarked, shared, and
// survives a reload) are read back safely: a hand-edited value never reaches the server. One copy
// for the debt pages and the reports (DESIGN.md section 15).

/** `value` when it is one of `allowed`, else `fallback`. */
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
