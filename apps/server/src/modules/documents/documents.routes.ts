import {
  DOCUMENT_PATHS,
  DocumentCreateQuerySchema,
  DocumentListQuerySchema,
  DocumentPageSchema,
  DocumentSchema,
  IdParamsSchema,
  ProductionOrderCreateSchema,
  ProductionOrderUpdateSchema,
  PurchaseCreateSchema,
  PurchaseUpdateSchema,
  ReturnCreateSchema,
  ReturnUpdateSchema,
  SaleCreateSchema,
  SaleUpdateSchema,
  StockCountCreateSchema,
  StockCountUpdateSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema, NoContentSchema } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { KindConfig } from './document-kind.ts';
import { listDocuments, loadDocument } from './document-reading.ts';
import * as documents from './documents.service.ts';
import { printRoutes, receiptRoutes } from './documents-print.routes.ts';
import { productionKind } from './production.kind.ts';
import { purchaseKind } from './purchases.kind.ts';
import { returnKind } from './returns.kind.ts';
import { saleKind } from './sales.kind.ts';
import { stockCountKind } from './stock-counts.kind.ts';
import { stockCountRoutes } from './stock-counts.routes.ts';

// DESIGN.md section 19's paths, the same for every kind: `api/{kind}/`, a document's card, its
// post and reverse (Idempotency-Key honoured), its print form (documents-print.routes.ts). Who may do what is the service's (the kind's
// roles and the business's settings; a department's own documents).

interface KindSchemas {
  create: z.ZodType;
  update: z.ZodType;
}

/** What each route group of a kind needs. */
function routeContext<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>) {
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    onRequest: authenticate(deps),
    base: `/${DOCUMENT_PATHS[config.kind]}`,
    tags: ['documents'],
    noun: config.entity,
  };
}

/** The list, a new draft (or a sale created and posted at once), a card. */
async function listRoutes<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>, schemas: KindSchemas) {
  const { r, onRequest, base, tags, noun } = routeContext(app, deps, config);

  r.get(
    `${base}/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `The ${noun}s (a department its own; the Owner, admins and managers all), newest first, 20 a page`,
        querystring: DocumentListQuerySchema,
        response: { 200: DocumentPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => pageOf(request, await listDocuments(deps.db, actorOf(request), config, request.query)),
  );

  r.post(
    `${base}/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `A new ${noun} draft; with ?post=true created and posted in one call (Idempotency-Key honoured)`,
        querystring: DocumentCreateQuerySchema,
        headers: IdempotencyHeadersSchema,
        body: schemas.create,
        response: { 201: DocumentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const document = await documents.createDocument(deps, actor, config, request.body as L, {
        post: request.query.post,
        scope: idempotencyScope(request, actor, deps.clock),
      });
      return reply.status(201).send(document);
    },
  );

  r.get(
    `${base}/:id/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `A ${noun}: its header, lines and payment`,
        params: IdParamsSchema,
        response: { 200: DocumentSchema, ...ErrorSchemas },
      },
    },
    async (request) => loadDocument(deps.db, actorOf(request), config, request.params.id),
  );
}

/** A draft's change and deletion. */
async function draftRoutes<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>, schemas: KindSchemas) {
  const { r, onRequest, base, tags, noun } = routeContext(app, deps, config);

  r.patch(
    `${base}/:id/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Change a ${noun} draft (the fields given; lines as a whole)`,
        params: IdParamsSchema,
        body: schemas.update,
        response: { 200: DocumentSchema, ...ErrorSchemas },
      },
    },
    async (request) =>
      documents.updateDocument(deps, actorOf(request), config, request.params.id, request.body as Partial<L>),
  );

  r.delete(
    `${base}/:id/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Delete a ${noun} draft`,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await documents.deleteDocument(deps, actorOf(request), config, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Posting and reversal. */
async function postingRoutes<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>) {
  const { r, onRequest, base, tags, noun } = routeContext(app, deps, config);

  r.post(
    `${base}/:id/post/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Post a ${noun} draft: every ledger row in one transaction, or none (Idempotency-Key honoured)`,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: DocumentSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = idempotencyScope(request, actor, deps.clock);
      return documents.postDocument(deps, actor, config, request.params.id, scope);
    },
  );

  r.post(
    `${base}/:id/reverse/`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Reverse a posted ${noun}: the opposite rows in a new transaction (Idempotency-Key honoured)`,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: DocumentSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = idempotencyScope(request, actor, deps.clock);
      return documents.reverseDocument(deps, actor, config, request.params.id, scope);
    },
  );
}

async function kindRoutes<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>, schemas: KindSchemas) {
  await listRoutes(app, deps, config, schemas);
  await draftRoutes(app, deps, config, schemas);
  await postingRoutes(app, deps, config);
  await printRoutes(app, deps, config);
}

export async function documentsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await kindRoutes(app, deps, saleKind, { create: SaleCreateSchema, update: SaleUpdateSchema });
  await kindRoutes(app, deps, purchaseKind, { create: PurchaseCreateSchema, update: PurchaseUpdateSchema });
  await kindRoutes(app, deps, returnKind, { create: ReturnCreateSchema, update: ReturnUpdateSchema });
  await kindRoutes(app, deps, productionKind, {
    create: ProductionOrderCreateSchema,
    update: ProductionOrderUpdateSchema,
  });
  await kindRoutes(app, deps, stockCountKind, {
    create: StockCountCreateSchema,
    update: StockCountUpdateSchema,
  });
  await stockCountRoutes(app, deps);
  await receiptRoutes(app, deps);
}
