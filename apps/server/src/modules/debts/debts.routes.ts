import {
  DebtCreateSchema,
  DebtListQuerySchema,
  DebtPageSchema,
  DebtPaymentCreateSchema,
  DebtPaymentSchema,
  DebtSchema,
  IdParamsSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { readable, requestLanguage } from '../../lib/texts.ts';
import { counterpartiesRoutes } from './counterparties.routes.ts';
import * as debts from './debts.service.ts';

// Counterparties and the debt book (DESIGN.md section 12): every signed-in user of the business;
// the services decide what each role sees and may change. Counterparties: counterparties.routes.ts.
export async function debtsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await counterpartiesRoutes(app, deps);
  await debtRoutes(app, deps);
  await paymentRoutes(app, deps);
}

/** The debt book: list, open, card. */
async function debtRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['debts'];

  r.get(
    '/debts/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Debts I may see, newest first, 50 a page, with what remains per currency',
        querystring: DebtListQuerySchema,
        response: { 200: DebtPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const page = await debts.listDebts(deps, actorOf(request), request.query);
      const language = requestLanguage(request);
      const results = page.results.map((d) => readable(d, ['reason'], language));
      return { ...pageOf(request, { ...page, results }), totals: page.totals };
    },
  );
  r.post(
    '/debts/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A debt of my department without goods (a loan); Idempotency-Key honoured',
        headers: IdempotencyHeadersSchema,
        body: DebtCreateSchema,
        response: { 201: DebtSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const debt = await debts.createDebt(
        deps,
        actor,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(readable(debt, ['reason'], requestLanguage(request)));
    },
  );
  r.get(
    '/debts/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A debt',
        params: IdParamsSchema,
        response: { 200: DebtSchema, ...ErrorSchemas },
      },
    },
    async (request) =>
      readable(
        await debts.getDebt(deps, actorOf(request), request.params.id),
        ['reason'],
        requestLanguage(request),
      ),
  );
}

/** A debt's payments: list, record. */
async function paymentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['debts'];

  r.get(
    '/debts/:id/payments/',
    {
      onRequest,
      schema: {
        tags,
        summary: "A debt's payments, oldest first",
        params: IdParamsSchema,
        response: { 200: z.array(DebtPaymentSchema), ...ErrorSchemas },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      return (await debts.listPayments(deps, actorOf(request), request.params.id)).map((p) =>
        readable(p, ['reason'], language),
      );
    },
  );
  r.post(
    '/debts/:id/payments/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Record a payment: at most what remains; a DEBT ledger row on the recorder's balance (the debt's department or the Kassir); Idempotency-Key honoured",
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DebtPaymentCreateSchema,
        response: { 201: DebtPaymentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const payment = await debts.payDebt(
        deps,
        actor,
        request.params.id,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(readable(payment, ['reason'], requestLanguage(request)));
    },
  );
}
