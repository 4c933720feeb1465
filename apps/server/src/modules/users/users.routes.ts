import { BusinessUserSchema, MeUpdateSchema, type Role, WhoAmISchema } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { updateMe, whoAmI } from './me.service.ts';
import { listBusinessUsers } from './users.repository.ts';

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
    (request) => whoAmI(deps.db, actorOf(request).id),
  );
  r.patch(
    '/auth/me/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'My preferences: email_notifications, the notification kinds also sent by e-mail (OFFER_PENDING, DEBT_OVERDUE); answers as whoami',
        body: MeUpdateSchema,
        response: { 200: WhoAmISchema, ...ErrorSchemas },
      },
    },
    (request) => updateMe(deps, actorOf(request), request.body),
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
