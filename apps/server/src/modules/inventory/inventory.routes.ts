import {
  STOCK_ENTRY_ROLES,
  STOCK_EXIT_ROLES,
  StockBalanceSchema,
  StockEntryBodySchema,
  StockEntryListQuerySchema,
  StockEntryPageSchema,
  StockEntrySchema,
  StockExitBodySchema,
  StockExitListQuerySchema,
  StockExitPageSchema,
  StockExitSchema,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import {
  ConditionalHeadersSchema,
  ErrorSchemas,
  IdempotencyHeadersSchema,
  withETag,
} from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import * as inventory from './inventory.service.ts';

/** spec.md's array without `page`, DRF's page object with it (DESIGN.md section 16). */
function listAnswer<T>(request: FastifyRequest, list: inventory.StockList<T>) {
  return 'all' in list ? list.all : pageOf(request, list);
}

// spec.md section 7 paths. Entries are the Ta'minotchi's, exits the Bozorchi's (DESIGN.md
// section 3 "Stock"): the lists too, since each department sees only its own.
export async function inventoryRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await entryRoutes(app, deps);
  await exitRoutes(app, deps);
  await balanceRoutes(app, deps);
}

/** Stock entries: list, record. */
async function entryRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authenticate(deps);
  const tags = ['inventory'];

  r.get(
    '/inventory/stocks-entry/',
    {
      onRequest: [auth, requireRole(STOCK_ENTRY_ROLES)],
      schema: {
        tags,
        summary: 'My stock entries (receipts); with ?page=N, 50 a page',
        querystring: StockEntryListQuerySchema,
        response: { 200: z.union([z.array(StockEntrySchema), StockEntryPageSchema]), ...ErrorSchemas },
      },
    },
    async (request) =>
      listAnswer(request, await inventory.listEntries(deps, actorOf(request), request.query)),
  );

  r.post(
    '/inventory/stocks-entry/',
    {
      onRequest: [auth, requireRole(STOCK_ENTRY_ROLES)],
      schema: {
        tags,
        summary: 'Record a receipt: a new lot at its unit cost (Idempotency-Key honoured)',
        headers: IdempotencyHeadersSchema,
        body: StockEntryBodySchema,
        response: { 201: StockEntrySchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const entry = await inventory.createEntry(
        deps,
        actor,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(entry);
    },
  );
}

/** Stock exits: list, record. */
async function exitRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authenticate(deps);
  const tags = ['inventory'];

  r.get(
    '/inventory/stocks-exit/',
    {
      onRequest: [auth, requireRole(STOCK_EXIT_ROLES)],
      schema: {
        tags,
        summary: 'My stock exits (issues); with ?page=N, 50 a page',
        querystring: StockExitListQuerySchema,
        response: { 200: z.union([z.array(StockExitSchema), StockExitPageSchema]), ...ErrorSchemas },
      },
    },
    async (request) => listAnswer(request, await inventory.listExits(deps, actorOf(request), request.query)),
  );

  r.post(
    '/inventory/stocks-exit/',
    {
      onRequest: [auth, requireRole(STOCK_EXIT_ROLES)],
      schema: {
        tags,
        summary: 'Record an issue, first-in first-out; beyond the stock on hand is a 409',
        headers: IdempotencyHeadersSchema,
        body: StockExitBodySchema,
        response: { 201: StockExitSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const exit = await inventory.createExit(
        deps,
        actor,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(exit);
    },
  );
}

/** My department's stock. */
async function balanceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authenticate(deps);
  const tags = ['inventory'];

  r.get(
    '/inventory/stocks/my-balance/',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'The stock I hold: every variant with a quantity above zero',
        headers: ConditionalHeadersSchema,
        response: { ...withETag(z.array(StockBalanceSchema)), ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const { version, body } = await inventory.myBalances(deps, actorOf(request));
      // The version changes with any change to the answer: a client that kept the last answer
      // (a browser does, given the ETag) gets a 304 instead of it again.
      const etag = `"${version}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Already JSON in the documented shape (the balance rows' own text, joined): Fastify sends a
      // Buffer as it is, without the response serializer, which 10,000 rows cannot afford.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
