import { createHash, timingSafeEqual } from 'node:crypto';
import { msg, TelegramLinkSchema, TelegramStatusSchema, TelegramWebhookReplySchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import { requestLanguage } from '../../lib/texts.ts';
import { createTelegramBot, type TelegramBot } from './telegram.bot.ts';
import {
  createLinkCode,
  handleUpdate,
  telegramOff,
  telegramStatus,
  unlinkTelegram,
} from './telegram.service.ts';

// api/telegram/ (DESIGN.md section 13). Without TELEGRAM_BOT_TOKEN the server has no bot: the
// status answers `enabled: false` and the link and webhook routes 404 with a detail saying so.

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The link's 503: the database's, or Telegram not answering getMe (the bot's username is unknown). */
const BusySchema = z.object({ detail: z.string() }).meta({
  description: 'The database, or Telegram (getMe), does not answer for a moment: try again',
  headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } },
});

/** Compares the two secrets in constant time (their digests have one length whatever theirs are). */
function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export async function telegramRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const settings = deps.config.telegram;
  const bot = settings ? createTelegramBot(settings, deps.log) : null;
  if (bot) {
    // getMe at start, in the background: a Telegram outage does not hold the server's start.
    app.addHook('onReady', async () => bot.identity.start());
    app.addHook('onClose', async () => bot.identity.stop());
  }
  await linkRoutes(app, deps, bot);
  await webhookRoutes(app, deps, bot);
}

/** The server's bot, or the 404 that says it has none. */
function botOrOff(bot: TelegramBot | null): TelegramBot {
  if (!bot) throw telegramOff();
  return bot;
}

/** My account's link to a Telegram chat: status, link, unlink. */
async function linkRoutes(app: FastifyInstance, deps: Deps, bot: TelegramBot | null): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['telegram'];

  r.get(
    '/telegram/link/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Whether the server has a Telegram bot, and whether my account is linked to a chat',
        response: { 200: TelegramStatusSchema, ...ErrorSchemas },
      },
    },
    async (request) => telegramStatus(deps, bot, actorOf(request)),
  );

  r.post(
    '/telegram/link/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'A single-use code (10 minutes) and its deep link https://t.me/<bot>?start=<code>; a new one ends the older. 404 without a bot, 503 while Telegram does not answer getMe',
        body: z.unknown().optional(),
        response: {
          200: TelegramLinkSchema,
          ...ErrorSchemas,
          503: BusySchema,
        },
      },
    },
    async (request) => createLinkCode(deps, botOrOff(bot), actorOf(request)),
  );

  r.delete(
    '/telegram/link/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Unlinks my Telegram chat (the bot says so there); 404 without a bot',
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await unlinkTelegram(deps, botOrOff(bot), actorOf(request), requestLanguage(request));
      return reply.status(204).send(null);
    },
  );
}

/** Telegram's webhook, behind its secret header. */
async function webhookRoutes(app: FastifyInstance, deps: Deps, bot: TelegramBot | null): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = deps.config.telegram;
  const tags = ['telegram'];

  const checkSecret = async (request: FastifyRequest) => {
    if (!settings) throw telegramOff();
    if (!sameSecret(request.headers[SECRET_HEADER], settings.webhookSecret))
      throw unauthorized(msg('errors.telegram.x_telegram_bot_api_secret'));
  };

  r.post(
    '/telegram/webhook/',
    {
      // Before the body is read: without the secret nothing of the request is looked at.
      onRequest: checkSecret,
      schema: {
        tags,
        summary:
          "Telegram's webhook (setWebhook's secret_token in X-Telegram-Bot-Api-Secret-Token, else 401): /start <code> links the chat, the offer buttons approve or reject. Every update it takes answers 200, handled or ignored; 400 only for a body that is not JSON",
        security: [],
        headers: z.object({
          [SECRET_HEADER]: z.string().optional().describe('The secret_token given to setWebhook'),
        }),
        body: z.unknown().describe('A Telegram Update (core.telegram.org/bots/api#update)'),
        response: { 200: TelegramWebhookReplySchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      await handleUpdate(deps, botOrOff(bot), request.body);
      return { ok: true as const };
    },
  );
}
