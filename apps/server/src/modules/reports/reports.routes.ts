import {
  CashFlowQuerySchema,
  CashFlowReportSchema,
  DashboardQuerySchema,
  DashboardSchema,
  DebtsAgeingQuerySchema,
  DebtsAgeingSchema,
  LossesQuerySchema,
  LossesReportSchema,
  ProductionCostQuerySchema,
  ProductionCostReportSchema,
  SalesQuerySchema,
  SalesReportSchema,
  StockMovementQuerySchema,
  StockMovementReportSchema,
  TransitLossesQuerySchema,
  TransitLossesReportSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { readPast, sendPastReport } from '../../lib/send-report.ts';
import { debtsAgeing } from './debts-ageing.ts';
import { lossesReport } from './losses.ts';
import { productionCostReport } from './production-costs.ts';
import { cashFlowReport, dashboard, salesReport, stockMovementReport } from './reports.service.ts';
import { transitLossesReport } from './transit-losses.ts';

// Reports and the owner's dashboard (DESIGN.md section 11): every signed-in role reads them, for
// its own department or, as a viewer of the whole business, for any department or all. They read
// from the replica when there is one (DESIGN.md section 24, lib/send-report.ts readPast).

const FILE_NOTE = 'JSON; with format=csv|xlsx|pdf, the same rows as a file (Content-Disposition: attachment)';

export async function reportsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await dashboardRoutes(app, deps);
  await reportRoutes(app, deps);
  await transitLossRoutes(app, deps);
  await productionReportRoutes(app, deps);
  await lossesRoutes(app, deps);
}

/** DESIGN.md section 22: shift differences, transit losses and stock-count variances in one list. */
async function lossesRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/reports/losses/',
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['reports', 'shifts'],
        summary:
          "Losses in UZS (a shortage negative): the shifts' differences, transit losses and stock-count variances in one list, kind=SHIFT_DIFF|TRANSIT_LOSS|STOCK_COUNT keeping one kind, with each kind's total and the grand total",
        querystring: LossesQuerySchema,
        response: { 200: LossesReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => lossesReport(d, actorOf(request), request.query)),
  );
}

/** What production cost (DESIGN.md section 21). */
async function productionReportRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/reports/production/',
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['reports', 'production'],
        summary:
          "Per production order or output variant: the inputs' FIFO cost, overhead, unit cost in UZS, and the recipe's estimate at today's costs",
        querystring: ProductionCostQuerySchema,
        response: { 200: ProductionCostReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => productionCostReport(d, actorOf(request), request.query)),
  );
}

/** The owner's dashboard. */
async function dashboardRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);

  r.get(
    '/reports/dashboard/',
    {
      onRequest,
      schema: {
        tags: ['reports'],
        summary:
          "The owner's dashboard (DESIGN.md section 11): money, stock value, sales, pending offers, low stock, daily series",
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const { value, asOf } = await readPast(deps, reply, (d) =>
        dashboard(d, actorOf(request), request.query),
      );
      return { ...value, data_as_of: asOf };
    },
  );
}

/** The reports: sales, stock movement, cash flow, debts ageing. */
async function reportRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);

  r.get(
    '/reports/sales/',
    {
      onRequest,
      schema: {
        tags: ['reports'],
        summary: 'Sales by product, variant, department or day: revenue, FIFO cost and margin in UZS',
        querystring: SalesQuerySchema,
        response: { 200: SalesReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => salesReport(d, actorOf(request), request.query)),
  );

  r.get(
    '/reports/stock-movement/',
    {
      onRequest,
      schema: {
        tags: ['reports'],
        summary: 'Per variant: opening, in, out and closing quantities and the closing FIFO value in UZS',
        querystring: StockMovementQuerySchema,
        response: { 200: StockMovementReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => stockMovementReport(d, actorOf(request), request.query)),
  );

  r.get(
    '/reports/cash-flow/',
    {
      onRequest,
      schema: {
        tags: ['reports'],
        summary:
          'Money in and out per period and currency (by_type=true splits by tx_type), with the closing balance',
        querystring: CashFlowQuerySchema,
        response: { 200: CashFlowReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => cashFlowReport(d, actorOf(request), request.query)),
  );

  r.get(
    '/reports/debts-ageing/',
    {
      onRequest,
      schema: {
        tags: ['reports', 'debts'],
        summary:
          'What remains open per counterparty and currency by days past due (current, 1-30, 31-60, 61-90, 90+); format=csv|xlsx|pdf as a file',
        querystring: DebtsAgeingQuerySchema,
        response: { 200: DebtsAgeingSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => debtsAgeing(d, actorOf(request), request.query)),
  );
}

/** DESIGN.md section 20: the losses of transfers received short. */
async function transitLossRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  r.get(
    '/reports/transit-losses/',
    {
      onRequest,
      schema: {
        tags: ['reports', 'offers'],
        summary:
          'Transit losses (DESIGN.md section 20): the TRANSIT_LOSS exits of product offers approved short, by department (sent or received) and period; from/to or date_from/date_to',
        querystring: TransitLossesQuerySchema,
        response: { 200: TransitLossesReportSchema.describe(FILE_NOTE), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendPastReport(request, reply, deps, (d) => transitLossesReport(d, actorOf(request), request.query)),
  );
}
