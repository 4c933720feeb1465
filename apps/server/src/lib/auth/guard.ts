import type { Role } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * Fastify preHandler: a valid bearer access token, else 401. The token's claims are trusted for
 * its 5 minutes (DESIGN.md section 5), so a request costs no database lookup: a deactivated user
 * or a changed role takes effect at the next refresh, which checks the user again.
 */
export function authenticate(deps: Pick<Deps, 'tokens'>) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const claims = await deps.tokens.verifyAccess(match[1]);
    if (!claims) throw unauthorized('Given token not valid for any token type');
    request.actor = { ...claims, ip: request.ip };
  };
}

/** Use after `authenticate`: the signed-in actor, typed as present. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Fastify preHandler: the actor's role must be one of `roles`, else 403. */
export function requireRole(roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const actor = actorOf(request);
    if (!roles.includes(actor.role as Role)) throw forbidden();
  };
}
