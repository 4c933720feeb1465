import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ADMIN_ROLES,
  CATALOG_WRITE_ROLES,
  IdParamsSchema,
  IMPORT_MAX_BYTES,
  ImportCommitBodySchema,
  type ImportKind,
  ImportKindSchema,
  ImportProgressTokenSchema,
  ImportSchema,
  msg,
  type Role,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { idempotencyScope } from '../../lib/idempotency.ts';
import { ErrorSchemas, IdempotencyHeadersSchema, NoContentSchema } from '../../lib/openapi.ts';
import { sendFile } from '../../lib/send-report.ts';
import { requestLanguage } from '../../lib/texts.ts';
import {
  commitImport,
  discardImport,
  getImport,
  importExtraColumns,
  stageImport,
} from './imports.service.ts';
import { templateFile } from './imports.template.ts';

// Bringing a business in (DESIGN.md section 17): administrators import every kind, the
// catalogue's writing roles the catalogue.

function requireImporter(actor: Actor, kind: ImportKind): void {
  const role = actor.role as Role;
  if (ADMIN_ROLES.includes(role)) return;
  if (kind === 'catalog' && CATALOG_WRITE_ROLES.includes(role)) return;
  throw forbidden();
}

const IMPORTER_ROLES: readonly Role[] = [...new Set([...ADMIN_ROLES, ...CATALOG_WRITE_ROLES])];

/**
 * The upload's `kind` and file, the file written under a name of our own (never its own) in the
 * temporary folder; more than IMPORT_MAX_BYTES is a 413 before the rest is read.
 */
async function receiveUpload(
  request: FastifyRequest,
): Promise<{ kind: unknown; progress: unknown; file: string }> {
  const part = await request.file().catch(() => undefined);
  if (!part) throw badRequest(msg('errors.import.no_file'), { file: [msg('errors.import.no_file')] });
  const file = path.join(tmpdir(), `import-${randomUUID()}`);
  const tooLarge = () =>
    new AppError(413, 'too_large', msg('errors.import.file_too_large', { max: IMPORT_MAX_BYTES / 1048576 }));
  try {
    await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    await rm(file, { force: true });
    throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
  }
  // The stream stops at the limit without an error: the file is cut, never read.
  if (part.file.truncated) {
    await rm(file, { force: true });
    throw tooLarge();
  }
  const field = (name: string) => {
    const f = part.fields[name];
    return f && !Array.isArray(f) && f.type === 'field' ? f.value : undefined;
  };
  return { kind: field('kind'), progress: field('progress'), file };
}

export async function importsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4 } });
    await uploadRoutes(scoped, deps);
    await importRoutes(scoped, deps);
  });
}

/** The upload that stages a file, and the templates. */
async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['imports'];

  r.post(
    '/imports/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Upload a file to stage (multipart: kind, file; .xlsx or .csv, at most 20 MB and 200,000 rows): every error of every row, the first 50 rows; nothing posted',
        consumes: ['multipart/form-data'],
        response: { 201: ImportSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!IMPORTER_ROLES.includes(actor.role as Role)) throw forbidden();
      const upload = await receiveUpload(request);
      try {
        const kind = ImportKindSchema.safeParse(upload.kind);
        if (!kind.success)
          throw badRequest(msg('errors.import.choose_kind'), { kind: [msg('errors.import.choose_kind')] });
        requireImporter(actor, kind.data);
        const progress = ImportProgressTokenSchema.safeParse(upload.progress).data;
        const language = requestLanguage(request);
        const staged = await stageImport(deps, actor, kind.data, upload.file, language, progress);
        return reply.status(201).send(staged);
      } finally {
        await rm(upload.file, { force: true });
      }
    },
  );

  r.get(
    '/imports/templates/:file',
    {
      onRequest,
      schema: {
        tags,
        summary: "A kind's template: catalog.xlsx, stock.xlsx, counterparties.xlsx or balances.xlsx",
        params: z.object({ file: z.string() }),
        response: { 200: z.string().describe('The template, an .xlsx file'), ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const kind = ImportKindSchema.safeParse(request.params.file.replace(/\.xlsx$/, ''));
      if (!kind.success || !request.params.file.endsWith('.xlsx')) throw notFound();
      requireImporter(actorOf(request), kind.data);
      return sendFile(reply, {
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: `${kind.data}.xlsx`,
        body: Readable.from([
          await templateFile(
            kind.data,
            requestLanguage(request),
            await importExtraColumns(deps, actorOf(request), kind.data),
          ),
        ]),
      });
    },
  );
}

/** A staged import: read, committed, discarded. */
async function importRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['imports'];

  r.get(
    '/imports/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A staged or posted import',
        params: IdParamsSchema,
        response: { 200: ImportSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const found = await getImport(deps, actor, request.params.id, requestLanguage(request));
      requireImporter(actor, found.kind);
      return found;
    },
  );

  r.post(
    '/imports/:id/commit/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Post a staged import: every row in one transaction or none (409 while it has errors); a second commit posts nothing; Idempotency-Key',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ImportCommitBodySchema,
        response: { 200: ImportSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const language = requestLanguage(request);
      requireImporter(actor, (await getImport(deps, actor, request.params.id, language)).kind);
      return commitImport(
        deps,
        actor,
        request.params.id,
        idempotencyScope(request, actor, deps.clock),
        language,
        request.body?.progress,
      );
    },
  );

  r.delete(
    '/imports/:id/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Discard a staged import (409 once posted)',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      requireImporter(actor, (await getImport(deps, actor, request.params.id, 'uz')).kind);
      await discardImport(deps, actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
