import {
  BalanceSchema,
  CurrencySchema,
  EXTERNAL_TX_ROLES,
  ExchangeBodySchema,
  ExchangeResponseSchema,
  ExternalTransactionBodySchema,
  ExternalTransactionResponseSchema,
  MoneyTransactionsPageSchema,
  MoneyTransactionsQuerySchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { requestLanguage } from '../../lib/texts.ts';
import { createExchange } from './exchange.service.ts';
import * as finance from './finance.service.ts';

export async function financeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await accountRoutes(app, deps);
  await moneyRoutes(app, deps);
  await transactionRoutes(app, deps);
}

/** Currencies and my balances. */
async function accountRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['finance'];

  r.get(
    '/finance/currencies/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Currencies and their rates to UZS',
        response: { 200: z.array(CurrencySchema), ...ErrorSchemas },
      },
    },
    async (request) => finance.listCurrencies(deps, actorOf(request)),
  );

  r.get(
    '/finance/balances/my-user/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The signed-in department's balances, one per currency",
        response: { 200: z.array(BalanceSchema), ...ErrorSchemas },
      },
    },
    async (request) => finance.listMyBalances(deps, actorOf(request)),
  );
}

/** Money moved: an external transaction, an exchange. */
async function moneyRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['finance'];

  r.post(
    '/finance/money-transactions/external-transaction/',
    {
      onRequest: [onRequest, requireRole(EXTERNAL_TX_ROLES)],
      schema: {
        tags,
        summary:
          "Kassir only: external income (is_income) or expense on the cashier's balance; Idempotency-Key",
        headers: IdempotencyHeadersSchema,
        body: ExternalTransactionBodySchema,
        response: { 201: ExternalTransactionResponseSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await finance.recordExternalTransaction(
        deps,
        actor,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(result);
    },
  );

  // The exchange keeps spec.md section 7's path under offers/, but it moves money only.
  r.post(
    '/offers/exchanges/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Exchange currencies on my balances (DESIGN.md section 3 rule); Idempotency-Key',
        headers: IdempotencyHeadersSchema,
        body: ExchangeBodySchema,
        response: { 201: ExchangeResponseSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await createExchange(
        deps,
        actor,
        request.body,
        idempotencyScope(request, actor, deps.clock),
      );
      return reply.status(201).send(result);
    },
  );
}

/** My money transactions. */
async function transactionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['finance'];

  r.get(
    '/finance/money-transactions/by-user/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The signed-in department's ledger rows: 20 a page, filters, ordering and search",
        querystring: MoneyTransactionsQuerySchema,
        response: { 200: MoneyTransactionsPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      return pageOf(
        request,
        await finance.listMyTransactions(deps, actorOf(request), request.query, language),
      );
    },
  );
}
