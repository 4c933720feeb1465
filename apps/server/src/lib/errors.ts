import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the services (STYLE.md "Errors"). `detail` is what a person reads;
 * `fields` are field errors in Django REST framework's shape.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, fields?: FieldErrors) =>
  new AppError(400, 'bad_request', detail, fields);
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new AppError(401, 'unauthorized', detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, 'forbidden', detail);
export const notFound = (detail = 'Not found.') => new AppError(404, 'not_found', detail);
export const conflict = (detail: string) => new AppError(409, 'conflict', detail);
export const throttled = (retryAfterSeconds: number, detail?: string) =>
  new AppError(
    429,
    'throttled',
    detail ?? `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** A field error that also carries a readable detail, so simple clients can show one line. */
export function fieldError(field: string, message: string): AppError {
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
  if (err.code.startsWith('22')) return badRequest('A value is out of range or malformed.');
  switch (err.code) {
    case '23505':
      return conflict('An object with these values already exists.');
    case '23503':
      return conflict('This object is referenced by other records and cannot be changed this way.');
    case '23514':
      return conflict('The change would break a rule of the ledger (for example a negative balance).');
    case '40001':
    case '40P01':
      return new AppError(503, 'retry', 'The server is busy; please try again.', undefined, {
        'retry-after': '1',
      });
    default:
      return null;
  }
}

const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * The database connection died or PostgreSQL is down or restarting: SQLSTATE class 08, the
 * shutdown codes 57P01-57P03, node-postgres's own "Connection terminated ..." and "... not
 * queryable" errors, and a refused or reset socket. The request's transaction did not commit.
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
  new AppError(
    503,
    'database_unavailable',
    "Ma'lumotlar bazasi bilan aloqa uzildi, hech narsa yarim saqlanmadi: birozdan keyin qayta urinib ko'ring. " +
      '(The database connection was lost and nothing was half-saved: please try again shortly.)',
    undefined,
    { 'retry-after': String(CONNECTION_LOSS_RETRY_SECONDS) },
  );

function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return key === '' ? 'non_field_errors' : key;
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const body: Record<string, unknown> = { ...(error.fields ?? {}), detail: error.detail };
  return reply.status(error.status).send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path is a missing object, as in Django REST framework.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: 'Not found.' });
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        const message = issue.message ?? 'Invalid value.';
        fields[key] = [...(fields[key] ?? []), message];
      }
      const [firstKey, firstMessages] = Object.entries(fields)[0] ?? ['', ['Invalid input.']];
      const detail =
        firstKey && firstKey !== 'non_field_errors' ? `${firstKey}: ${firstMessages[0]}` : firstMessages[0];
      return reply.status(400).send({ ...fields, detail });
    }
    if (isConnectionLoss(error)) {
      // DESIGN.md section 4: never a 500 for a passing outage; the pool reconnects by itself.
      request.log.warn({ err: { code: error.code, message: error.message } }, 'database connection lost');
      return sendAppError(reply, connectionLost());
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
        if (mapped.headers) reply.headers(mapped.headers);
        return reply.status(mapped.status).send({ detail: mapped.detail });
      }
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const detail =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported media type: send application/json.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The JSON body is empty.'
              : status === 400
                ? `Malformed request: ${error.message}`
                : error.message;
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: 'Internal server error. It has been logged; please try again later.' });
  });
}
