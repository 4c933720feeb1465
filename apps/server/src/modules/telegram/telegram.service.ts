import { createHash, randomBytes } from 'node:crypto';
import {
  type Language,
  type Message,
  msg,
  type TelegramLink,
  type TelegramMessage,
  type TelegramStatus,
  TelegramUpdateSchema,
} from '@app/shared';
import { auditAccount, auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { languageOfTag, tr } from '../../lib/texts.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { TelegramBot } from './telegram.bot.ts';
import { handleCallbackQuery, TELEGRAM_AUDIT_IP } from './telegram.callbacks.ts';
import * as repo from './telegram.repository.ts';

// Linking a Telegram chat to a user, and the updates of the bot's webhook (DESIGN.md section 13).
// A user asks for a link (a code, single use, 10 minutes) and opens it: Telegram sends the bot
// `/start <code>`, and the chat that sent it is linked to the code's user. A chat linked to
// another user moves to this one (our choice: whoever holds the chat has just signed in as this
// user to get the code; the other user simply stops getting messages there, and the audit says
// so). A user has at most one chat; a new link replaces the old one.

/** How long a link code lives (DESIGN.md section 13). */
export const LINK_CODE_TTL_MS = 10 * 60_000;

export const START_TEXTS = {
  linked: (email: string) => msg('bot.linked', { email }),
  moved: (email: string) => msg('bot.linked_moved', { email }),
  invalid: msg('bot.code_invalid_or_has_expired'),
  hello: msg('bot.hello_get_notifications_here_get'),
  privateOnly: msg('bot.telegram_can_only_connected_in'),
  unlinked: (email: string) => msg('bot.chat_has_been_disconnected_from', { email }),
} as const;

/** The answer when the server has no bot (TELEGRAM_BOT_TOKEN unset): 404, with a detail. */
export const telegramOff = () => notFound(msg('errors.telegram.no_telegram_bot_set_up'));

const botSilent = () =>
  new AppError(
    503,
    'telegram_unavailable',
    msg('errors.telegram.telegram_bot_not_responding_right'),
    undefined,
    { 'retry-after': '30' },
  );

/** A link code is kept only as its SHA-256 (the code is 128 random bits: no slow hash needed). */
export function hashLinkCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export async function telegramStatus(
  deps: Pick<Deps, 'db'>,
  bot: TelegramBot | null,
  actor: Actor,
): Promise<TelegramStatus> {
  const chat = await repo.findUserChat(deps.db, actor.id);
  return {
    enabled: bot !== null,
    linked: chat !== null,
    bot_username: bot?.identity.knownUsername() ?? null,
  };
}

/** POST api/telegram/link/: a new code for the actor (their earlier one ends) and its deep link. */
export async function createLinkCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  bot: TelegramBot,
  actor: Actor,
): Promise<TelegramLink> {
  const username = await bot.identity.username();
  if (!username) throw botSilent();
  // 128 bits in base64url: 22 of the characters a start parameter allows (A-Z a-z 0-9 _ -).
  const code = randomBytes(16).toString('base64url');
  const expiresAt = new Date(deps.clock().getTime() + LINK_CODE_TTL_MS);
  await inTransaction(deps.db, (trx) => repo.replaceLinkCode(trx, actor, hashLinkCode(code), expiresAt));
  return { code, deep_link: `https://t.me/${username}?start=${code}` };
}

/**
 * DELETE api/telegram/link/: the actor's chat is unlinked (nothing to do when none is), and told
 * so in the language the actor uses the app in.
 */
