import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, type EventStreamOptions, openEventStream, type StreamEvent } from './event-stream.ts';

afterEach(() => {
  vi.useRealTimers();
});

const encoder = new TextEncoder();

/**
 * A response whose body sends `chunks`, then ends (`end: true`) or stays open until the request
 * is aborted, as a real stream does.
 */
function streamResponse(signal: AbortSignal | null | undefined, chunks: string[], end = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (end) controller.close();
      else
        signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

interface Call {
  headers: Record<string, string>;
}

/** A fetch that answers each call with the next handler's response. */
function fakeFetch(handlers: Array<(init: RequestInit) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ headers: { ...(init?.headers as Record<string, string>) } });
    const handler = handlers[calls.length - 1];
    if (!handler) {
      // Nothing more to say: hang until aborted.
      return streamResponse(init?.signal, []);
    }
    return handler(init ?? {});
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function baseOptions(overrides: Partial<EventStreamOptions>): EventStreamOptions {
  return {
    url: '/api/events/',
    getToken: () => 'token-1',
    refreshToken: async () => null,
    onEvent: () => {},
    backoff: { initialMs: 1, maxMs: 1, healthyMs: 10_000 },
    random: () => 1,
    ...overrides,
  };
}

async function until(check: () => boolean) {
  await vi.waitFor(() => {
    if (!check()) throw new Error('not yet');
  });
}

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s; the jitter takes at most half off', () => {
    const top = (n: number) => backoffDelay(n, { initialMs: 1000, maxMs: 30_000 }, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(top)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(0, { initialMs: 1000, maxMs: 30_000 }, () => 0)).toBe(500);
    expect(backoffDelay(5, { initialMs: 1000, maxMs: 30_000 }, () => 0.5)).toBe(22_500);
  });

  it('never overflows for a long outage', () => {
    expect(backoffDelay(10_000, { initialMs: 1000, maxMs: 30_000 }, () => 1)).toBe(30_000);
  });
});

describe('openEventStream', () => {
  it('hands over each event with its type and id, and resumes from the last id after a drop', async () => {
    const events: StreamEvent[] = [];
    const opens: unknown[] = [];
    const { fetch, calls } = fakeFetch([
      (init) =>
        streamResponse(
          init.signal,
          [
            'retry: 2000\n: connected\n\n',
            'id: 7\nevent: message\ndata: {"conversation_id":1}\n\n',
            'id: 8\nevent: notif',
            'ication\ndata: {"unread":2}\n\n',
          ],
          true,
        ),
    ]);
    const stream = openEventStream(
      baseOptions({ fetch, onEvent: (e) => events.push(e), onOpen: (info) => opens.push(info) }),
    );
    await until(() => calls.length === 2);
    stream.close();
    await stream.done;

    expect(events).toEqual([
      { type: 'message', id: '7', data: '{"conversation_id":1}' },
      { type: 'notification', id: '8', data: '{"unread":2}' },
    ]);
    expect(calls[0]?.headers).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer token-1' });
    expect(calls[1]?.headers['Last-Event-ID']).toBe('8');
    expect(opens).toEqual([
      { reconnect: false, resumed: false },
      { reconnect: true, resumed: true },
    ]);
  });

  it('after a 401 gets a new access token and reconnects with it at once', async () => {
    let token = 'old';
    const refreshToken = vi.fn(async () => {
      token = 'new';
      return token;
    });
    const { fetch, calls } = fakeFetch([() => new Response('{"detail":"expired"}', { status: 401 })]);
    const stream = openEventStream(
      baseOptions({ fetch, getToken: () => token, refreshToken, backoff: { initialMs: 60_000 } }),
    );
    await until(() => calls.length === 2);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    stream.close();
    await stream.done;
  });

  it('stops when the refresh ends the session (no token any more)', async () => {
    let token: string | null = 'old';
    const { fetch, calls } = fakeFetch([() => new Response('', { status: 401 })]);
    const stream = openEventStream(
      baseOptions({
        fetch,
        getToken: () => token,
        refreshToken: async () => {
          token = null;
          return null;
        },
      }),
    );
    await stream.done;
    expect(calls).toHaveLength(1);
  });

  it('waits 1, 2, 4 s between failures and starts again from 1 s after a healthy connection', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const started: number[] = [];
    const fail = () => {
      started.push(clock);
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    const healthyThenDrop = (init: RequestInit) => {
      started.push(clock);
      return streamResponse(init.signal, [': connected\n\n'], false);
    };
    const { fetch } = fakeFetch([fail, fail, fail, healthyThenDrop, fail]);
    const controllerOf = { drop: () => {} };
    const wrapped: typeof fetch = (input, init) => {
      const inner = new AbortController();
      init?.signal?.addEventListener('abort', () => inner.abort());
      controllerOf.drop = () => inner.abort();
      return fetch(input, { ...init, signal: inner.signal });
    };
    const stream = openEventStream(
      baseOptions({
        fetch: wrapped,
        backoff: { initialMs: 1000, maxMs: 30_000, healthyMs: 10_000 },
        now: () => clock,
        idleMs: 10 ** 9,
      }),
    );
    const advance = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    await advance(0);
    await advance(1000);
    await advance(2000);
    await advance(4000);
    expect(started).toEqual([0, 1000, 3000, 7000]);
    // The fourth stays open 15 s, then drops: the next wait is 1 s again, not 8 s.
    await advance(15_000);
    controllerOf.drop();
    await advance(0);
    await advance(1000);
    expect(started).toEqual([0, 1000, 3000, 7000, 23_000]);
    stream.close();
    await stream.done;
  });

  it('gives up a connection that has gone silent and opens another', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch([(init) => streamResponse(init.signal, [': connected\n\n'])]);
    const stream = openEventStream(baseOptions({ fetch, idleMs: 5000 }));
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1);
    expect(calls).toHaveLength(2);
    stream.close();
    await stream.done;
  });

  it('wake() cuts the wait short', async () => {
    const { fetch, calls } = fakeFetch([() => Promise.reject(new TypeError('offline'))]);
    const stream = openEventStream(baseOptions({ fetch, backoff: { initialMs: 60_000, maxMs: 60_000 } }));
    await until(() => calls.length === 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toHaveLength(1);
    stream.wake();
    await until(() => calls.length === 2);
    stream.close();
    await stream.done;
  });

  it('a handler that throws does not end the stream', async () => {
    const seen: string[] = [];
    const { fetch } = fakeFetch([
      (init) => streamResponse(init.signal, ['id: 1\ndata: a\n\n', 'id: 2\ndata: b\n\n'], false),
    ]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stream = openEventStream(
      baseOptions({
        fetch,
        onEvent: (e) => {
          seen.push(e.data);
          if (e.data === 'a') throw new Error('boom');
        },
      }),
    );
    await until(() => seen.length === 2);
    expect(error).toHaveBeenCalled();
    stream.close();
    await stream.done;
    error.mockRestore();
  });
});
