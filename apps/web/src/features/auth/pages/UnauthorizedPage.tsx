import { ShieldBan } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';

/** Where the role guard sends a signed-in user whose role the route does not list (spec.md section 2). */
export function UnauthorizedPage() {
  const t = useT();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-8 py-10 text-center shadow-sm">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <ShieldBan aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">
          {t('auth.unauthorized.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-500">{t('auth.unauthorized.text')}</p>
        <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={paths.home} className={buttonClasses('primary')}>
            {t('auth.unauthorized.home')}
          </Link>
          <Link to={paths.logout} className={buttonClasses('secondary')}>
            {t('auth.unauthorized.switchUser')}
          </Link>
        </div>
      </div>
    </main>
  );
}
