import { Readable } from 'node:stream';
import { AuditPageSchema, AuditQuerySchema } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import { readPast } from '../../lib/send-report.ts';
import { requestLanguage } from '../../lib/texts.ts';
import { historyCsv, listHistory } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/audit/',
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['audit'],
        summary:
          'History (DESIGN.md section 10): the audit rows I may see, 50 a page, newest first; format=csv streams every filtered row',
        querystring: AuditQuerySchema,
        response: {
          200: AuditPageSchema.describe('JSON; with format=csv, text/csv instead'),
          ...ErrorSchemas,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const language = requestLanguage(request);
      // History and its file read from the replica when there is one (DESIGN.md section 24).
      if (request.query.format === 'csv') {
        const day = new Date().toISOString().slice(0, 10);
        const { value: rows } = await readPast(deps, reply, async (d) =>
          historyCsv(d, actor, request.query, language),
        );
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="tarix-${day}.csv"`)
            // A stream is sent as it is, not serialised with the JSON schema (its type says JSON).
            .send(Readable.from(rows) as never)
        );
      }
      const { value, asOf } = await readPast(deps, reply, (d) =>
        listHistory(d, actor, request.query, language),
      );
      return { ...pageOf(request, value), data_as_of: asOf };
    },
  );
}
