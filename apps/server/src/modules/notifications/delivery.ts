import { msg } from '@app/shared';
import type { Deps } from '../../lib/context.ts';
import { escapeHtml, type MailMessage, mailLanguages } from '../../lib/mailer.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { recipientLanguage, tr } from '../../lib/texts.ts';
import { type ClaimedNotification, claimUndelivered } from './notifications.repository.ts';
import { notificationTexts } from './notify.ts';

// Notifications beyond the bell (DESIGN.md section 13): the kinds a user opted into
// (users.email_notifications) also go out by e-mail. Every server process runs the delivery; a
// notification is claimed (delivered_at set) by exactly one of them before it is sent, so it is
// sent once. Claimed before sending means at most once: a process that dies between the claim and
// the send loses that message, where sending while holding the rows locked would hold a
// transaction open across SMTP (and, on PGlite, the one connection every request needs).

type DeliveryDeps = Pick<Deps, 'db' | 'mailer' | 'log' | 'config'>;

/**
 * Sends one claimed notification by some other channel. Called for every claimed notification of
 * an active user, whatever its kind; the sender decides what it sends (a Telegram sender: those
 * whose recipient has a telegram_chat_id). A sender that throws is logged; the others still run.
 */
export type NotificationSender = (deps: DeliveryDeps, notification: ClaimedNotification) => Promise<void>;

export interface DeliveryOptions {
  /** The channels beside e-mail: app.ts passes Telegram's (modules/telegram/telegram.notify.ts). */
  extraSenders?: readonly NotificationSender[];
}

/** Notifications claimed at a time (the partial index of undelivered ones serves the claim). */
const BATCH = 100;
/** How often each server process looks for undelivered notifications. */
export const DELIVERY_INTERVAL_MS = 3_000;

/** Whether the recipient asked for this kind by e-mail too (PATCH api/auth/me/). */
function wantsEmail(n: ClaimedNotification): boolean {
  return n.email_notifications.includes(n.kind);
}

/** A notification as an e-mail, in its recipient's language: its title and body, as plain text and HTML. */
export function notificationMessage(n: ClaimedNotification, publicUrl: string | undefined): MailMessage {
  const language = recipientLanguage(n.language);
  const { title, body } = notificationTexts(n, language);
  const link = publicUrl ? `${publicUrl}/` : null;
  const why = mailLanguages(language).map((lang) =>
    tr(lang, msg('email.you_chose_receive_these_notifications')),
  );
  const text = [title, body, ...(link ? ['', link] : []), '', ...why].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p style="font-size:18px;font-weight:bold">${escapeHtml(title)}</p>
<p style="white-space:pre-line">${escapeHtml(body)}</p>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n` : ''}<p style="color:#666">${why.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { to: n.email, subject: title, text, html };
}

const sendEmail: NotificationSender = async (deps, n) => {
  if (wantsEmail(n)) await deps.mailer.send(notificationMessage(n, deps.config.publicUrl));
};

/**
 * Claims the undelivered notifications, a batch at a time, and sends each through its recipient's
 * channels (e-mail for the kinds they opted into, and the `extraSenders`). Returns how many were
 * claimed. A failed send is logged and not retried.
 */
export async function deliverNotifications(
  deps: DeliveryDeps,
  options: DeliveryOptions = {},
): Promise<number> {
  const senders = [sendEmail, ...(options.extraSenders ?? [])];
  let claimed = 0;
  for (;;) {
    const batch = await claimUndelivered(deps.db, BATCH);
    claimed += batch.length;
    for (const n of batch) {
      if (!n.is_active) continue;
      for (const send of senders) {
        await send(deps, n).catch((err: unknown) =>
          deps.log.error({ err, notification: n.id, kind: n.kind }, 'sending a notification failed'),
        );
      }
    }
    if (batch.length < BATCH) return claimed;
  }
}

/**
 * Runs the delivery at once and then every `intervalMs` after the previous run ended (runs never
 * overlap); the returned function stops it and waits for a run under way.
 */
export function startNotificationDelivery(
  deps: DeliveryDeps,
  options: DeliveryOptions & { intervalMs?: number } = {},
): () => Promise<void> {
  return repeatEvery(
    () =>
      deliverNotifications(deps, options).catch((err: unknown) =>
        deps.log.warn({ err }, 'notification delivery failed; next try at the next run'),
      ),
    () => options.intervalMs ?? DELIVERY_INTERVAL_MS,
  );
}
