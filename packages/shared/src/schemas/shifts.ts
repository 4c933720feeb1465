import { z } from 'zod';
import { MONEY_SCALE, SHIFT_STATUSES } from '../constants.ts';
import { D } from '../money.ts';
import { DecimalInputSchema, IdSchema, pageSchemaOf } from './common.ts';
import { pageFields, scopeFields, withPeriodRules } from './reports.ts';

// Cash shifts (DESIGN.md section 22): a drawer opened with counted amounts per currency and closed
// with a blind count, optionally note by note; the difference is posted as SHIFT_DIFF rows.

const MONEY_LIMIT = '1000000000000000000';

/** What is in the drawer of one currency: zero or more, at most 2 decimals. */
const CountedMoneySchema = DecimalInputSchema.refine((v) => new D(v).gte(0), {
  message: 'validation.shifts.amount_not_negative',
})
  .refine((v) => new D(v).decimalPlaces() <= MONEY_SCALE, {
    message: 'validation.finance.use_at_most_2_decimal',
  })
  .refine((v) => new D(v).lt(MONEY_LIMIT), { message: 'validation.finance.amount_too_large' });

/** One kind of note or coin: its face value and how many of it. */
export const DenominationInputSchema = z.object({
  value: DecimalInputSchema.refine((v) => new D(v).gt(0) && new D(v).decimalPlaces() <= MONEY_SCALE, {
    message: 'validation.shifts.denomination_value',
  }),
  count: z.coerce.number().int().min(0).max(10_000_000),
});
export type DenominationInput = z.input<typeof DenominationInputSchema>;

/** Notes and coins as a list of `{value, count}`, or as a map `{"100000": 3, "50000": 2}`. */
const DenominationsInputSchema = z.union([
  z.array(DenominationInputSchema).max(40),
  z
    .record(z.string(), z.unknown())
    .transform((map): { value: string | number; count: unknown }[] =>
      Object.entries(map).map(([value, count]) => ({ value, count })),
    )
    .pipe(z.array(DenominationInputSchema).max(40)),
]);

/** A currency by its code ("UZS") or its id, as the cashier's external transaction takes it. */
const CurrencyRefSchema = z.union([
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'validation.finance.please_choose_currency' }),
  IdSchema,
]);

/** The exact sum of a count by denomination (value × count, added up). */
export function denominationsTotal(denominations: readonly { value: string; count: number }[]): string {
  return denominations
    .reduce((sum, d) => sum.plus(new D(d.value).times(d.count)), new D(0))
    .toFixed(MONEY_SCALE);
}

/**
 * A currency's count: an amount, or the notes and coins (summed exactly), or both when they agree.
 * The output always carries the amount; the currency is resolved to the business's by the server.
 */
export const ShiftCountInputSchema = z
  .object({
    currency: CurrencyRefSchema,
    amount: CountedMoneySchema.optional(),
    denominations: DenominationsInputSchema.optional(),
  })
  .refine((c) => c.amount !== undefined || c.denominations !== undefined, {
    message: 'validation.shifts.enter_amount',
    path: ['amount'],
  })
  .refine(
    (c) =>
      c.amount === undefined ||
      c.denominations === undefined ||
      new D(c.amount).eq(denominationsTotal(c.denominations)),
    { message: 'validation.shifts.denominations_disagree', path: ['amount'] },
  )
  .transform((c) => ({
    currency: c.currency,
    amount: new D(c.amount ?? denominationsTotal(c.denominations ?? [])).toFixed(MONEY_SCALE),
    denominations: c.denominations?.filter((d) => d.count > 0) ?? null,
  }));
export type ShiftCountInput = z.input<typeof ShiftCountInputSchema>;
export type ShiftCount = z.output<typeof ShiftCountInputSchema>;

const countsOf = () =>
  z
    .array(ShiftCountInputSchema)
    .min(1, { message: 'validation.shifts.enter_amount' })
    .max(20)
    .refine((counts) => new Set(counts.map((c) => c.currency)).size === counts.length, {
      message: 'validation.documents.one_amount_per_currency',
    });

/** A shift opened: the drawer counted per currency (a currency left out is taken at its balance). */
export const ShiftOpenSchema = z.object({ opening: countsOf() });
export type ShiftOpen = z.input<typeof ShiftOpenSchema>;

/** A shift closed: the blind count, every currency of the shift. */
export const ShiftCloseSchema = z.object({ counted: countsOf() });
export type ShiftClose = z.input<typeof ShiftCloseSchema>;

export const DenominationSchema = z.object({ value: z.string(), count: z.number() });

/** One currency of a shift. `expected` and `difference` are null while the shift is open (a blind count). */
export const ShiftAmountSchema = z.object({
  currency: z.number(),
  currency_code: z.string(),
  /** Counted when the shift opened (the balance, when that currency was not counted). */
  opening: z.string(),
  /** The opening count less the balance then, posted as SHIFT_DIFF when not zero. */
  opening_difference: z.string(),
  expected: z.string().nullable(),
  counted: z.string().nullable(),
  difference: z.string().nullable(),
  /** The notes and coins of the closing count, when counted so (null while open). */
  denominations: z.array(DenominationSchema).nullable(),
  /** The notes and coins of the opening count, when counted so. */
  opening_denominations: z.array(DenominationSchema).nullable(),
});
export type ShiftAmount = z.infer<typeof ShiftAmountSchema>;

export const ShiftSchema = z.object({
  id: z.number(),
  /** The shift's number in its business, from 1. */
  number: z.number(),
  department: z.number(),
  department_name: z.string(),
  department_role: z.string(),
  status: z.enum(SHIFT_STATUSES),
  opened_at: z.string(),
  opened_by: z.string(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  /** Every currency of the shift: counted at opening, or moved during it. */
  amounts: z.array(ShiftAmountSchema),
  /** Every SHIFT_DIFF row of the shift in UZS at its rate (opening and closing); null while open. */
  difference_uzs: z.string().nullable(),
});
export type Shift = z.infer<typeof ShiftSchema>;

/** The department's open shift, or null; the currencies its drawer is counted in. */
export const CurrentShiftSchema = z.object({
  shift: ShiftSchema.nullable(),
  may_keep_shifts: z.boolean(),
  sales_need_shift: z.boolean(),
});
export type CurrentShift = z.infer<typeof CurrentShiftSchema>;

export const ShiftListQuerySchema = withPeriodRules(
  z.object({
    date_from: scopeFields.date_from,
    date_to: scopeFields.date_to,
    department: scopeFields.department,
    status: z.enum(SHIFT_STATUSES).optional(),
    ...pageFields,
  }),
);
export type ShiftListQuery = z.output<typeof ShiftListQuerySchema>;

/** A cashier's shifts in the period: how many, how many came out short or over, the net in UZS. */
export const ShiftDepartmentTotalSchema = z.object({
  department: z.number(),
  department_name: z.string(),
  shifts: z.number(),
  short: z.number(),
  over: z.number(),
  difference_uzs: z.string(),
});
export type ShiftDepartmentTotal = z.infer<typeof ShiftDepartmentTotalSchema>;

export const ShiftPageSchema = pageSchemaOf(ShiftSchema).extend({
  totals: z.array(ShiftDepartmentTotalSchema),
});
export type ShiftPage = z.infer<typeof ShiftPageSchema>;