export async function unlinkTelegram(
  deps: Pick<Deps, 'db' | 'log'>,
  bot: TelegramBot,
  actor: Actor,
  language: Language,
) {
  const chat = await inTransaction(deps.db, async (trx) => {
    const user = await repo.lockUserChat(trx, actor.id);
    if (!user || user.telegram_chat_id === null) return null;
    await repo.setUserChat(trx, actor.id, null);
    await auditAs(trx, actor, {
      action: 'telegram.unlink',
      entity: 'user',
      entityId: actor.id,
      summary: msg('audit.telegram.telegram_chat_disconnected'),
    });
    return { id: user.telegram_chat_id, email: user.email };
  });
  if (chat) await reply(deps, bot, chat.id, tr(language, START_TEXTS.unlinked(chat.email)));
}

/**
 * One update of the webhook. Anything it does not handle (another update type, a message that is
 * not /start, a shape it does not know) is ignored: the route answers 200 all the same, so
 * Telegram does not send it again.
 */
export async function handleUpdate(deps: Deps, bot: TelegramBot, body: unknown): Promise<void> {
  const update = TelegramUpdateSchema.safeParse(body);
  if (!update.success) {
    deps.log.debug('telegram: an update of a shape the bot does not read, ignored');
    return;
  }
  const { message, callback_query: query } = update.data;
  if (message?.text !== undefined) await handleMessage(deps, bot, message);
  else if (query) await handleCallbackQuery(deps, bot, query);
}

/** `/start <code>` (also `/start@bot <code>`); other text is not the bot's business. */
const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;
/** What a code can be: a start parameter's characters, at most 64 (Telegram's limit). */
const CODE_SHAPE = /^[\w-]{1,64}$/;

async function handleMessage(deps: Deps, bot: TelegramBot, message: TelegramMessage): Promise<void> {
  const start = START.exec(message.text?.trim() ?? '');
  if (!start) return;
  const chatId = message.chat.id;
  // Before a chat is linked, the person's Telegram language is all the bot knows of them.
  const language = languageOfTag(message.from?.language_code);
  const say = (text: Message) => reply(deps, bot, chatId, tr(language, text));
  if (message.chat.type !== 'private') return say(START_TEXTS.privateOnly);
  const code = start[1];
  if (code === undefined) return say(START_TEXTS.hello);
  const linked = CODE_SHAPE.test(code) ? await linkChat(deps, chatId, code) : null;
  const text = !linked
    ? START_TEXTS.invalid
    : linked.moved
      ? START_TEXTS.moved(linked.email)
      : START_TEXTS.linked(linked.email);
  await say(text);
}

/**
 * Links the chat to the code's user if the code is known, unused and unexpired and its user
 * active; the code is used up in the same transaction. Null: refused.
 */
async function linkChat(deps: Pick<Deps, 'db' | 'clock'>, chatId: number, code: string) {
  const hash = hashLinkCode(code);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.lockLinkCode(trx, hash);
    if (!row || row.used_at !== null || row.expires_at <= now || !row.is_active) return null;
    await repo.markLinkCodeUsed(trx, hash, now);
    const losers = await repo.releaseChat(trx, chatId, row.id);
    await repo.setUserChat(trx, row.id, chatId);
    for (const loser of losers) {
      await auditAccount(
        trx,
        { userId: loser.id, businessId: loser.business_id },
        {
          action: 'telegram.unlink',
          summary: msg('audit.telegram.telegram_chat_moved_account', { email: row.email }),
          ip: TELEGRAM_AUDIT_IP,
        },
      );
    }
    await auditAccount(
      trx,
      { userId: row.id, businessId: row.business_id },
      {
        action: 'telegram.link',
        summary: msg('audit.telegram.telegram_chat_connected'),
        ip: TELEGRAM_AUDIT_IP,
      },
    );
    return { email: row.email, moved: losers.length > 0 };
  });
}

/** The bot's answer in a chat; a failure is logged (the link itself is already made or refused). */
async function reply(deps: Pick<Deps, 'log'>, bot: TelegramBot, chatId: number, text: string): Promise<void> {
  await bot.client
    .sendMessage(chatId, text)
    .then(() => undefined)
    .catch((err: unknown) => deps.log.warn({ err }, 'telegram: a reply failed'));
}
