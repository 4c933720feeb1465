// localStorage can throw (private mode, quota, disabled storage): a preference is never worth a crash.
// Only UI preferences live here; tokens never do (DESIGN.md section 5).

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A preference that cannot be saved is simply not remembered.
  }
}

/** A boolean flag stored as '1' or '0' (spec.md section 2, the sidebar's collapsed state). */
export function readFlag(key: string, fallback = false): boolean {
  const value = readStorage(key);
  if (value === '1') return true;
  if (value === '0') return false;
  return fallback;
}

export function writeFlag(key: string, value: boolean): void {
  writeStorage(key, value ? '1' : '0');
}
