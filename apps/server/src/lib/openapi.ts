import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KEY_TTL_HOURS } from './idempotency.ts';

// What the OpenAPI document says beyond the shared request and response schemas: the error
// shapes, the headers and the empty answers (DESIGN.md section 4). Routes spread or pass these, so
// the document and the validation come from one definition.

const detail = z.string().describe("What went wrong, for a person to read, in the request's language");
/** A message as a key with values (DESIGN.md section 15; docs/api.md "Errors"). */
const MessageSchema = z
  .object({ key: z.string(), values: z.record(z.string(), z.unknown()).optional() })
  .describe(
    'The message itself: its key in the catalogues and its values, for clients that render their own',
  );
const detail_message = MessageSchema.optional();
const DetailSchema = z.object({ detail, detail_message });

/** The error answers every route may give (DESIGN.md section 4: Django REST framework's shapes). */
export const ErrorSchemas = {
  400: z
    .object({
      detail,
      detail_message,
      non_field_errors: z.array(z.string()).optional(),
      field_messages: z.record(z.string(), z.array(MessageSchema)).optional(),
    })
    .catchall(z.array(z.string()))
    .describe(
      "Bad input: each bad field's messages under its name (dotted when nested), non_field_errors for " +
        'the body as a whole, and detail repeating the first message; field_messages and detail_message ' +
        'hold the same as messages (key and values)',
    ),
  401: DetailSchema.describe('No access token, or a bad or expired one'),
  403: DetailSchema.describe('Your role, or your side of the offer, may not do this'),
  404: DetailSchema.describe("Missing, or another business's"),
  409: DetailSchema.extend({ field_messages: z.record(z.string(), z.array(MessageSchema)).optional() })
    .catchall(z.array(z.string()))
    .describe(
      "A business rule refused it: a state, a shortfall, a row still referenced; a document's posting " +
        'also names each short line under its field (`lines.2.qty`, DESIGN.md section 19)',
    ),
  429: DetailSchema.describe('Throttled').meta({
    headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } },
  }),
  // The database connection was lost (lib/errors.ts): any route, with Retry-After.
  503: DetailSchema.describe('The database is unreachable for a moment: try again').meta({
    headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } },
  }),
} as const;

/** An outside service we call (the Central Bank's feed, the mail server) failed; the detail says what was kept. */
export const BadGatewaySchema = {
  502: DetailSchema.describe(
    'An outside service failed, was slow or answered nonsense; the detail says what was kept',
  ),
} as const;

/** A 204: done, and nothing to say. */
export const NoContentSchema = z.null().describe('Done; no body');

/** The Idempotency-Key header of the POSTs that move money or stock (DESIGN.md section 4). */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      `1 to 200 visible ASCII characters. The same key from the same user within ${KEY_TTL_HOURS} hours ` +
        'answers the first answer again and applies nothing again; with another body it is a 409. The body ' +
        'is compared as sent, its keys in any order: a field left out differs from one sent with its default.',
    ),
});

/** The conditional GET of an answer sent with an ETag. */
export const ConditionalHeadersSchema = z.object({
  'if-none-match': z
    .string()
    .optional()
    .describe('The ETag of the answer the client holds: a 304 while it is still current'),
});

/** A 200 sent with an ETag, and the 304 that answers a matching If-None-Match. */
export function withETag<T extends z.ZodType>(ok: T) {
  return {
    200: ok.meta({
      headers: { etag: { type: 'string', description: 'The version of this answer, for If-None-Match' } },
    }),
    304: z.null().describe('Not modified since the ETag sent in If-None-Match'),
  };
}

type JsonSchema = { enum?: unknown[]; description?: string };

/**
 * The zod schemas as OpenAPI 3.0, with the answers that are only `null` (204, 304) documented as
 * answers without a body: @fastify/swagger leaves out the content of a `type: null` schema, which
 * OpenAPI 3.0 itself cannot express and the zod conversion writes as a nullable enum of null.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const response = (output.schema as { response?: Record<string, JsonSchema | object> }).response;
  for (const [status, schema] of Object.entries(response ?? {})) {
    const only = (schema as JsonSchema).enum;
    if (response && only?.length === 1 && only[0] === null)
      response[status] = { type: 'null', description: (schema as JsonSchema).description };
    if (response && (schema as { eventStream?: boolean }).eventStream)
      response[status] = {
        description: (schema as JsonSchema).description,
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      };
  }
  return output;
};

/** A 200 that is a stream of Server-Sent Events, not JSON (DESIGN.md section 13). */
export const EventStreamSchema = z
  .string()
  .describe('A stream of Server-Sent Events: id, event (the type) and data (JSON) each')
  .meta({ eventStream: true });
