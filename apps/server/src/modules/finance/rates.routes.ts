import {
  ADMIN_ROLES,
  CbuImportResultSchema,
  CurrencyCreateBodySchema,
  CurrencySchema,
  IdParamsSchema,
  RateCreateBodySchema,
  RateHistoryPageSchema,
  RateHistoryQuerySchema,
  RateHistoryRowSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { BadGatewaySchema, ErrorSchemas } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import * as rates from './rates.service.ts';

/** Currencies and rates per business (DESIGN.md section 9): administrators write, everyone reads. */
export async function ratesRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await currencyRoutes(app, deps);
  await rateRoutes(app, deps);
}

/** Add a currency (administrators). */
async function currencyRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const administrators = [onRequest, requireRole(ADMIN_ROLES)];
  const tags = ['finance'];

  r.post(
    '/finance/currencies/',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Administrators: add a currency to the business at a rate (409 if it has it already)',
        body: CurrencyCreateBodySchema,
        response: { 201: CurrencySchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const added = await rates.addCurrency(deps, actorOf(request), request.body);
      return reply.status(201).send(added);
    },
  );
}

/** A currency's rates: history, set; the Central Bank import. */
async function rateRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const administrators = [onRequest, requireRole(ADMIN_ROLES)];
  const tags = ['finance'];

  r.get(
    '/finance/currencies/:id/rates/',
    {
      onRequest,
      schema: {
        tags,
        summary: "A currency's rate history in the business, newest first, 50 a page",
        params: IdParamsSchema,
        querystring: RateHistoryQuerySchema,
        response: { 200: RateHistoryPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const page = await rates.listRateHistory(deps, actorOf(request), request.params.id, request.query.page);
      return pageOf(request, page);
    },
  );

  r.post(
    '/finance/currencies/:id/rates/',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Administrators: a new rate from now (UZS, the pivot, stays 1)',
        params: IdParamsSchema,
        body: RateCreateBodySchema,
        response: { 201: RateHistoryRowSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const set = await rates.setRate(
        deps,
        { businessId: actor.businessId, actorId: actor.id, ip: actor.ip },
        request.params.id,
        request.body.rate_to_uzs,
      );
      return reply.status(201).send(set.row);
    },
  );

  r.post(
    '/finance/rates/import-cbu/',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary:
          "Administrators: the Central Bank's rates for the business's currencies (502 if the feed fails)",
        response: { 200: CbuImportResultSchema, ...ErrorSchemas, ...BadGatewaySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return rates.importCbuRates(deps, { businessId: actor.businessId, actorId: actor.id, ip: actor.ip });
    },
  );
}
