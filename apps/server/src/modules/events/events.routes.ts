import type { ServerResponse } from 'node:http';
import type { Language } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import type { StoredEvent } from '../../lib/events.ts';
import { ErrorSchemas, EventStreamSchema } from '../../lib/openapi.ts';
import { requestLanguage } from '../../lib/texts.ts';
import { type NotificationRow, notificationTexts } from '../notifications/notifications.service.ts';

// GET api/events/ (DESIGN.md section 13): the signed-in user's live events as Server-Sent Events,
// read with fetch and the bearer header (no token in a URL). After a reconnect, Last-Event-ID
// brings what was missed (a day of events is kept). Events are sent by id as they commit; one
// committed late with a lower id than one already seen reaches a connected stream live, but a
// stream that reconnects in between asks only for higher ids and misses it.

/** A comment line now and then keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What a client that stopped reading may leave unsent before its stream is closed (it reconnects). */
const MAX_UNSENT_BYTES = 1024 * 1024;
/** How soon a dropped stream reconnects (the client backs off further on repeated failures). */
const RETRY_MS = 2000;

const sse = (e: StoredEvent, language: Language) =>
  `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(readableData(e, language))}\n\n`;

/** A notification's title and body in the stream's language, as GET api/notifications/ has them. */
function readableData(e: StoredEvent, language: Language): unknown {
  const notification =
    e.type === 'notification' ? (e.data as { notification?: NotificationRow }).notification : null;
  if (!notification) return e.data;
  const { title_message, body_message, ...rest } = notification;
  const texts = notificationTexts({ ...notification, title_message, body_message }, language);
  return { ...(e.data as object), notification: { ...rest, ...texts } };
}

export async function eventsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();
  // A server that stops ends its streams first, so it does not wait for them (clients reconnect
  // to another process or to this one when it is back).
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  r.get(
    '/events/',
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['events'],
        summary:
          'Live events of the signed-in user (text/event-stream): message, read, notification, offer, balance',
        headers: z
          .object({
            'last-event-id': z
              .string()
              .regex(/^\d{1,18}$/)
              .optional(),
          })
          .passthrough(),
        response: { 200: EventStreamSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => streamEvents(deps, open, request, reply),
  );
}

/**
 * One signed-in client's stream: what it missed since Last-Event-ID, then every event as it
 * comes, with a heartbeat, until the client goes, the access token expires or the server stops.
 */
async function streamEvents(
  deps: Deps,
  open: Set<ServerResponse>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const actor = actorOf(request);
  const language = requestLanguage(request);
  const lastEventId = Number(request.headers['last-event-id'] ?? 0);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  open.add(res);

  // Subscribed before the replay, so nothing committed meanwhile is lost; what both bring is
  // sent once.
  const sent = new Set<number>();
  let replaying: StoredEvent[] | null = [];
  const send = (e: StoredEvent) => {
    if (sent.has(e.id) || res.writableEnded) return;
    sent.add(e.id);
    if (sent.size > 1000) sent.delete(sent.values().next().value as number);
    res.write(sse(e, language));
    if (res.writableLength > MAX_UNSENT_BYTES) res.end();
  };
  const unsubscribe = deps.events.subscribe(actor.id, (e) => {
    if (replaying) replaying.push(e);
    else send(e);
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  // The stream lives as long as the access token it was opened with (DESIGN.md section 5:
  // 5 minutes), then ends: the client reconnects with a fresh one and Last-Event-ID, so a
  // deactivated user or a changed role stops hearing as promptly as the rest of the API.
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const exp = deps.caches.verifiedTokens.get(token)?.exp;
  const expiry = setTimeout(() => res.end(), exp ? Math.max(0, exp * 1000 - Date.now()) : HEARTBEAT_MS);
  const done = () => {
    clearTimeout(expiry);
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(res);
    // A client that went away: the response goes with its connection. One that ended here
    // (the token's expiry) finished cleanly, and its connection stays the browser's to reuse.
    if (!res.writableFinished) res.destroy();
  };
  res.on('close', done);

  try {
    if (lastEventId > 0) for (const e of await deps.events.replay(actor.id, lastEventId)) send(e);
  } catch (err) {
    request.log.warn({ err }, 'events: the replay failed; the stream goes on live');
  }
  const waiting = replaying;
  replaying = null;
  for (const e of waiting) send(e);
}
