import { z } from 'zod';
import { REASON_MAX, REASON_MIN } from '../constants.ts';
import { DECIMAL_PATTERN } from '../money.ts';

/** An id in a path or a body: a positive integer, given as a number or a digit string. */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParamsSchema = z.object({ id: IdSchema });

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

export const ReasonSchema = z
  .string()
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
