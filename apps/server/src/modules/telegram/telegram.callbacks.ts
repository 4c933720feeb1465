import { type Language, type Message, msg, type OfferStatus, type TelegramCallbackQuery } from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { languageOfTag, recipientLanguage, tr } from '../../lib/texts.ts';
import { approveOffer, changeOfferState, getOffer } from '../offers/offers.service.ts';
import type { TelegramBot } from './telegram.bot.ts';
import type { InlineButton } from './telegram.client.ts';
import { type ChatUser, findChatUser } from './telegram.repository.ts';

// An OFFER_PENDING message's Approve and Reject buttons (DESIGN.md section 13). A press acts
// through the offers' own service functions as the user whose chat it is, so the state table of
// DESIGN.md section 3 decides exactly as on the web: only the other party decides (the creator
// gets the web's 403 text), a decided offer answers that it is decided (the web's 409), a
// shortfall leaves the offer PENDING. The bot answers the press with the outcome; once the offer
// is decided the message keeps a line saying so and loses its buttons.

type Decision = 'approve' | 'reject';

/** Callback data (1-64 bytes): `offer:<id>:approve` or `offer:<id>:reject`. */
const CALLBACK_DATA = /^offer:([1-9]\d{0,8}):(approve|reject)$/;

/** Actions taken through the bot are audited with this in place of an IP address. */
export const TELEGRAM_AUDIT_IP = 'telegram';

const STATUS_TEXTS: Record<OfferStatus, Message> = {
  DRAFT: msg('bot.draft'),
  PENDING: msg('bot.pending'),
  APPROVED: msg('bot.approved'),
  REJECTED: msg('bot.rejected'),
  CANCELED: msg('bot.canceled'),
};

export const CALLBACK_TEXTS = {
  notLinked: msg('bot.telegram_account_isn_t_connected'),
  unknownButton: msg('bot.button_no_longer_works'),
  failed: msg('bot.something_went_wrong_try_again'),
  approved: (id: number) => msg('bot.offer_approved', { id }),
  rejected: (id: number) => msg('bot.offer_rejected', { id }),
  decided: (id: number, status: OfferStatus) =>
    msg('bot.offer_has_already_been_decided', { id, status: STATUS_TEXTS[status] }),
  approvedNote: msg('bot.approved_note'),
  rejectedNote: msg('bot.rejected_note'),
  decidedNote: (status: OfferStatus) => msg('bot.decided_note', { status: STATUS_TEXTS[status] }),
  approve: msg('bot.approve'),
  reject: msg('bot.reject'),
} as const;

/** The buttons of an OFFER_PENDING message. */
export function offerButtons(offerId: number, language: Language): InlineButton[][] {
  return [
    [
      { text: tr(language, CALLBACK_TEXTS.approve), callback_data: `offer:${offerId}:approve` },
      { text: tr(language, CALLBACK_TEXTS.reject), callback_data: `offer:${offerId}:reject` },
    ],
  ];
}

export function parseOfferCallback(data: string | undefined): { offerId: number; decision: Decision } | null {
  const match = data ? CALLBACK_DATA.exec(data) : null;
  if (!match) return null;
  return { offerId: Number(match[1]), decision: match[2] as Decision };
}

interface Outcome {
  /** The answer to the press (a toast, or an alert for a refusal). */
  answer: Message;
  alert: boolean;
  /** The decided offer's line added to the message, whose buttons go; null leaves the message. */
  note: Message | null;
}

/** Acts on a press and answers it; every failure is answered and logged, none is thrown. */
export async function handleCallbackQuery(deps: Deps, bot: TelegramBot, query: TelegramCallbackQuery) {
  let outcome: Outcome;
  // The presser's language: their own choice in the app, else their Telegram's.
  let language = languageOfTag(query.from.language_code);
  try {
    const user = await findChatUser(deps.db, query.from.id);
    language = recipientLanguage(user?.language, language);
    outcome = await decide(deps, query, user);
  } catch (err) {
    deps.log.error({ err, data: query.data }, 'telegram: a button press failed');
    outcome = { answer: CALLBACK_TEXTS.failed, alert: true, note: null };
  }
  const note = outcome.note === null ? null : tr(language, outcome.note);
  await bot.client
    .answerCallbackQuery(query.id, tr(language, outcome.answer), outcome.alert)
    .catch((err: unknown) => deps.log.warn({ err }, 'telegram: answering a button press failed'));
  const message = query.message;
  if (note === null || !message) return;
  const edit = message.text
    ? bot.client.editMessageText(message.chat.id, message.message_id, `${message.text}\n\n${note}`)
    : bot.client.editMessageReplyMarkup(message.chat.id, message.message_id);
  await edit.catch((err: unknown) => deps.log.warn({ err }, 'telegram: taking the buttons away failed'));
}

/** `user`: who pressed, the Telegram user whose private chat with the bot is the one linked. */
async function decide(
  deps: Deps,
  query: TelegramCallbackQuery,
  user: ChatUser | undefined,
): Promise<Outcome> {
  const button = parseOfferCallback(query.data);
  if (!button) return { answer: CALLBACK_TEXTS.unknownButton, alert: false, note: null };
  if (!user?.is_active) return { answer: CALLBACK_TEXTS.notLinked, alert: true, note: null };
  const actor: Actor = { id: user.id, businessId: user.business_id, role: user.role, ip: TELEGRAM_AUDIT_IP };
  const { offerId, decision } = button;
  try {
    if (decision === 'approve') {
      await approveOffer(deps, actor, offerId, null);
      return { answer: CALLBACK_TEXTS.approved(offerId), alert: false, note: CALLBACK_TEXTS.approvedNote };
    }
    await changeOfferState(deps, actor, offerId, 'reject');
    return { answer: CALLBACK_TEXTS.rejected(offerId), alert: false, note: CALLBACK_TEXTS.rejectedNote };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return refused(deps, actor, offerId, err);
  }
}

/**
 * A refusal in the web's words (403 not your side, 404, 409 a shortfall), except a 409 for an
 * offer no longer PENDING: that one says it is decided, and the buttons go.
 */
async function refused(deps: Deps, actor: Actor, offerId: number, err: AppError): Promise<Outcome> {
  if (err.status === 409) {
    const status = await getOffer(deps, actor, offerId).then(
      (offer) => offer.status,
      () => null,
    );
    if (status && status !== 'PENDING') {
      return {
        answer: CALLBACK_TEXTS.decided(offerId, status),
        alert: true,
        note: CALLBACK_TEXTS.decidedNote(status),
      };
    }
  }
  return { answer: err.detail, alert: true, note: null };
}
