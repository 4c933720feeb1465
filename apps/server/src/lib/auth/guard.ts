import { msg, type Role } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * Fastify onRequest hook: a valid bearer access token, else 401. It runs before the body is parsed
 * and validated, so an anonymous request learns nothing of a route's fields: 401, never a 400 with
 * field details (DESIGN.md section 4, 401 no or bad token). The token's claims are trusted for
 * its 5 minutes (DESIGN.md section 5), so a request costs no database lookup: a deactivated user
 * or a changed role takes effect at the next refresh, which checks the user again.
 */
export function authenticate(deps: Pick<Deps, 'tokens'>) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const claims = await deps.tokens.verifyAccess(match[1]);
    if (!claims) throw unauthorized(msg('errors.token_not_valid_for_any'));
    request.actor = { ...claims, ip: request.ip };
  };
}

/** Use after `authenticate`: the signed-in actor, typed as present. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Fastify onRequest hook after `authenticate`: the actor's role must be one of `roles`, else 403,
 * also before any validation. */
export function requireRole(roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const actor = actorOf(request);
    if (!roles.includes(actor.role as Role)) throw forbidden();
  };
}
