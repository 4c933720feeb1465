import {
  IdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationsReadSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { requestLanguage } from '../../lib/texts.ts';
import * as notifications from './notifications.service.ts';

// The bell (DESIGN.md section 13): every signed-in user, their own notifications only.
export async function notificationsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['notifications'];

  r.get(
    '/notifications/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'My notifications, newest first, 50 a page (unread=true: only unread), with my unread total',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const page = await notifications.listNotifications(
        deps,
        actorOf(request),
        request.query,
        requestLanguage(request),
      );
      return { ...pageOf(request, page), unread: page.unread };
    },
  );
  r.post(
    '/notifications/:id/read/',
    {
      onRequest,
      schema: {
        tags,
        summary: "Mark one of my notifications read (another user's: 404); answers my unread total",
        params: IdParamsSchema,
        response: { 200: NotificationsReadSchema, ...ErrorSchemas },
      },
    },
    (request) => notifications.markRead(deps, actorOf(request), request.params.id),
  );
  r.post(
    '/notifications/read-all/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark all my notifications read; answers my unread total',
        response: { 200: NotificationsReadSchema, ...ErrorSchemas },
      },
    },
    (request) => notifications.markRead(deps, actorOf(request), null),
  );
}
