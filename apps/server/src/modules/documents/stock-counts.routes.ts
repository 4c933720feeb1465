import {
  IdParamsSchema,
  StockCountCountedSchema,
  StockCountScanSchema,
  StockCountVarianceLineSchema,
  StockCountVariancesSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema } from '../../lib/openapi.ts';
import * as counts from './stock-counts.service.ts';

// A stock count's own paths (DESIGN.md section 20) beside the skeleton's (documents.routes.ts):
// its variances before posting, counted quantities typed per line, a scan adding one.

export async function stockCountRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['documents'];

  r.get(
    '/stock-counts/:id/variances/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A stock count's every line: expected at start, moves since, counted, variance and its value; the totals",
        params: IdParamsSchema,
        response: { 200: StockCountVariancesSchema, ...ErrorSchemas },
      },
    },
    async (request) => counts.readVariances(deps, actorOf(request), request.params.id),
  );

  r.put(
    '/stock-counts/:id/counted/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Counted quantities typed per line ([{variant, counted}]; null: not counted); answers the variances',
        params: IdParamsSchema,
        body: StockCountCountedSchema,
        response: { 200: StockCountVariancesSchema, ...ErrorSchemas },
      },
    },
    async (request) => counts.setCounted(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/stock-counts/:id/scan/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A scan (barcode or SKU) adds one to its line's counted quantity; answers the line (Idempotency-Key honoured)",
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: StockCountScanSchema,
        response: { 200: StockCountVarianceLineSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = idempotencyScope(request, actor, deps.clock);
      return counts.scan(deps, actor, request.params.id, request.body.code, scope);
    },
  );
}
