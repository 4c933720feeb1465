import { BusinessUserSchema, type Role, WhoAmISchema } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { findProfile, listBusinessUsers } from './users.repository.ts';

export async function usersRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['users'];

  r.get(
    '/auth/whoami/',
    {
      onRequest,
      schema: { tags, summary: 'The signed-in user', response: { 200: WhoAmISchema, ...ErrorSchemas } },
    },
    async (request) => {
      const user = await findProfile(deps.db, actorOf(request).id);
      if (!user) throw notFound();
      return {
        id: user.id,
        email: user.email,
        role: user.role as Role,
        profile: { first_name: user.first_name, last_name: user.last_name },
      };
    },
  );

  r.get(
    '/auth/by-business/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The users (departments) of the signed-in user's business",
        response: { 200: z.array(BusinessUserSchema), ...ErrorSchemas },
      },
    },
    async (request) => {
      const rows = await listBusinessUsers(deps.db, actorOf(request).businessId);
      return rows.map((u) => ({ ...u, role: u.role as Role }));
    },
  );
}
