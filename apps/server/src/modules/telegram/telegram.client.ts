import { z } from 'zod';
import type { TelegramConfig } from '../../config.ts';

// Telegram's Bot API (core.telegram.org/bots/api), the calls the bot makes: POST
// <apiUrl>/bot<token>/<method> with a JSON body, answered `{ok: true, result}` or `{ok: false,
// error_code, description}`. Tests point TELEGRAM_API_URL at a local server that speaks it
// (test/telegram-api.ts).

/** A slower answer counts as failed: the webhook and the delivery do not wait on Telegram longer. */
const TIMEOUT_MS = 10_000;
/** The Bot API's limits: a message's text, and the text of a callback query's answer. */
const MESSAGE_MAX = 4096;
const CALLBACK_ANSWER_MAX = 200;

/**
 * A failed call. The message names the method and Telegram's description, never the address
 * (it carries the token).
 */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's error_code (its HTTP status); 0 when there was no answer. */
    readonly status: number,
    readonly description: string,
  ) {
    super(`Telegram ${method} failed: ${status ? `${status} ` : ''}${description}`);
    this.name = 'TelegramApiError';
  }
}

export interface InlineButton {
  text: string;
  /** 1-64 bytes, sent back in the callback query. */
  callback_data: string;
}

export interface TelegramClient {
  getMe(): Promise<{ id: number; username: string }>;
  /** Plain text (no parse mode), with inline buttons when given. */
  sendMessage(chatId: number, text: string, buttons?: InlineButton[][]): Promise<{ message_id: number }>;
  answerCallbackQuery(callbackQueryId: string, text: string, showAlert?: boolean): Promise<void>;
  /** Replaces a message's text and takes its inline buttons away. */
  editMessageText(chatId: number, messageId: number, text: string): Promise<void>;
  /** Takes a message's inline buttons away, its text unchanged. */
  editMessageReplyMarkup(chatId: number, messageId: number): Promise<void>;
}

const AnswerSchema = z.looseObject({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
});
const BotSchema = z.looseObject({ id: z.number(), username: z.string().min(1) });
const MessageSchema = z.looseObject({ message_id: z.number() });
// editMessage* answer the edited message, or true for a message not sent by the bot itself.
const EditedSchema = z.union([MessageSchema, z.literal(true)]);

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const noButtons = { inline_keyboard: [] as InlineButton[][] };

export function createTelegramClient(config: Pick<TelegramConfig, 'apiUrl' | 'token'>): TelegramClient {
  async function call<T>(method: string, params: object, result: z.ZodType<T>): Promise<T> {
    const failed = (status: number, why: string) => new TelegramApiError(method, status, why);
    let body: unknown;
    let status = 0;
    try {
      const res = await fetch(`${config.apiUrl}/bot${config.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      body = await res.json();
    } catch (err) {
      // The cause is not kept: an undici error may carry the address, and with it the token.
      const name = (err as Error | null)?.name;
      if (name === 'TimeoutError') throw failed(status, `no answer in ${TIMEOUT_MS / 1000} s`);
      if (name === 'SyntaxError') throw failed(status, 'the answer is not JSON');
      throw failed(status, 'unreachable');
    }
    const answer = AnswerSchema.safeParse(body);
    if (!answer.success) throw failed(status, 'an answer not in the Bot API shape');
    if (!answer.data.ok) {
      throw failed(answer.data.error_code ?? status, answer.data.description ?? 'refused');
    }
    const parsed = result.safeParse(answer.data.result);
    if (!parsed.success) throw failed(status, 'an unexpected result');
    return parsed.data;
  }

  return {
    async getMe() {
      const bot = await call('getMe', {}, BotSchema);
      return { id: bot.id, username: bot.username };
    },
    async sendMessage(chatId, text, buttons) {
      const message = await call(
        'sendMessage',
        {
          chat_id: chatId,
          text: clip(text, MESSAGE_MAX),
          ...(buttons ? { reply_markup: { inline_keyboard: buttons } } : {}),
        },
        MessageSchema,
      );
      return { message_id: message.message_id };
    },
    async answerCallbackQuery(callbackQueryId, text, showAlert = false) {
      await call(
        'answerCallbackQuery',
        { callback_query_id: callbackQueryId, text: clip(text, CALLBACK_ANSWER_MAX), show_alert: showAlert },
        z.literal(true),
      );
    },
    async editMessageText(chatId, messageId, text) {
      await call(
        'editMessageText',
        { chat_id: chatId, message_id: messageId, text: clip(text, MESSAGE_MAX), reply_markup: noButtons },
        EditedSchema,
      );
    },
    async editMessageReplyMarkup(chatId, messageId) {
      await call(
        'editMessageReplyMarkup',
        { chat_id: chatId, message_id: messageId, reply_markup: noButtons },
        EditedSchema,
      );
    },
  };
}
