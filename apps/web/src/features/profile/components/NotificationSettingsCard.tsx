import type { EmailNotificationKind } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';
import { EmailNotificationsForm } from './EmailNotificationsForm.tsx';
import { TelegramLinkSection } from './TelegramLinkSection.tsx';

/** "Bildirishnomalar" (DESIGN.md section 13): where notifications go besides the bell. */
export function NotificationSettingsCard({
  email,
  emailNotifications,
}: {
  email: string;
  emailNotifications: readonly EmailNotificationKind[];
}) {
  const t = useT();
  return (
    <Card role="region" className="mt-6 px-6 py-6 sm:px-8" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className="text-lg font-semibold tracking-tight text-slate-900">
        {t('profile.notifications.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{t('profile.notifications.description')}</p>
      <div className="mt-6 divide-y divide-slate-100">
        <div className="pb-6">
          <EmailNotificationsForm email={email} saved={emailNotifications} />
        </div>
        <div className="pt-6">
          <TelegramLinkSection />
        </div>
      </div>
    </Card>
  );
}
