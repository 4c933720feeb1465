// The settings page sends only what the person changed (DESIGN.md section 9's PATCH takes any of
// the fields): two administrators changing different settings at once do not undo each other.

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item) => b.includes(item))
    : Object.is(a, b);

/** The fields of `body` whose value differs from the settings as they were loaded. */
export function changedFields<T extends object>(body: T, loaded: Partial<T> | undefined): Partial<T> {
  const before = (loaded ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !sameValue(value, before[key])),
  ) as Partial<T>;
}
