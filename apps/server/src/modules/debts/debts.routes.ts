import {
  CounterpartyCreateSchema,
  CounterpartyListQuerySchema,
  CounterpartyPageSchema,
  CounterpartySchema,
  CounterpartyUpdateSchema,
  DebtCreateSchema,
  DebtListQuerySchema,
  DebtPageSchema,
  DebtPaymentCreateSchema,
  DebtPaymentSchema,
  DebtSchema,
  IdParamsSchema,
  StatementLineSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema, NoContentSchema } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { readable, requestLanguage } from '../../lib/texts.ts';
import * as counterparties from './counterparties.service.ts';
import * as debts from './debts.service.ts';

// Counterparties and the debt book (DESIGN.md section 12): every signed-in user of the business;
// the services decide what each role sees and may change.
export async function debtsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['debts'];

  r.get(
    '/crm/counterparties/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Counterparties (customers, suppliers), searched by name, phone and STIR, 50 a page',
        querystring: CounterpartyListQuerySchema,
        response: { 200: CounterpartyPageSchema, ...ErrorSchemas },
      },
    },
    async (request) =>
      pageOf(request, await counterparties.listCounterparties(deps, actorOf(request), request.query)),
  );
  r.post(
    '/crm/counterparties/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a counterparty',
        body: CounterpartyCreateSchema,
        response: { 201: CounterpartySchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await counterparties.createCounterparty(deps, actorOf(request), request.body)),
  );
  r.get(
    '/crm/counterparties/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A counterparty with what remains open per currency',
        params: IdParamsSchema,
        response: { 200: CounterpartySchema, ...ErrorSchemas },
      },
    },
    (request) => counterparties.getCounterparty(deps, actorOf(request), request.params.id),
  );
  r.patch(
    '/crm/counterparties/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Edit a counterparty',
        params: IdParamsSchema,
        body: CounterpartyUpdateSchema,
        response: { 200: CounterpartySchema, ...ErrorSchemas },
      },
    },
    (request) => counterparties.updateCounterparty(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/crm/counterparties/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a counterparty without debts (administrators; 409 while debts exist)',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await counterparties.deleteCounterparty(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/crm/counterparties/:id/statement/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Its debts and payments in time order, with the running balance per currency',
        params: IdParamsSchema,
        response: { 200: z.array(StatementLineSchema), ...ErrorSchemas },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      return (await counterparties.counterpartyStatement(deps, actorOf(request), request.params.id)).map(
        (line) => readable(line, ['reason'], language),
      );
    },
  );

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
        idempotencyScope(request, actor.id, deps.clock),
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
        idempotencyScope(request, actor.id, deps.clock),
      );
      return reply.status(201).send(readable(payment, ['reason'], requestLanguage(request)));
    },
  );
}
