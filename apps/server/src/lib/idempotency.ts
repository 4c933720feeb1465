import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type AppError, badRequest, conflict, pgCodeOf } from './errors.ts';

/** How long a key replays its first answer (DESIGN.md section 4); money_apply is told it too. */
export const KEY_TTL_HOURS = 24;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

export interface IdempotencyScope {
  userId: number;
  key: string;
  requestHash: string;
  /** When the request came, by the injected clock (Deps.clock): a key's age is measured from it. */
  now: Date;
}

/**
 * The request's route with its parameters filled in, e.g. /api/offers/offers/7/approve/. The
 * trailing slash is optional (DESIGN.md section 4), so the URL as sent is not the request: with
 * and without it the same key must replay the same answer.
 */
function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) return (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
  const params = (request.params ?? {}) as Record<string, unknown>;
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Reads the Idempotency-Key header of a request that moves money or stock. The request hash
 * covers method, route and body, so the same key with another body is refused.
 */
export function idempotencyScope(
  request: FastifyRequest,
  userId: number,
  clock: () => Date,
): IdempotencyScope | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters.');
  }
  const requestHash = createHash('sha256')
    .update(`${request.method} ${routePath(request)}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  return { userId, key, requestHash, now: clock() };
}

/** The key was used for another request (idempotency_claim's BO410) as the API's 409, else null. */
export function keyReusedError(err: unknown): AppError | null {
  return pgCodeOf(err) === 'BO410' ? conflict(KEY_REUSED) : null;
}

/**
 * Runs `work` once per key, inside the caller's transaction, through the one definition of the
 * key's rules in SQL (db/functions/65_idempotency.sql, which money_apply uses too): a duplicate
 * waits for a request with the same key still in flight and then replays its answer; the effect
 * and the record of its answer commit together, or neither does. A failed request stores nothing
 * and may be retried.
 */
export async function runIdempotent<T>(
  trx: Transaction<DB>,
  scope: IdempotencyScope | null,
  work: () => Promise<T>,
): Promise<T> {
  if (!scope) return work();
  const { userId, key, requestHash, now } = scope;
  let replay: T | null;
  try {
    const claimed = await sql<{ replay: T | null }>`
      SELECT idempotency_claim(${userId}, ${key}, ${requestHash}, ${now}, ${KEY_TTL_HOURS}) AS replay`.execute(
      trx,
    );
    replay = claimed.rows[0]?.replay ?? null;
  } catch (err) {
    throw keyReusedError(err) ?? err;
  }
  if (replay !== null) return replay;
  const result = await work();
  await sql`SELECT idempotency_store(${userId}, ${key}, ${requestHash}, ${now}, ${JSON.stringify(result)}::jsonb)`.execute(
    trx,
  );
  return result;
}
