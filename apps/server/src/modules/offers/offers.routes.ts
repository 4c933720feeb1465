import {
  IdParamsSchema,
  OfferApproveBodySchema,
  OfferCreateBodySchema,
  OfferListQuerySchema,
  OfferSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema, NoContentSchema } from '../../lib/openapi.ts';
import { readPast, sendFile } from '../../lib/send-report.ts';
import { requestLanguage } from '../../lib/texts.ts';
import * as offers from './offers.service.ts';

// An action may come with an empty JSON body, or none at all (spec.md section 7: "no body stated").
const EmptyBodySchema = z.unknown().optional();

export async function offersRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await offerRoutes(app, deps);
  await offerStepRoutes(app, deps);
}

/** Offers: create, the incoming and outgoing lists, one offer. */
async function offerRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['offers'];
  const offerReply = { 200: OfferSchema, ...ErrorSchemas };

  r.post(
    '/offers/offers/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a DRAFT offer of money lines or item lines; the creator is one party',
        body: OfferCreateBodySchema,
        response: { 201: OfferSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offers.createOffer(deps, actorOf(request), request.body)),
  );

  for (const side of ['incomes', 'outcomes'] as const) {
    r.get(
      `/offers/offers/get_${side}/`,
      {
        onRequest,
        schema: {
          tags,
          summary:
            side === 'incomes'
              ? 'Offers to me, newest first; format=csv|xlsx|pdf as a file'
              : 'Offers from me, newest first; format=csv|xlsx|pdf as a file',
          querystring: OfferListQuerySchema,
          response: {
            200: z
              .array(OfferSchema)
              .describe(
                'JSON; with format=csv|xlsx|pdf, the same offers as a file (Content-Disposition: attachment)',
              ),
            ...ErrorSchemas,
          },
        },
      },
      async (request, reply) => {
        const { format } = request.query;
        if (format === 'json') return offers.listMyOffers(deps, actorOf(request), side);
        // The download dialog's file (DESIGN.md section 15: the server makes every file), a report
        // of the past read from the replica when there is one (DESIGN.md section 24).
        const { value: file } = await readPast(deps, reply, (d) =>
          offers.offersFile(d, actorOf(request), side, format, requestLanguage(request)),
        );
        return sendFile(reply, file);
      },
    );
  }

  r.get(
    '/offers/offers/:id/',
    {
      onRequest,
      schema: { tags, summary: 'One offer (its parties only)', params: IdParamsSchema, response: offerReply },
    },
    async (request) => offers.getOffer(deps, actorOf(request), request.params.id),
  );
}

/** An offer's steps: submit, cancel, reject, approve; delete a draft. */
async function offerStepRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['offers'];
  const offerReply = { 200: OfferSchema, ...ErrorSchemas };

  for (const action of ['submit', 'cancel', 'reject'] as const) {
    r.post(
      `/offers/offers/:id/${action}/`,
      {
        onRequest,
        schema: {
          tags,
          summary: `Offer action: ${action}`,
          params: IdParamsSchema,
          body: EmptyBodySchema,
          response: offerReply,
        },
      },
      async (request) => offers.changeOfferState(deps, actorOf(request), request.params.id, action),
    );
  }

  r.post(
    '/offers/offers/:id/approve/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The other party approves a PENDING offer: money or stock moves once; Idempotency-Key. A product offer's receiver may state `received` per variant (DESIGN.md section 20): the rest is a TRANSIT_LOSS of the sender",
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: OfferApproveBodySchema,
        response: offerReply,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return offers.approveOffer(
        deps,
        actor,
        request.params.id,
        idempotencyScope(request, actor, deps.clock),
        request.body?.received,
      );
    },
  );

  r.delete(
    '/offers/offers/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The creator deletes a DRAFT',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await offers.deleteOffer(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
