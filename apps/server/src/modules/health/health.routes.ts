import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { answeredWithin } from '../../db/connection.ts';
import type { Deps } from '../../lib/context.ts';
import { connectionLost } from '../../lib/errors.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';

// Probes for a load balancer or an orchestrator (DESIGN.md section 1: many copies behind a load
// balancer on one PostgreSQL). No authentication: they reveal nothing but up or down.

/** A database that does not answer `SELECT 1` this fast is as good as down for a probe. */
export const READY_TIMEOUT_MS = 2000;

const StatusSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];

  r.get(
    '/health/live/',
    {
      schema: {
        tags,
        summary: 'The process answers (liveness); says nothing of the database',
        security: [],
        response: { 200: StatusSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/health/ready/',
    {
      schema: {
        tags,
        summary: 'The database answers SELECT 1 within 2 seconds (readiness); 503 otherwise',
        security: [],
        response: { 200: StatusSchema, 503: ErrorSchemas[503] },
      },
    },
    async (request) => {
      try {
        await answeredWithin(READY_TIMEOUT_MS, sql`SELECT 1`.execute(deps.db));
      } catch (err) {
        request.log.warn({ err: { message: (err as Error).message } }, 'readiness: database not answering');
        throw connectionLost();
      }
      return { status: 'ok' as const };
    },
  );
}
