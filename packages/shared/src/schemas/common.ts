import { z } from 'zod';
import { REASON_MAX, REASON_MIN } from '../constants.ts';
import { DECIMAL_PATTERN } from '../money.ts';
import { encodeMessage } from '../texts/message.ts';

/**
 * The messages of the checks a schema gives no message of its own (zod's are developer English,
 * "Invalid input: expected number, received NaN"): Django REST framework's wording, as the API's
 * other messages (DESIGN.md section 6). A schema's own message always wins over these.
 */
export const ZOD_TEXTS = {
  required: 'validation.chat.field_required',
  number: 'validation.valid_number_required',
  string: 'validation.not_valid_string',
  list: 'validation.expected_list_items',
  object: 'validation.invalid_data_object_expected',
  boolean: 'validation.catalog.must_valid_boolean',
  choice: 'validation.choose_one_allowed_values',
  format: 'validation.enter_valid_value',
  unknownField: 'validation.field_not_expected',
  invalid: 'validation.invalid_value',
  blank: 'validation.auth.field_may_not_blank',
  empty: 'validation.list_may_not_empty',
  tooLong: (max: number) => encodeMessage('validation.ensure_field_has_no_more', { max }),
  tooShort: (min: number) => encodeMessage('validation.ensure_field_has_at_least', { min }),
  tooMany: (max: number) => encodeMessage('validation.ensure_list_has_no_more', { max }),
  tooFew: (min: number) => encodeMessage('validation.ensure_list_has_at_least', { min }),
  tooLarge: (max: number) => encodeMessage('validation.ensure_value_less_than_or', { max }),
  tooSmall: (min: number) => encodeMessage('validation.ensure_value_greater_than_or', { min }),
  above: (min: number) => encodeMessage('validation.ensure_value_greater_than', { min }),
  below: (max: number) => encodeMessage('validation.ensure_value_less_than', { max }),
  integer: 'validation.catalog.valid_integer_required',
} as const;

const TYPE_TEXTS: Record<string, string> = {
  number: ZOD_TEXTS.number,
  int: ZOD_TEXTS.integer,
  bigint: ZOD_TEXTS.number,
  string: ZOD_TEXTS.string,
  array: ZOD_TEXTS.list,
  object: ZOD_TEXTS.object,
  boolean: ZOD_TEXTS.boolean,
};

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

function defaultMessage(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? ZOD_TEXTS.required : (TYPE_TEXTS[iss.expected] ?? ZOD_TEXTS.invalid);
    case 'invalid_value':
      return ZOD_TEXTS.choice;
    case 'invalid_format':
      return ZOD_TEXTS.format;
    case 'unrecognized_keys':
      return ZOD_TEXTS.unknownField;
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return ZOD_TEXTS.tooLong(max);
      if (iss.origin === 'array' || iss.origin === 'set') return ZOD_TEXTS.tooMany(max);
      return iss.inclusive === false ? ZOD_TEXTS.below(max) : ZOD_TEXTS.tooLarge(max);
    }
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min === 1 ? ZOD_TEXTS.blank : ZOD_TEXTS.tooShort(min);
      if (iss.origin === 'array' || iss.origin === 'set')
        return min === 1 ? ZOD_TEXTS.empty : ZOD_TEXTS.tooFew(min);
      return iss.inclusive === false ? ZOD_TEXTS.above(min) : ZOD_TEXTS.tooSmall(min);
    }
    default:
      return ZOD_TEXTS.invalid;
  }
}

z.config({ customError: defaultMessage });

// Control characters other than tab and newline (C0 without \t \n \r, DEL, C1). PostgreSQL
// refuses NUL in text, and none of them belongs in a name, a code or a reason. \r stays because
// an API client's "\r\n" is a newline too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this rule's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');
export const CONTROL_CHARACTERS_MESSAGE = 'validation.remove_control_characters_from_field';

/**
 * Every free-text field of a request body starts here: a string without control characters
 * (400 with this field's message otherwise). Chain .trim(), .min(), .max() as usual.
 */
export const text = (params?: { message: string }) =>
  z.string(params).refine((v) => !CONTROL_CHARACTER.test(v), { message: CONTROL_CHARACTERS_MESSAGE });

const BLANK = 'validation.auth.field_may_not_blank';

/** Text that must be non-blank after trimming (spec.md section 5, product, colour, size, unit). */
export const RequiredText = (max: number) =>
  text({ message: 'validation.chat.field_required' })
    .trim()
    .min(1, { message: BLANK })
    .max(max, { message: ZOD_TEXTS.tooLong(max) });

/** Optional text: missing or null is ''. */
export const OptionalText = (max: number) =>
  text()
    .trim()
    .max(max, { message: ZOD_TEXTS.tooLong(max) })
    .nullish()
    .transform((v) => v ?? '');

/** A search parameter: control characters are dropped rather than refused (a search never fails). */
export const searchText = () => z.string().overwrite((v) => v.replace(CONTROL_CHARACTERS, ''));

/** A yes/no query parameter, as Django REST framework's filters read one. */
export const BooleanQuerySchema = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((v) => v === 'true' || v === 'True' || v === '1');

/** An id in a path or a body: a positive integer, given as a number or a digit string. */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A reference that may be empty: '' and null mean "none" (spec.md section 5, a variant's colour
 * and size; DESIGN.md section 19, a counterparty's price type).
 */
export const OptionalRefSchema = z.preprocess((v) => (v === '' ? null : v), IdSchema.nullable());

/**
 * An id in a path: only a positive decimal integer within int4 (`/products/1/`); `0x1`, `1e0`,
 * `+1`, `01` and `99999999999` name no object. A malformed path id answers 404, like an unknown
 * one (the error handler maps every params failure to 404, as Django REST framework does).
 */
export const PathIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((v) => v <= 2_147_483_647);
export const IdParamsSchema = z.object({ id: PathIdSchema });

/**
 * A decimal amount on input: a number or a numeric string (DESIGN.md section 1). It stays a
 * string afterwards so no float ever touches it.
 */
export const DecimalInputSchema = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  // abort: later checks (new D(v)...) must never see a malformed string, which would throw.
  .refine((v) => DECIMAL_PATTERN.test(v) && v.length <= 32, {
    message: 'validation.enter_valid_number',
    abort: true,
  });

export const ReasonSchema = text()
  .trim()
  .min(REASON_MIN, { message: 'validation.reason_must_at_least_8' })
  .max(REASON_MAX, { message: 'validation.reason_must_not_exceed_500' });

/** A user as the API shows it (DESIGN.md section 4). */
export const UserRefSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
});
export type UserRef = z.infer<typeof UserRefSchema>;

/**
 * When a report or History was read from a replica more than REPLICA_MAX_LAG_MS behind (DESIGN.md
 * section 24 "Reports from a replica"): the ISO time its data is as of; null when it is current.
 */
export const DataAsOfSchema = z
  .string()
  .nullable()
  .optional()
  .describe('Null when current; an ISO time when read from a replica behind by more than REPLICA_MAX_LAG_MS');

/**
 * A page of a paginated list (DESIGN.md section 4, Django REST framework's page numbers):
 * `{count, next, previous, results}`.
 */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
