import type { FastifyBaseLogger } from 'fastify';
import type { TelegramConfig } from '../../config.ts';
import { createTelegramClient, type TelegramClient } from './telegram.client.ts';

// The bot's username, for the deep links (DESIGN.md section 13: from getMe at start). Asked once
// and kept; a getMe that fails is logged and asked again later (growing pauses, and at the next
// link request), so a Telegram outage at start neither stops the server nor lasts in it.

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 300_000;

export interface BotIdentity {
  /** The username, asking getMe now if it is not known yet; null when Telegram does not answer. */
  username(): Promise<string | null>;
  /** The username if already known, without asking. */
  knownUsername(): string | null;
  /** Asks getMe in the background (the app's start). */
  start(): void;
  /** Stops the retries (the app's close). */
  stop(): void;
}

export function createBotIdentity(
  client: Pick<TelegramClient, 'getMe'>,
  log: FastifyBaseLogger,
  retry: { firstMs: number; maxMs: number } = { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS },
): BotIdentity {
  let known: string | null = null;
  let asking: Promise<string | null> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;

  const retryLater = () => {
    if (stopped || timer) return;
    const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** (failures - 1));
    log.warn({ retryInMs: delay }, 'telegram: getMe failed; the bot username is asked again later');
    timer = setTimeout(() => {
      timer = undefined;
      void username();
    }, delay);
    timer.unref();
  };

  function username(): Promise<string | null> {
    if (known) return Promise.resolve(known);
    asking ??= client
      .getMe()
      .then(
        (me) => {
          known = me.username;
          failures = 0;
          clearTimeout(timer);
          timer = undefined;
          log.info({ bot: me.username }, 'telegram: bot identified');
          return known;
        },
        (err: unknown) => {
          failures++;
          log.warn({ err }, 'telegram: getMe failed');
          retryLater();
          return null;
        },
      )
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  return {
    username,
    knownUsername: () => known,
    start: () => void username(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The bot of a server process: its Bot API client and its username. */
export interface TelegramBot {
  client: TelegramClient;
  identity: BotIdentity;
}

export function createTelegramBot(config: TelegramConfig, log: FastifyBaseLogger): TelegramBot {
  const client = createTelegramClient(config);
  return { client, identity: createBotIdentity(client, log) };
}
