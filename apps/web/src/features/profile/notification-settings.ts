// The rules of the profile's notification settings (DESIGN.md section 13): which notification
// kinds also come by e-mail, and the steps of linking a Telegram chat.
import { EMAIL_NOTIFICATION_KINDS, type EmailNotificationKind, type TelegramStatus } from '@app/shared';

/** The choice with `kind` ticked or unticked, in the order the server answers them. */
export function withKind(
  kinds: readonly EmailNotificationKind[],
  kind: EmailNotificationKind,
  on: boolean,
): EmailNotificationKind[] {
  return EMAIL_NOTIFICATION_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));
}

/** Whether two choices tick the same kinds, whatever their order. */
export function sameKinds(a: readonly EmailNotificationKind[], b: readonly EmailNotificationKind[]): boolean {
  return EMAIL_NOTIFICATION_KINDS.every((k) => a.includes(k) === b.includes(k));
}

/** A link code lives 10 minutes on the server (DESIGN.md section 13); counted here from its answer. */
export const LINK_CODE_TTL_MS = 10 * 60_000;
/** How often the status is asked again while the bot waits for the user's /start. */
export const LINK_POLL_MS = 3_000;

/** A deep link the server gave, and when (ms) its code stops working. */
export interface PendingLink {
  deepLink: string;
  expiresAt: number;
}

export function pendingLink(deepLink: string, now: number): PendingLink {
  return { deepLink, expiresAt: now + LINK_CODE_TTL_MS };
}

/**
 * What the Telegram block shows: `off` without a bot on the server, `linked`, `waiting` while a
 * link's code is still valid, `expired` once it is not (a new one is needed), else `unlinked`.
 */
export type TelegramStep = 'off' | 'linked' | 'waiting' | 'expired' | 'unlinked';

export function telegramStep(status: TelegramStatus, link: PendingLink | null, now: number): TelegramStep {
  if (!status.enabled) return 'off';
  if (status.linked) return 'linked';
  if (!link) return 'unlinked';
  return now < link.expiresAt ? 'waiting' : 'expired';
}

/** The status's refetch period: only while waiting for the chat to be linked, else none. */
export function linkPollInterval(
  status: TelegramStatus | undefined,
  link: PendingLink | null,
  now: number,
): number | false {
  return status && telegramStep(status, link, now) === 'waiting' ? LINK_POLL_MS : false;
}
