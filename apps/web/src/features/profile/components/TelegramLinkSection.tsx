import { CircleCheck, ExternalLink, Send } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText, Spinner } from '../../../components/ui/Spinner.tsx';
import { T } from '../../../i18n/T.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCreateTelegramLink } from '../api/create-telegram-link.ts';
import { useTelegramStatus } from '../api/get-telegram-status.ts';
import { useUnlinkTelegram } from '../api/unlink-telegram.ts';
import { type PendingLink, pendingLink, type TelegramStep, telegramStep } from '../notification-settings.ts';

/**
 * Linking my Telegram chat (DESIGN.md section 13): a single-use deep link to the bot, then the
 * status is asked again every few seconds (and on focus) until the bot has linked the chat.
 */
export function TelegramLinkSection() {
  const t = useT();
  const [link, setLink] = useState<PendingLink | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const status = useTelegramStatus(link);

  // Re-render when the code runs out, so the block offers a new one.
  useEffect(() => {
    if (!link) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, link.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [link]);

  let body: ReactNode;
  if (status.isPending) {
    body = <LoadingText>{t('profile.telegram.loading')}</LoadingText>;
  } else if (status.isError) {
    body = (
      <ErrorMessage
        action={
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('profile.telegram.retry')}
          </Button>
        }
      >
        {failureMessage(status.error, t('profile.telegram.loadFailed'))}
      </ErrorMessage>
    );
  } else {
    const step = telegramStep(status.data, link, now);
    const bot = status.data.bot_username ? `@${status.data.bot_username}` : t('profile.telegram.botFallback');
    if (step === 'off') {
      body = (
        <p className="text-sm text-slate-500" data-testid="telegram-off">
          {t('profile.telegram.off')}
        </p>
      );
    } else if (step === 'linked') {
      body = <LinkedChat bot={bot} onUnlinked={() => setLink(null)} />;
    } else {
      const onLink = (deepLink: string) => {
        const at = Date.now();
        setNow(at);
        setLink(pendingLink(deepLink, at));
      };
      body = <ConnectChat step={step} link={link} bot={bot} onLink={onLink} />;
    }
  }

  return (
    <section aria-labelledby="telegram-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <Send aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <h3 id="telegram-title" className="text-sm font-semibold text-slate-900">
          {t('profile.telegram.title')}
        </h3>
      </div>
      <div className="sm:pl-8">{body}</div>
    </section>
  );
}

function LinkedChat({ bot, onUnlinked }: { bot: string; onUnlinked: () => void }) {
  const t = useT();
  const unlink = useUnlinkTelegram();
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <CircleCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t('profile.telegram.linked')}
      </p>
      <p className="text-sm text-slate-500">{t('profile.telegram.linkedHint', { bot })}</p>
      <ErrorMessage>
        {unlink.isError ? failureMessage(unlink.error, t('profile.telegram.unlinkFailed')) : null}
      </ErrorMessage>
      <Button
        variant="secondary"
        loading={unlink.isPending}
        onClick={() => unlink.mutate(undefined, { onSuccess: onUnlinked })}
      >
        {t('profile.telegram.unlink')}
      </Button>
    </div>
  );
}

function ConnectChat({
  step,
  link,
  bot,
  onLink,
}: {
  step: Exclude<TelegramStep, 'off' | 'linked'>;
  link: PendingLink | null;
  bot: string;
  onLink: (deepLink: string) => void;
}) {
  const t = useT();
  const create = useCreateTelegramLink();
  const request = () => create.mutate(undefined, { onSuccess: ({ deep_link }) => onLink(deep_link) });
  const error = create.isError ? failureMessage(create.error, t('profile.telegram.linkFailed')) : null;

  if (step === 'waiting' && link) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          <T
            id="profile.telegram.waiting"
            values={{ b: (chunks) => <span className="font-medium">{chunks}</span> }}
          />
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <a
            href={link.deepLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary')}
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {t('profile.telegram.open')}
          </a>
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner size="sm" />
            {t('profile.telegram.pending')}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {step === 'expired' ? t('profile.telegram.expired') : t('profile.telegram.unlinked', { bot })}
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      <Button variant="secondary" loading={create.isPending} onClick={request}>
        {t('profile.telegram.link')}
      </Button>
    </div>
  );
}
