import {
  CATALOG_WRITE_ROLES,
  IdParamsSchema,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
  VariantCreateSchema,
  VariantListQuerySchema,
  VariantSchema,
  VariantUpdateSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import { attributesRoutes } from './attributes.routes.ts';
import { barcodeRoutes } from './barcodes.routes.ts';
import { priceRoutes } from './prices.routes.ts';
import * as products from './products.service.ts';
import * as variants from './variants.service.ts';

/** The catalogue API (spec.md section 7, `catalog/`): every role reads, CATALOG_WRITE_ROLES write. */
export async function catalogRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await productRoutes(app, deps);
  await variantRoutes(app, deps);
  await attributesRoutes(app, deps);
  await barcodeRoutes(app, deps);
  await priceRoutes(app, deps);
}

async function productRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  const tags = ['catalog'];

  r.get(
    '/catalog/products/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Products of the business, optionally of one type',
        querystring: ProductListQuerySchema,
        response: { 200: z.array(ProductSchema), ...ErrorSchemas },
      },
    },
    (request) => products.listProducts(deps, actorOf(request), request.query.type),
  );
  r.get(
    '/catalog/products/:id/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One product',
        params: IdParamsSchema,
        response: { 200: ProductSchema, ...ErrorSchemas },
      },
    },
    (request) => products.getProduct(deps, actorOf(request), request.params.id),
  );
  r.post(
    '/catalog/products/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Create a product',
        body: ProductCreateSchema,
        response: { 201: ProductSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await products.createProduct(deps, actorOf(request), request.body)),
  );
  r.patch(
    '/catalog/products/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Change some fields of a product',
        params: IdParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: ProductSchema, ...ErrorSchemas },
      },
    },
    (request) => products.updateProduct(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/catalog/products/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a product without variants',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await products.deleteProduct(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

async function variantRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  const tags = ['catalog'];

  r.get(
    '/catalog/variants/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Variants; search over SKU, product name, model and code, colour and size',
        querystring: VariantListQuerySchema,
        response: { 200: z.array(VariantSchema), ...ErrorSchemas },
      },
    },
    (request) => variants.listVariants(deps, actorOf(request), request.query),
  );
  r.get(
    '/catalog/variants/:id/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One variant',
        params: IdParamsSchema,
        response: { 200: VariantSchema, ...ErrorSchemas },
      },
    },
    (request) => variants.getVariant(deps, actorOf(request), request.params.id),
  );
  r.post(
    '/catalog/variants/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Create a variant',
        body: VariantCreateSchema,
        response: { 201: VariantSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await variants.createVariant(deps, actorOf(request), request.body)),
  );
  r.patch(
    '/catalog/variants/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Change the SKU, colour or size of a variant',
        params: IdParamsSchema,
        body: VariantUpdateSchema,
        response: { 200: VariantSchema, ...ErrorSchemas },
      },
    },
    (request) => variants.updateVariant(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/catalog/variants/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a variant without offer or stock history',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await variants.deleteVariant(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
