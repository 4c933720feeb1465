import { House, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { initialsFromEmail } from '../../../lib/format.ts';
import { useAccessToken } from '../../../lib/session.ts';
import { NotificationSettingsCard } from '../components/NotificationSettingsCard.tsx';
import { RoleBadge } from '../components/RoleBadge.tsx';

/**
 * spec.md section 2, Profile: initials, e-mail, role badge, a link to the main menu, logout; under
 * it, where notifications also go (DESIGN.md section 13).
 */
export function ProfilePage() {
  const t = useT();
  const navigate = useNavigate();
  const token = useAccessToken();
  const user = useCurrentUser();

  if (token && user.isPending) return <LoadingText />;

  if (!token || !user.data) {
    return (
      <Card className="mx-auto max-w-md px-6 py-10 text-center">
        <p className="text-base font-medium text-slate-900">{t('profile.signedOut.text')}</p>
        <Link to={paths.login} className={buttonClasses('primary', 'md', 'mt-6')}>
          {t('profile.signedOut.login')}
        </Link>
      </Card>
    );
  }

  const { email, role, profile, email_notifications } = user.data;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="sr-only">{t('profile.title')}</h1>
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-slate-900 to-brand-800" />
        <div className="px-6 pb-8 sm:px-8">
          <div className="-mt-10 flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800 ring-4 ring-white">
            <span data-testid="profile-initials">{initialsFromEmail(email)}</span>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p
              className="text-xl font-semibold tracking-tight break-all text-slate-900"
              data-testid="profile-email"
            >
              {email}
            </p>
            <RoleBadge role={role} />
          </div>
          {fullName ? <p className="mt-1 text-sm text-slate-500">{fullName}</p> : null}
          <div className="mt-8 flex flex-col gap-2 border-t border-slate-100 pt-6 sm:flex-row">
            <Link to={paths.home} className={buttonClasses('secondary')}>
              <House aria-hidden="true" className="h-4 w-4" />
              {t('profile.home')}
            </Link>
            <Button
              variant="danger"
              icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
              onClick={() => navigate(paths.logout)}
            >
              {t('profile.logout')}
            </Button>
          </div>
        </div>
      </Card>
      <NotificationSettingsCard email={email} emailNotifications={email_notifications} />
    </div>
  );
}
