import { z } from 'zod';
import { REASON_MAX, REASON_MIN } from '../constants.ts';
import { DECIMAL_PATTERN } from '../money.ts';

// Control characters other than tab and newline (C0 without \t \n \r, DEL, C1). PostgreSQL
// refuses NUL in text, and none of them belongs in a name, a code or a reason. \r stays because
// an API client's "\r\n" is a newline too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this rule's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters from this field.';

/**
 * Every free-text field of a request body starts here: a string without control characters
 * (400 with this field's message otherwise). Chain .trim(), .min(), .max() as usual.
 */
export const text = (params?: { message: string }) =>
  z.string(params).refine((v) => !CONTROL_CHARACTER.test(v), { message: CONTROL_CHARACTERS_MESSAGE });

const BLANK = 'This field may not be blank.';

/** Text that must be non-blank after trimming (spec.md section 5, product, colour, size, unit). */
export const RequiredText = (max: number) =>
  text({ message: 'This field is required.' })
    .trim()
    .min(1, { message: BLANK })
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

/** Optional text: missing or null is ''. */
export const OptionalText = (max: number) =>
  text()
    .trim()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` })
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
    message: 'Enter a valid number.',
    abort: true,
  });

export const ReasonSchema = text()
  .trim()
  .min(REASON_MIN, { message: `Sabab kamida ${REASON_MIN} ta belgidan iborat bo'lishi kerak.` })
  .max(REASON_MAX, { message: `Sabab ${REASON_MAX} ta belgidan oshmasligi kerak.` });

/** A user as the API shows it (DESIGN.md section 4). */
export const UserRefSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
});
export type UserRef = z.infer<typeof UserRefSchema>;
