import { DOCUMENT_PATHS, IdParamsSchema, ReceiptQuerySchema, ReceiptSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { sendFile } from '../../lib/send-report.ts';
import { requestLanguage } from '../../lib/texts.ts';
import { printForm, receiptView, saleReceipt } from './document-files.ts';
import type { KindConfig } from './document-kind.ts';

// A document's files (DESIGN.md section 19): every kind's print form, `GET api/{kind}/{id}/print/`,
// and a sale's receipt, `GET api/sales/{id}/receipt/?width=58|80`. Who may read them is who may
// read the card.

const PDF = z.string().describe('application/pdf, as an attachment');

/**
 * Where the web app is opened, for the receipt's QR code: PUBLIC_URL, else the address the
 * request came to (behind a proxy with TRUST_PROXY=1, the one the client used).
 */
const origin = (deps: Deps, request: FastifyRequest) =>
  deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** `GET api/{kind}/{id}/print/`: every kind's A4 print form. */
export async function printRoutes<L>(app: FastifyInstance, deps: Deps, config: KindConfig<L>): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${DOCUMENT_PATHS[config.kind]}/:id/print/`,
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['documents'],
        summary: `A ${config.entity}'s print form: an A4 PDF in the reader's language`,
        params: IdParamsSchema,
        response: { 200: PDF, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await printForm(deps, actorOf(request), config, request.params.id, requestLanguage(request)),
      ),
  );
}

/** `GET api/sales/{id}/receipt/`: the till receipt for a 58 or 80 mm roll, or the page's data. */
export async function receiptRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${DOCUMENT_PATHS.SALE}/:id/receipt/`,
    {
      onRequest: authenticate(deps),
      schema: {
        tags: ['documents'],
        summary:
          "A sale's receipt: a PDF as wide as the till's paper (58 or 80 mm) with a QR code of the receipt page; format=json: the page's data",
        params: IdParamsSchema,
        querystring: ReceiptQuerySchema,
        response: { 200: z.union([ReceiptSchema, PDF]), ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { width, format } = request.query;
      if (format === 'json') return receiptView(deps, actor, request.params.id);
      const options = { width, language: requestLanguage(request), origin: origin(deps, request) };
      return sendFile(reply, await saleReceipt(deps, actor, request.params.id, options));
    },
  );
}
