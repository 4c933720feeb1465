import { z } from 'zod';

// Telegram (DESIGN.md section 13): linking a user's Telegram chat to their account, and the
// updates Telegram posts to the bot's webhook.

/** POST api/telegram/link/: a single-use code (10 minutes) and the link that sends it to the bot. */
export const TelegramLinkSchema = z.object({
  code: z.string().describe('Single use, valid 10 minutes; the bot takes it as /start <code>'),
  deep_link: z.string().describe('https://t.me/<bot username>?start=<code>: opens the bot with the code'),
});
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;

/** GET api/telegram/link/: whether the server has a bot and whether my account is linked to a chat. */
export const TelegramStatusSchema = z.object({
  /** False when the server runs without TELEGRAM_BOT_TOKEN: the link and webhook answer 404. */
  enabled: z.boolean(),
  linked: z.boolean(),
  /** The bot's username (from getMe), null while unknown or when Telegram is off. */
  bot_username: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

/** What the webhook answers Telegram for every update it takes, handled or ignored. */
export const TelegramWebhookReplySchema = z.object({ ok: z.literal(true) });

// The parts of a Telegram Update (core.telegram.org/bots/api#update) the bot reads. Loose: other
// fields pass, and an update that does not match (another type, a missing part) is ignored with a
// 200, so Telegram does not send it again and again.

/** Telegram's ids of users and chats fit in 52 bits (a group's are negative). */
const TelegramIdSchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

const TelegramChatSchema = z.looseObject({ id: TelegramIdSchema, type: z.string() });
// language_code: the person's Telegram language, for the bot's answers (DESIGN.md section 14).
const TelegramUserSchema = z.looseObject({ id: TelegramIdSchema, language_code: z.string().optional() });

export const TelegramMessageSchema = z.looseObject({
  message_id: z.number().int(),
  chat: TelegramChatSchema,
  from: TelegramUserSchema.optional(),
  text: z.string().optional(),
});

export const TelegramCallbackQuerySchema = z.looseObject({
  id: z.string(),
  from: TelegramUserSchema,
  /** Absent for a message too old to read (Telegram then sends `date: 0` and no text). */
  message: z
    .looseObject({ message_id: z.number().int(), chat: TelegramChatSchema, text: z.string().optional() })
    .optional(),
  data: z.string().optional(),
});

export const TelegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: TelegramMessageSchema.optional(),
  callback_query: TelegramCallbackQuerySchema.optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;
export type TelegramMessage = z.infer<typeof TelegramMessageSchema>;
export type TelegramCallbackQuery = z.infer<typeof TelegramCallbackQuerySchema>;
