import type { EmailNotificationKind } from '@app/shared';
import { Mail } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { T } from '../../../i18n/T.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { sameKinds, withKind } from '../notification-settings.ts';

/** "e-mail" kept on one line: a narrow screen would otherwise break it at its hyphen. */
const NOWRAP = (chunks: ReactNode[]) => <span className="whitespace-nowrap">{chunks}</span>;

const OPTIONS: ReadonlyArray<{ kind: EmailNotificationKind; label: MessageKey; hint: MessageKey }> = [
  {
    kind: 'OFFER_PENDING',
    label: 'profile.email.offerPending',
    hint: 'profile.email.offerPendingHint',
  },
  {
    kind: 'DEBT_OVERDUE',
    label: 'profile.email.debtOverdue',
    hint: 'profile.email.debtOverdueHint',
  },
];

/** Which notifications also come by e-mail (PATCH auth/me/, DESIGN.md section 13). */
export function EmailNotificationsForm({
  email,
  saved,
}: {
  email: string;
  /** The kinds the server has, from who-am-I. */
  saved: readonly EmailNotificationKind[];
}) {
  const t = useT();
  const update = useUpdateMe();
  // null until the user ticks something: the boxes follow the server's answer till then.
  const [draft, setDraft] = useState<EmailNotificationKind[] | null>(null);
  const chosen = draft ?? saved;
  const changed = !sameKinds(chosen, saved);

  const toggle = (kind: EmailNotificationKind, on: boolean) => {
    update.reset();
    setDraft(withKind(chosen, kind, on));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    update.mutate({ email_notifications: [...chosen] }, { onSuccess: () => setDraft(null) });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="email-notifications-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <h3 id="email-notifications-title" className="text-sm font-semibold text-slate-900">
            {t('profile.email.title')}
          </h3>
          <p className="text-sm break-all text-slate-500">{email}</p>
        </div>
      </div>
      <div className="space-y-3 sm:pl-8">
        {OPTIONS.map(({ kind, label, hint }) => (
          <div key={kind} className="space-y-0.5">
            <Checkbox
              label={<T id={label} values={{ nowrap: NOWRAP }} />}
              checked={chosen.includes(kind)}
              disabled={update.isPending}
              onChange={(event) => toggle(kind, event.target.checked)}
              className="[&>input]:mt-0.5 [&>input]:shrink-0 [&>input]:self-start"
            />
            <p className="pl-6 text-xs text-slate-500">{t(hint)}</p>
          </div>
        ))}
      </div>
      <div className="space-y-3 sm:pl-8">
        {update.isSuccess && !changed ? <SuccessMessage>{t('profile.email.saved')}</SuccessMessage> : null}
        <ErrorMessage>
          {update.isError ? failureMessage(update.error, t('profile.email.saveFailed')) : null}
        </ErrorMessage>
        <Button type="submit" disabled={!changed} loading={update.isPending}>
          {t('profile.email.submit')}
        </Button>
      </div>
    </form>
  );
}
