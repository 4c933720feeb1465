import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from './client.ts';

// A local HTTP server that answers as Telegram's Bot API does (core.telegram.org/bots/api):
// POST /bot<token>/<method> with a JSON body, answered `{ok: true, result}` or `{ok: false,
// error_code, description}`. It records every call, so the real client
// (modules/telegram/telegram.client.ts) is tested without the internet. `failures` makes the
// next calls of a method fail as Telegram would.

export const TEST_BOT = { id: 7_000_000_001, username: 'backoffice_test_bot', first_name: 'Back office' };

export interface BotApiCall {
  method: string;
  body: Record<string, any>;
}

export interface BotApiFailure {
  status: number;
  description: string;
  /** Fail only the calls whose body matches (by default every call of the method). */
  when?: (body: Record<string, any>) => boolean;
  /** How many calls fail (by default every matching one until the entry is removed). */
  times?: number;
}

export interface TelegramApi {
  /** TELEGRAM_API_URL for the app. */
  url: string;
  token: string;
  calls: BotApiCall[];
  /** Method -> how its next calls fail. */
  failures: Map<string, BotApiFailure>;
  /** The recorded calls of a method, optionally to one chat. */
  callsOf(method: string, chatId?: number): BotApiCall[];
  close(): Promise<void>;
}

export async function startTelegramApi(token: string): Promise<TelegramApi> {
  const calls: BotApiCall[] = [];
  const failures = new Map<string, BotApiFailure>();
  let nextMessageId = 100;

  const result = (method: string, body: Record<string, any>): unknown => {
    const message = () => ({
      message_id: method === 'sendMessage' ? nextMessageId++ : body.message_id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: body.chat_id, type: 'private' },
      from: { id: TEST_BOT.id, is_bot: true, first_name: TEST_BOT.first_name, username: TEST_BOT.username },
      text: body.text,
      ...(body.reply_markup?.inline_keyboard?.length ? { reply_markup: body.reply_markup } : {}),
    });
    switch (method) {
      case 'getMe':
        return { ...TEST_BOT, is_bot: true, can_join_groups: true };
      case 'sendMessage':
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        return message();
      case 'answerCallbackQuery':
        return true;
      default:
        return undefined;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match)
        return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2] as string;
      let body: Record<string, any>;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
      }
      calls.push({ method, body });
      const failure = failures.get(method);
      if (failure && (!failure.when || failure.when(body))) {
        if (failure.times !== undefined && --failure.times <= 0) failures.delete(method);
        return send(failure.status, {
          ok: false,
          error_code: failure.status,
          description: failure.description,
        });
      }
      const answer = result(method, body);
      if (answer === undefined) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      send(200, { ok: true, result: answer });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    failures,
    callsOf: (method, chatId) =>
      calls.filter((c) => c.method === method && (chatId === undefined || c.body.chat_id === chatId)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The token and webhook secret the tests' apps run with. */
export const TEST_TOKEN = '123456789:TEST-token-of-the-local-bot-api_0123';
export const TEST_SECRET = 'test-webhook-secret_0123456789';

/** The app's environment for a bot served by `api`. */
export function telegramEnv(api: TelegramApi): Record<string, string> {
  return { TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_WEBHOOK_SECRET: TEST_SECRET, TELEGRAM_API_URL: api.url };
}

const DEEP_LINK = new RegExp(`^https://t\\.me/${TEST_BOT.username}\\?start=([\\w-]{22})$`);

/**
 * Telegram's side of the conversation with the app at `appUrl`: the updates Telegram posts to
 * the webhook for what people do in their chats, and what the bot sent there.
 */
export function telegramSide(api: TelegramApi, appUrl: string) {
  let updateId = 1;
  let messageId = 1;
  /** Chat ids (a private chat's id is its user's id), above 2^32 as real ones are. */
  let nextChat = 5_000_000_000;

  /** Telegram posting an update to the webhook (a string is sent as the raw body). */
  const webhook = (update: object | string, secret: string | null = TEST_SECRET) =>
    new ApiClient(appUrl).request(
      'POST',
      'telegram/webhook/',
      typeof update === 'string' ? update : { update_id: updateId++, ...update },
      secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    );

  const side = {
    webhook,
    newChat: () => nextChat++,
    /** A text message from a person in their chat with the bot (private unless `type` says). */
    message(chatId: number, text: string, type = 'private', languageCode = 'uz') {
      const from = { id: chatId, is_bot: false, first_name: 'Test', language_code: languageCode };
      return webhook({
        message: { message_id: messageId++, date: 1_800_000_000, chat: { id: chatId, type }, from, text },
      });
    },
    /** A press of an inline button on a message the bot sent to the chat. */
    press(chatId: number, data: string, sent?: { message_id: number; text: string }) {
      return webhook({
        callback_query: {
          id: `cb-${updateId}`,
          from: { id: chatId, is_bot: false, first_name: 'Test' },
          chat_instance: '-42',
          data,
          message: {
            message_id: sent?.message_id ?? messageId++,
            date: 1_800_000_000,
            chat: { id: chatId, type: 'private' },
            text: sent?.text ?? 'Taklif',
          },
        },
      });
    },
    lastCall: (method: string, chatId?: number): BotApiCall | undefined => api.callsOf(method, chatId).at(-1),
    /** What the bot answered the last button press. */
    lastAnswer: () => side.lastCall('answerCallbackQuery')?.body,
    /** POST api/telegram/link/ as the client; checks the deep link carries the code. */
    async newCode(client: ApiClient): Promise<string> {
      const res = await client.post('telegram/link/');
      const code = DEEP_LINK.exec(res.body?.deep_link ?? '')?.[1];
      if (res.status !== 200 || code === undefined || code !== res.body.code)
        throw new Error(`no link code: ${res.status} ${JSON.stringify(res.body)}`);
      return code;
    },
    /** Links the client's account to a new chat through the real flow; answers the chat id. */
    async linkNewChat(client: ApiClient): Promise<number> {
      const chat = side.newChat();
      const res = await side.message(chat, `/start ${await side.newCode(client)}`);
      const reply = side.lastCall('sendMessage', chat)?.body.text;
      if (res.status !== 200 || !/ulandi/.test(reply)) throw new Error(`not linked: ${res.status} ${reply}`);
      return chat;
    },
  };
  return side;
}
