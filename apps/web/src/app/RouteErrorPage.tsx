import { Button } from '../components/ui/Button.tsx';
import { useT } from '../i18n/useT.ts';

/**
 * The last resort for a render error or a chunk that failed to load (often a deploy replaced the
 * files under an open tab): say so and offer a reload.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-8 py-10 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {t('common.routeError.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-500">{t('common.routeError.message')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </Button>
      </div>
    </main>
  );
}
