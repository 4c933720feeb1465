import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { badRequest, conflict } from './errors.ts';

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

/**
 * Runs `work` once per key, inside the caller's transaction: the key is claimed with an insert
 * that waits for any concurrent holder of the same key, so the effect and the record of its
 * answer commit together, or neither does. A failed request stores nothing and may be retried.
 */
export async function runIdempotent<T>(
  trx: Transaction<DB>,
  scope: IdempotencyScope | null,
  work: () => Promise<T>,
): Promise<T> {
  if (!scope) return work();
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: scope.userId,
      key: scope.key,
      request_hash: scope.requestHash,
      response: null,
      created_at: scope.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const prior = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response', 'created_at'])
      .where('user_id', '=', scope.userId)
      .where('key', '=', scope.key)
      .executeTakeFirstOrThrow();
    const expired = scope.now.getTime() - prior.created_at.getTime() > KEY_TTL_HOURS * 3600_000;
    if (!expired) {
      if (prior.request_hash !== scope.requestHash) {
        throw conflict(KEY_REUSED);
      }
      return prior.response as T;
    }
    // An expired key starts afresh.
    await trx
      .updateTable('idempotency_keys')
      .set({ request_hash: scope.requestHash, response: null, created_at: scope.now })
      .where('user_id', '=', scope.userId)
      .where('key', '=', scope.key)
      .execute();
  }
  const result = await work();
  await trx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(result), status_code: 200 })
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .execute();
  return result;
}
