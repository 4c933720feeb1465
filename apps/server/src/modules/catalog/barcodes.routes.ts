import {
  BarcodeGenerateSchema,
  CATALOG_WRITE_ROLES,
  IdParamsSchema,
  LabelsRequestSchema,
  VariantSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { sendFile } from '../../lib/send-report.ts';
import * as barcodes from './barcodes.service.ts';

/** In-store codes (CATALOG_WRITE_ROLES) and labels (every role) (DESIGN.md section 18). */
export async function barcodeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  const tags = ['catalog'];

  r.post(
    '/catalog/variants/:id/barcode/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Give a variant without a barcode an in-store EAN-13 (20 + item + 00000 + check digit)',
        params: IdParamsSchema,
        response: { 200: VariantSchema, ...ErrorSchemas },
      },
    },
    (request) => barcodes.generateBarcode(deps, actorOf(request), request.params.id),
  );
  r.post(
    '/catalog/variants/barcodes/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'In-store EAN-13 codes for the variants without a barcode, in one transaction',
        body: BarcodeGenerateSchema,
        response: {
          200: z.object({ generated: z.number(), variants: z.array(VariantSchema) }),
          ...ErrorSchemas,
        },
      },
    },
    (request) => barcodes.generateBarcodes(deps, actorOf(request), request.body),
  );
  r.post(
    '/catalog/labels/',
    {
      onRequest: authenticate(deps),
      schema: {
        tags,
        summary: 'Labels and price tags as a PDF: 58x40 mm, 40x30 mm or an A4 sheet of 3 x 8',
        body: LabelsRequestSchema,
        response: { 200: z.string().describe('application/pdf, as an attachment'), ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      sendFile(reply, await barcodes.printLabels(deps, actorOf(request), request.body)),
  );
}
