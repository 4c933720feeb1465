// A Server-Sent Events stream read with fetch (DESIGN.md section 13): the bearer token goes in a
// header, never in a URL, which rules EventSource out. It reconnects with a growing wait, sends
// Last-Event-ID so the server replays what was missed, gets a new access token after a 401, and
// gives up a connection that has gone silent (the server writes a comment every 25 s).
import { createParser } from 'eventsource-parser';

export interface StreamEvent {
  /** The `event:` field; 'message' when the server named none (as EventSource does). */
  type: string;
  id: string | undefined;
  data: string;
}

export interface BackoffOptions {
  /** The first wait after a failure. */
  initialMs: number;
  /** The longest wait. */
  maxMs: number;
  /** A connection that stayed open this long was healthy: the next failure waits initialMs again. */
  healthyMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 30_000, healthyMs: 10_000 };

/** No byte for this long (heartbeats included) and the connection is taken for dead. */
export const DEFAULT_IDLE_MS = 60_000;

/**
 * The wait before reconnect number `attempt` (0 first): initialMs doubling up to maxMs, then a
 * random part of its upper half taken off, so the tabs a restarted server dropped do not all come
 * back in the same instant ("equal jitter").
 */
export function backoffDelay(
  attempt: number,
  options: Pick<BackoffOptions, 'initialMs' | 'maxMs'> = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export interface OpenInfo {
  /** Not the first connection of this stream: something may have happened in between. */
  reconnect: boolean;
  /** Sent with Last-Event-ID: the server replays what was missed since that event. */
  resumed: boolean;
}

export interface EventStreamOptions {
  url: string;
  /** Sent with every connection (the interface language, so notifications come in it). */
  headers?: Record<string, string>;
  /** The access token now; null ends the stream (signed out). */
  getToken: () => string | null;
  /** A new access token after a 401, or null (the session is over, or the server is unreachable). */
  refreshToken: () => Promise<string | null>;
  onEvent: (event: StreamEvent) => void;
  onOpen?: (info: OpenInfo) => void;
  backoff?: Partial<BackoffOptions>;
  idleMs?: number;
  /** For tests: the network, the clock and the dice. */
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
}

export interface EventStreamHandle {
  /** Stops for good: the open connection is aborted, no reconnect follows. */
  close(): void;
  /** Cuts a pending wait short and reconnects now (e.g. when the browser comes back online). */
  wake(): void;
  /** Settles when the stream has stopped (closed, or signed out). */
  readonly done: Promise<void>;
}

/** Opens the stream at once and keeps it open until close() or until there is no token. */
export function openEventStream(options: EventStreamOptions): EventStreamHandle {
  const controller = new AbortController();
  let wakeUp: (() => void) | null = null;
  const done = runStream(options, controller.signal, (resolve) => {
    wakeUp = resolve;
  }).catch((err: unknown) => {
    if (!controller.signal.aborted) console.error('event stream stopped', err);
  });
  return {
    close: () => controller.abort(),
    wake: () => wakeUp?.(),
    done,
  };
}

type WakeRegistrar = (resolve: () => void) => void;

function wait(ms: number, signal: AbortSignal, onWake: WakeRegistrar): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      onWake(() => {});
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    onWake(finish);
  });
}

async function runStream(o: EventStreamOptions, signal: AbortSignal, onWake: WakeRegistrar): Promise<void> {
  const backoff = { ...DEFAULT_BACKOFF, ...o.backoff };
  const doFetch = o.fetch ?? ((input, init) => fetch(input, init));
  const now = o.now ?? Date.now;
  let lastEventId: string | undefined;
  let attempt = 0;
  let opened = false;
  // One refresh per 401, then a wait before the next: a server that keeps refusing fresh tokens
  // must not be asked in a tight loop.
  let refreshedFor401 = false;

  while (!signal.aborted) {
    const token = o.getToken();
    if (!token) return;
    let openedAt: number | undefined;
    try {
      const outcome = await connectOnce({
        url: o.url,
        headers: o.headers ?? {},
        token,
        lastEventId,
        signal,
        idleMs: o.idleMs ?? DEFAULT_IDLE_MS,
        fetch: doFetch,
        onOpen: () => {
          openedAt = now();
          refreshedFor401 = false;
          o.onOpen?.({ reconnect: opened, resumed: lastEventId !== undefined });
          opened = true;
        },
        onEvent: (event) => {
          if (event.id) lastEventId = event.id;
          try {
            o.onEvent(event);
          } catch (err) {
            console.error('event handler failed', err);
          }
        },
      });
      if (outcome === 'unauthorized') {
        if (!refreshedFor401) {
          refreshedFor401 = true;
          if (await o.refreshToken()) continue;
        } else {
          refreshedFor401 = false;
        }
      }
    } catch {
      // A network error, a dropped or a silent connection: wait and try again.
    }
    if (signal.aborted) return;
    if (openedAt !== undefined && now() - openedAt >= backoff.healthyMs) attempt = 0;
    await wait(backoffDelay(attempt, backoff, o.random), signal, onWake);
    attempt += 1;
  }
}

type ConnectOutcome = 'unauthorized' | 'refused' | 'ended';

interface ConnectOptions {
  url: string;
  headers: Record<string, string>;
  token: string;
  lastEventId: string | undefined;
  signal: AbortSignal;
  idleMs: number;
  fetch: typeof fetch;
  onOpen: () => void;
  onEvent: (event: StreamEvent) => void;
}

/** One connection, from the request until the body ends, fails or goes silent. */
async function connectOnce(c: ConnectOptions): Promise<ConnectOutcome> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  c.signal.addEventListener('abort', abort, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(abort, c.idleMs);
  };
  try {
    armIdle();
    const headers: Record<string, string> = {
      ...c.headers,
      Accept: 'text/event-stream',
      Authorization: `Bearer ${c.token}`,
    };
    if (c.lastEventId) headers['Last-Event-ID'] = c.lastEventId;
    const response = await c.fetch(c.url, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === 401 || !response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      return response.status === 401 ? 'unauthorized' : 'refused';
    }
    c.onOpen();
    const parser = createParser({
      onEvent: (e) => c.onEvent({ type: e.event ?? 'message', id: e.id, data: e.data }),
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armIdle();
        parser.feed(value);
      }
    } finally {
      reader.releaseLock();
    }
    return 'ended';
  } finally {
    clearTimeout(idle);
    c.signal.removeEventListener('abort', abort);
    connection.abort();
  }
}
