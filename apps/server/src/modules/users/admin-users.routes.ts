import {
  ADMIN_ROLES,
  AdminUserCreateSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  IdParamsSchema,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { BadGatewaySchema, ErrorSchemas } from '../../lib/openapi.ts';
import { requestLanguage } from '../../lib/texts.ts';
import * as users from './admin-users.service.ts';

/** Invitation links point at PUBLIC_URL, else at the address the administrator's browser used. */
const origin = (deps: Deps, request: FastifyRequest) =>
  deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** Users from the web (DESIGN.md section 9): Owner and admin only. */
export async function adminUsersRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await userRoutes(app, deps);
  await invitationRoutes(app, deps);
}

/** The business's users: list, add (with an invitation), edit. */
async function userRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [authenticate(deps), requireRole(ADMIN_ROLES)];
  const tags = ['admin'];

  r.get(
    '/admin/users/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The business's users with role, status and last sign-in; search over e-mail, names and code",
        querystring: AdminUsersQuerySchema,
        response: { 200: z.array(AdminUserSchema), ...ErrorSchemas },
      },
    },
    async (request) => users.listUsers(deps, actorOf(request), request.query.search),
  );

  r.post(
    '/admin/users/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a user: they get an invitation e-mail to choose a password (409 if the e-mail exists)',
        body: AdminUserCreateSchema,
        response: { 201: AdminUserSchema, ...ErrorSchemas, ...BadGatewaySchema },
      },
    },
    async (request, reply) => {
      const created = await users.createUser(
        deps,
        actorOf(request),
        request.body,
        origin(deps, request),
        requestLanguage(request),
      );
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/admin/users/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Change role, names, code, login codes or is_active (deactivation ends every session; 409 for the last Owner)',
        params: IdParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserSchema, ...ErrorSchemas },
      },
    },
    async (request) => users.updateUser(deps, actorOf(request), request.params.id, request.body),
  );
}

/** A new invitation for a user (the older links stop working). */
async function invitationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [authenticate(deps), requireRole(ADMIN_ROLES)];
  const tags = ['admin'];

  r.post(
    '/admin/users/:id/invite/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a new invitation (the older links stop working)',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...ErrorSchemas, ...BadGatewaySchema },
      },
    },
    async (request) =>
      users.resendInvitation(
        deps,
        actorOf(request),
        request.params.id,
        origin(deps, request),
        requestLanguage(request),
      ),
  );
}
