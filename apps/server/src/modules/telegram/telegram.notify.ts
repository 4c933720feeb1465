import type { Language } from '@app/shared';
import { recipientLanguage } from '../../lib/texts.ts';
import {
  type ClaimedNotification,
  type NotificationSender,
  notificationTexts,
} from '../notifications/notifications.service.ts';
import { offerButtons } from './telegram.callbacks.ts';
import { createTelegramClient } from './telegram.client.ts';

// Notifications by Telegram (DESIGN.md section 13): the delivery (notifications/delivery.ts)
// hands this sender every notification it claimed; those of a user with a linked chat go out
// with sendMessage. An OFFER_PENDING one, written only for the party who decides (the offers'
// trigger, db/functions/85_events.sql), carries the Approve and Reject buttons; no other kind
// does, so an offer's creator never gets them. A failing call throws: the delivery logs it and
// the other channels and notifications go on.

/** The message, in its recipient's language: the notification's title, then its body. */
export function telegramText(
  n: Pick<ClaimedNotification, 'title' | 'body' | 'title_message' | 'body_message'>,
  language: Language,
): string {
  const { title, body } = notificationTexts(n, language);
  return body ? `${title}\n\n${body}` : title;
}

export const sendTelegramNotification: NotificationSender = async (deps, n) => {
  const settings = deps.config.telegram;
  if (!settings || n.telegram_chat_id === null) return;
  const language = recipientLanguage(n.language);
  const buttons =
    n.kind === 'OFFER_PENDING' && n.entity === 'offer' && n.entity_id !== null
      ? offerButtons(n.entity_id, language)
      : undefined;
  // The client holds nothing but the address and token: one per message costs nothing.
  await createTelegramClient(settings).sendMessage(n.telegram_chat_id, telegramText(n, language), buttons);
};
