import type { Role } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Fastify preHandler: a valid bearer access token of an active user, else 401. */
export function authenticate(deps: Pick<Deps, 'db' | 'tokens'>) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const userId = await deps.tokens.verifyAccess(match[1]);
    if (userId === null) throw unauthorized('Given token not valid for any token type');
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'business_id', 'role', 'email', 'is_active'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.is_active) throw unauthorized('User not found or inactive.');
    request.actor = {
      id: user.id,
      businessId: user.business_id,
      role: user.role,
      email: user.email,
      ip: request.ip,
    };
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
