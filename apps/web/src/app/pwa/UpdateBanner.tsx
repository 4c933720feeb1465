import { registerSW } from 'virtual:pwa-register';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/useT.ts';

/** The registration, once per page (StrictMode runs effects twice); `update(true)` reloads. */
let update: ((reload?: boolean) => Promise<void>) | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function register(): void {
  update ??= registerSW({
    onNeedRefresh() {
      waiting = true;
      for (const l of listeners) l();
    },
  });
}

/**
 * Registers the service worker (mounted by AfterLoad once the page has loaded) and, when a new
 * version has been installed and waits, offers it: "Yangi versiya bor — Yangilash". Nothing
 * reloads until the user chooses; then the waiting worker takes over and the page reloads once,
 * whole, so it never runs half old and half new (DESIGN.md section 23, docs/offline.md). On a
 * phone it sits under the top bar, clear of the counter's "Sotish" bar at the bottom.
 */
export function UpdateBanner() {
  const t = useT();
  const [shown, setShown] = useState(waiting);
  useEffect(() => {
    const show = () => setShown(true);
    listeners.add(show);
    register();
    return () => {
      listeners.delete(show);
    };
  }, []);
  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="fixed inset-x-3 top-16 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-slate-900 p-3 pl-4 text-sm text-white shadow-lg md:inset-x-auto md:top-auto md:right-4 md:bottom-4"
    >
      <p className="flex-1">{t('common.update.available')}</p>
      <button
        type="button"
        onClick={() => void update?.(true)}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold hover:bg-brand-700"
      >
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {t('common.update.reload')}
      </button>
    </div>
  );
}
