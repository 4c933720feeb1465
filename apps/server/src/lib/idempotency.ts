import { createHash } from 'node:crypto';
import { msg } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type AppError, badRequest, conflict, pgCodeOf } from './errors.ts';

/** How long a key replays its first answer (DESIGN.md section 4); money_apply is told it too. */
export const KEY_TTL_HOURS = 24;

export const KEY_REUSED = msg('errors.idempotency_key_has_already_been');

export interface IdempotencyScope {
  /** The user's business: the key's row carries it (DESIGN.md section 24). */
  businessId: number;
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as the client sent it, as canonical JSON; kept when an Idempotency-Key came. */
    sentBody: string | null;
  }
}

/** A piece of canonicalJson's output already written out: a bracket, a comma, a key. */
class Written {
  constructor(readonly text: string) {}
}

/**
 * A parsed JSON value as JSON with every object's keys sorted, at every depth: one text for a
 * body whatever order its keys were sent in. It walks an explicit stack instead of recursing, so
 * a body nested thousands deep (the body limit allows it) is written too, not a stack overflow.
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const next = todo.pop();
    if (next instanceof Written) {
      out += next.text;
    } else if (Array.isArray(next)) {
      todo.push(new Written(']'));
      for (let i = next.length - 1; i >= 0; i--) todo.push(next[i], new Written(i > 0 ? ',' : '['));
      if (next.length === 0) todo.push(new Written('['));
    } else if (next !== null && typeof next === 'object') {
      const object = next as Record<string, unknown>;
      const keys = Object.keys(object).sort();
      todo.push(new Written('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        todo.push(object[key], new Written(`${i > 0 ? ',' : '{'}${JSON.stringify(key)}:`));
      }
      if (keys.length === 0) todo.push(new Written('{'));
    } else {
      out += JSON.stringify(next) ?? 'null';
    }
  }
  return out;
}

/**
 * Keeps the body of a request with an Idempotency-Key as the client sent it, before validation
 * replaces it with the schema's output: a later version whose schema gains a field with a default
 * must still find a replayed request the same as its first sending.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('sentBody', null);
  app.addHook('preValidation', async (request) => {
    if (request.headers['idempotency-key'] !== undefined)
      request.sentBody = canonicalJson(request.body ?? null);
  });
}

/**
 * Reads the Idempotency-Key header of a request that moves money or stock. The request hash
 * covers method, route and the body as sent (its keys in any order), so the same key with another
 * body is refused.
 *
 * The hash was once of the body after validation (defaults filled in, keys in the schema's
 * order). A key stored by that version does not match this hash: a request first sent before the
 * upgrade and replayed after it within the key's KEY_TTL_HOURS answers 409 instead of the stored
 * answer. It is not applied a second time either way, the keys expire within a day, and matching
 * both forms would need a second hash through idempotency_claim and money_apply, so the old form
 * is not kept.
 */
export function idempotencyScope(
  request: FastifyRequest,
  actor: { id: number; businessId: number },
  clock: () => Date,
): IdempotencyScope | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest(msg('errors.idempotency_key_must_1_200'));
  }
  // Kept by registerIdempotency's hook, which buildApp registers for every route.
  if (request.sentBody === null) throw new Error('the body as sent was not kept (registerIdempotency)');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${routePath(request)}\n`)
    .update(request.sentBody)
    .digest('base64url');
  return { businessId: actor.businessId, userId: actor.id, key, requestHash, now: clock() };
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
  const { businessId, userId, key, requestHash, now } = scope;
  let replay: T | null;
  try {
    const claimed = await sql<{ replay: T | null }>`
      SELECT idempotency_claim(${businessId}, ${userId}, ${key}, ${requestHash}, ${now}, ${KEY_TTL_HOURS}) AS replay`.execute(
      trx,
    );
    replay = claimed.rows[0]?.replay ?? null;
  } catch (err) {
    throw keyReusedError(err) ?? err;
  }
  if (replay !== null) return replay;
  const result = await work();
  await sql`SELECT idempotency_store(${businessId}, ${userId}, ${key}, ${requestHash}, ${now}, ${JSON.stringify(result)}::jsonb)`.execute(
    trx,
  );
  return result;
}
