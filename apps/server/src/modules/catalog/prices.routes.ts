import {
  CATALOG_WRITE_ROLES,
  IdParamsSchema,
  PriceTypeCreateSchema,
  PriceTypeSchema,
  PriceTypeUpdateSchema,
  VariantPricesListSchema,
  VariantPricesQuerySchema,
  VariantPricesSchema,
  VariantPricesWriteSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import * as prices from './prices.service.ts';

const tags = ['catalog'];

/** Price types and prices (DESIGN.md section 19): every role reads, CATALOG_WRITE_ROLES write. */
export async function priceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  priceTypeRoutes(app, deps);
  variantPriceRoutes(app, deps);
}

function priceTypeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];

  r.get(
    '/catalog/price-types/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The price types, the default first',
        response: { 200: z.array(PriceTypeSchema), ...ErrorSchemas },
      },
    },
    (request) => prices.listPriceTypes(deps, actorOf(request)),
  );
  r.post(
    '/catalog/price-types/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: "Create a price type in one of the business's currencies (the first is the default)",
        body: PriceTypeCreateSchema,
        response: { 201: PriceTypeSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await prices.createPriceType(deps, actorOf(request), request.body)),
  );
  r.patch(
    '/catalog/price-types/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Rename a price type, change its currency (none of its prices set) or make it the default',
        params: IdParamsSchema,
        body: PriceTypeUpdateSchema,
        response: { 200: PriceTypeSchema, ...ErrorSchemas },
      },
    },
    (request) => prices.updatePriceType(deps, actorOf(request), request.params.id, request.body),
  );
}

function variantPriceRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  r.get(
    '/catalog/variants/:id/prices/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A variant's price in each price type that has one",
        params: IdParamsSchema,
        response: { 200: VariantPricesSchema, ...ErrorSchemas },
      },
    },
    (request) => prices.variantPrices(deps, actorOf(request), request.params.id),
  );
  r.get(
    '/catalog/variant-prices/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "Many variants' prices in one call (`?variants=1,2,3`, at most 500)",
        querystring: VariantPricesQuerySchema,
        response: { 200: VariantPricesListSchema, ...ErrorSchemas },
      },
    },
    (request) => prices.manyVariantPrices(deps, actorOf(request), request.query.variants),
  );
  r.put(
    '/catalog/variants/:id/prices/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: "Set a variant's prices (a null price removes one); answers all of them",
        params: IdParamsSchema,
        body: VariantPricesWriteSchema,
        response: { 200: VariantPricesSchema, ...ErrorSchemas },
      },
    },
    (request) => prices.writeVariantPrices(deps, actorOf(request), request.params.id, request.body),
  );
}
