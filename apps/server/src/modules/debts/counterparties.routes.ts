import {
  CounterpartyCreateSchema,
  CounterpartyListQuerySchema,
  CounterpartyPageSchema,
  CounterpartySchema,
  CounterpartyUpdateSchema,
  IdParamsSchema,
  StatementLineSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { readable, requestLanguage } from '../../lib/texts.ts';
import * as counterparties from './counterparties.service.ts';

// Counterparties (DESIGN.md section 12): every signed-in user of the business keeps them; the
// service decides what each role sees and may change.
export async function counterpartiesRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await counterpartyRoutes(app, deps);
  await statementRoutes(app, deps);
}

/** Counterparties: list, add, card, edit, delete. */
async function counterpartyRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
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
        summary: "Add a counterparty, with its price type (price_type: one of the business's, or null)",
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
        summary: 'Edit a counterparty (price_type: null clears it, absent leaves it)',
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
}

/** A counterparty's statement. */
async function statementRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['debts'];

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
}
