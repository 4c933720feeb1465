import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * An open `api/events/` stream read with the bearer header, as the web app reads it (DESIGN.md
 * section 13), parsed by eventsource-parser.
 */
export interface EventStream {
  status: number;
  /** Every event received so far. */
  events: EventSourceMessage[];
  /** Waits for an event that `match` accepts (5 s by default). */
  next(match?: (e: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  // node:http rather than fetch: one socket per stream, gone when the stream is closed (undici
  // keeps a spare connection open that a stopping server would wait a minute for).
  const req = http.get(`${baseUrl}/api/events/`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    agent: false,
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  const events: EventSourceMessage[] = [];
  const waiters: Array<{
    match: (e: EventSourceMessage) => boolean;
    resolve: (e: EventSourceMessage) => void;
  }> = [];
  const parser = createParser({
    onEvent(e) {
      events.push(e);
      for (const w of [...waiters]) {
        if (w.match(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    },
  });
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => parser.feed(chunk));
  const ended = new Promise<void>((resolve) => {
    res.once('close', resolve);
  });
  let seen = 0;
  return {
    status: res.statusCode ?? 0,
    events,
    ended,
    next(match = () => true, timeoutMs = 5000) {
      const earlier = events.slice(seen).find(match);
      if (earlier) {
        seen = events.indexOf(earlier) + 1;
        return Promise.resolve(earlier);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            seen = events.indexOf(e) + 1;
            resolve(e);
          },
        });
      });
    },
    close: () => req.destroy(),
  };
}
