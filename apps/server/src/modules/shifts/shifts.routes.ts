import {
  CurrentShiftSchema,
  IdParamsSchema,
  ShiftCloseSchema,
  ShiftListQuerySchema,
  ShiftOpenSchema,
  ShiftPageSchema,
  ShiftSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema } from '../../lib/openapi.ts';
import { sendFile } from '../../lib/send-report.ts';
import { requestLanguage } from '../../lib/texts.ts';
import * as shifts from './shifts.service.ts';
import { zReport } from './z-report.ts';

// Cash shifts (DESIGN.md sections 19 "Paths" and 22): open, the blind close, the list and one.

const tags = ['shifts'];

export async function shiftsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  readRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);

  r.post(
    '/shifts/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Opens the department’s shift with its drawer counted per currency ({opening: [{currency, amount | denominations}]}); a second open shift is 409',
        headers: IdempotencyHeadersSchema,
        body: ShiftOpenSchema,
        response: { 201: ShiftSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const scope = idempotencyScope(request, actor, deps.clock);
      reply.code(201);
      return shifts.openShift(deps, actor, request.body.opening, scope);
    },
  );

  r.post(
    '/shifts/:id/close/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The blind close: every currency counted ({counted: [{currency, amount | denominations}]}); each difference posted as SHIFT_DIFF (Idempotency-Key honoured)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ShiftCloseSchema,
        response: { 200: ShiftSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = idempotencyScope(request, actor, deps.clock);
      return shifts.closeShift(deps, actor, request.params.id, request.body.counted, scope);
    },
  );
}

/** The list, the department's current shift, and one shift. */
function readRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  r.get(
    '/shifts/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Shifts newest first (the viewers of the whole business: every department's), with each department's shifts, short and over counts and net difference in UZS",
        querystring: ShiftListQuerySchema,
        response: { 200: ShiftPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => shifts.listShifts(deps, actorOf(request), request.query, request),
  );

  r.get(
    '/shifts/current/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The department's open shift (or null), whether it keeps shifts, and whether sales need one",
        response: { 200: CurrentShiftSchema, ...ErrorSchemas },
      },
    },
    async (request) => shifts.currentShift(deps, actorOf(request)),
  );

  r.get(
    '/shifts/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One shift; expected amounts and differences only once it is closed (a blind count)',
        params: IdParamsSchema,
        response: { 200: ShiftSchema, ...ErrorSchemas },
      },
    },
    async (request) => shifts.getShift(deps, actorOf(request), request.params.id),
  );

  r.get(
    '/shifts/:id/z-report/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A closed shift's Z-report: an A4 PDF in the reader's language (opening, sales by payment kind, other cash in and out, expected, counted, difference); an open shift is 409",
        params: IdParamsSchema,
        response: { 200: z.string().describe('application/pdf, as an attachment'), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendFile(reply, await zReport(deps, actorOf(request), request.params.id, requestLanguage(request))),
  );
}
