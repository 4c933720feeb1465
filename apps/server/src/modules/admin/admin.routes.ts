import {
  ADMIN_ROLES,
  BalanceAdjustBodySchema,
  BalanceAdjustResultSchema,
  BalanceGridSchema,
  BusinessSettingsPatchSchema,
  BusinessSettingsSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema } from '../../lib/openapi.ts';
import { adjustBalance, balanceGrid } from './balances.service.ts';
import { businessSettings } from './business.repository.ts';
import { updateSettings } from './settings.service.ts';

/** The administrators' balances and settings (DESIGN.md section 9): Owner and admin only. */
export async function adminRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [authenticate(deps), requireRole(ADMIN_ROLES)];
  const tags = ['admin'];

  r.get(
    '/admin/balances/',
    {
      onRequest,
      schema: {
        tags,
        summary: "Every department's balances (departments x currencies) and the business total in UZS",
        response: { 200: BalanceGridSchema, ...ErrorSchemas },
      },
    },
    async (request) => balanceGrid(deps.db, actorOf(request).businessId),
  );

  r.post(
    '/admin/balances/adjust/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'An opening balance or a correction: one ADJUSTMENT ledger row (409 if it would go negative); Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: BalanceAdjustBodySchema,
        response: { 201: BalanceAdjustResultSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await adjustBalance(
        deps,
        { businessId: actor.businessId, actorId: actor.id, ip: actor.ip },
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/admin/settings/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The business's settings",
        response: { 200: BusinessSettingsSchema, ...ErrorSchemas },
      },
    },
    async (request) => businessSettings(deps.db, actorOf(request).businessId),
  );

  r.patch(
    '/admin/settings/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Change the business's name, follow_cbu, low_stock_email, weight_barcodes, sale_roles or purchase_roles (role codes)",
        body: BusinessSettingsPatchSchema,
        response: { 200: BusinessSettingsSchema, ...ErrorSchemas },
      },
    },
    async (request) => updateSettings(deps, actorOf(request), request.body),
  );
}
