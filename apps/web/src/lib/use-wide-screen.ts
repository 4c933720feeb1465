import { useSyncExternalStore } from 'react';

/**
 * The width from which the shell shows its sidebar, and below which the phone's top bar and drawer
 * (Tailwind's `md`, 48rem; spec.md section 2, App shell).
 */
export const WIDE_SCREEN = '(min-width: 48rem)';

/** Where there is no matchMedia (tests' DOM), the screen counts as wide. */
const media = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN) : null;

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the screen is at least WIDE_SCREEN wide, following the window as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? true);
}
