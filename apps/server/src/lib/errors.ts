import { decodeMessage, type Message, msg } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { renderMessage, requestLanguage } from './texts.ts';

/** Field errors in Django REST framework's shape: each field's messages. */
export type FieldErrors = Record<string, Message[]>;

/**
 * The one error type of the services (STYLE.md "Errors"). `message` is what a person reads, as a
 * key with values (DESIGN.md section 15): the error handler renders it, and each field's
 * messages, in the reader's language when the answer is sent.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: Message,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail.key);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: Message, fields?: FieldErrors) =>
  new AppError(400, 'bad_request', detail, fields);
export const unauthorized = (detail = msg('errors.not_authenticated')) =>
  new AppError(401, 'unauthorized', detail);
export const forbidden = (detail = msg('errors.forbidden')) => new AppError(403, 'forbidden', detail);
export const notFound = (detail = msg('errors.not_found')) => new AppError(404, 'not_found', detail);
export const conflict = (detail: Message) => new AppError(409, 'conflict', detail);
export const throttled = (retryAfterSeconds: number, detail?: Message) =>
  new AppError(429, 'throttled', detail ?? msg('errors.throttled', { retryAfterSeconds }), undefined, {
    'retry-after': String(retryAfterSeconds),
  });

/** A field error that also carries a readable detail, so simple clients can show one line. */
export function fieldError(field: string, message: Message): AppError {
  return badRequest(message, { [field]: [message] });
}

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The SQLSTATE of a database error (PostgreSQL's or one our functions raise), if it is one. */
export function pgCodeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function isPgError(err: unknown): err is PgError {
  return pgCodeOf(err) !== undefined;
}

/** Database constraints are the last line of defence (STYLE.md): map them to 4xx, never a 500. */
function fromPgError(err: PgError): AppError | null {
  // Class 22 is "data exception" (22021 invalid byte sequence, 22P02 bad text representation,
  // 22003 out of range, 22001 too long...): always a value the client sent, so 400, never 500.
  if (err.code.startsWith('22')) return badRequest(msg('errors.value_out_range_or_malformed'));
  switch (err.code) {
    case '23505':
      return conflict(msg('errors.object_with_these_values_already'));
    case '23503':
      return conflict(msg('errors.object_referenced_by_other_records'));
    case '23514':
      return conflict(msg('errors.change_would_break_ledger_rule'));
    case '40001':
    case '40P01':
      return new AppError(503, 'retry', msg('errors.server_busy_please_try_again'), undefined, {
        'retry-after': '1',
      });
    default:
      return null;
  }
}

const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);

/**
 * The database connection died or PostgreSQL is down or restarting: SQLSTATE class 08, the
 * shutdown codes 57P01-57P03, node-postgres's own "Connection terminated ..." and "... not
 * queryable" errors, a refused or reset socket, and one closed because the database did not answer
 * in time (db/connection.ts's `DatabaseSilent`). The request's transaction did not commit.
 */
export function isConnectionLoss(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (pgCodeOf(err)?.startsWith('08') || (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)))
    return true;
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|is not queryable|^connect ECONNREFUSED/.test(message);
}

/** How long a client should wait before trying again after the database went away. */
const CONNECTION_LOSS_RETRY_SECONDS = 5;

export const connectionLost = () =>
  new AppError(503, 'database_unavailable', msg('errors.database_unavailable'), undefined, {
    'retry-after': String(CONNECTION_LOSS_RETRY_SECONDS),
  });

function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return key === '' ? 'non_field_errors' : key;
}

/**
 * An error's answer (docs/api.md "Errors"): `detail` and each field's messages rendered in the
 * reader's language, as spec.md's clients read them, and beside them the messages themselves
 * for API clients (`detail_message`, `field_messages`: `{key, values}`).
 */
function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const language = requestLanguage(request);
  const fields = Object.entries(error.fields ?? {});
  const body: Record<string, unknown> = Object.fromEntries(
    fields.map(([field, messages]) => [field, messages.map((m) => renderMessage(m, language))]),
  );
  body.detail = renderMessage(error.detail, language);
  body.detail_message = error.detail;
  if (fields.length > 0) body.field_messages = Object.fromEntries(fields);
  return reply.status(error.status).send(body);
}

/** A zod issue's message: ours is a key (or a message as JSON); a library's words stay as written. */
export function issueMessage(message: string | undefined): Message {
  if (message === undefined) return msg('validation.invalid_value');
  const decoded = decodeMessage(message);
  return 'key' in decoded ? decoded : msg('errors.text', { text: decoded.text });
}

/** A request the schemas refuse: 400 with each field's messages, the first one as `detail`. */
function validationError(validation: readonly { instancePath: string; message?: string }[]): AppError {
  const fields: FieldErrors = {};
  for (const issue of validation) {
    const key = fieldKey(issue.instancePath);
    fields[key] = [...(fields[key] ?? []), issueMessage(issue.message)];
  }
  const [field, [first] = []] = Object.entries(fields)[0] ?? ['', []];
  const message = first ?? msg('validation.invalid_value');
  const detail =
    field && field !== 'non_field_errors' ? msg('errors.field_message', { field, message }) : message;
  return badRequest(detail, fields);
}

/** Fastify's own refusals of a request (a body too large, a media type, malformed JSON). */
function requestError(error: FastifyError, status: number): AppError {
  const detail =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? msg('errors.request_body_too_large')
      : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? msg('errors.unsupported_media_type_send_application')
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? msg('errors.json_body_empty')
          : status === 400
            ? msg('errors.malformed_request', { message: error.message })
            : msg('errors.text', { text: error.message });
  return new AppError(status, 'bad_request', detail);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path is a missing object, as in Django REST framework.
      if (error.validationContext === 'params') return sendAppError(request, reply, notFound());
      return sendAppError(request, reply, validationError(error.validation));
    }
    if (isConnectionLoss(error)) {
      // DESIGN.md section 4: never a 500 for a passing outage; the pool reconnects by itself.
      request.log.warn({ err: { code: error.code, message: error.message } }, 'database connection lost');
      return sendAppError(request, reply, connectionLost());
    }
    if (isPgError(error as unknown)) {
      const pgErr = error as unknown as PgError;
      const mapped = fromPgError(pgErr);
      if (mapped) {
        request.log.warn(
          // sqlstate, not code: `code` keys are redacted from the log as one-time codes.
          { pg: { sqlstate: pgErr.code, constraint: pgErr.constraint } },
          'database rule refused a change',
        );
        return sendAppError(request, reply, mapped);
      }
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error))
      return sendAppError(request, reply, requestError(error, status));
    request.log.error({ err: error }, 'unhandled error');
    return sendAppError(
      request,
      reply,
      new AppError(500, 'server_error', msg('errors.internal_server_error')),
    );
  });
}
