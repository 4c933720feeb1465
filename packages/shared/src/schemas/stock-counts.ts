import { z } from 'zod';
import { PRODUCT_TYPES, QUANTITY_SCALE, STOCK_COUNT_MAX_LINES } from '../constants.ts';
import { D } from '../money.ts';
import { IsoDateSchema } from './audit.ts';
import { DecimalInputSchema, IdSchema, OptionalText } from './common.ts';
import { StockVariantRefSchema } from './inventory.ts';

// Stock counts (DESIGN.md section 20), a kind on the documents' skeleton: a department's count
// starts with a scope, its lines' counted quantities are typed or scanned, and every line's
// variance and its value are read before posting.

/** A counted quantity: zero or more, at most 3 decimals (NUMERIC(18,3)). */
export const CountedQtyInputSchema = DecimalInputSchema.refine((v) => new D(v).gte(0), {
  message: 'validation.stock_counts.counted_not_negative',
})
  .refine((v) => new D(v).decimalPlaces() <= QUANTITY_SCALE, {
    message: 'validation.catalog.use_at_most_3_decimal',
  })
  .refine((v) => new D(v).lt('1000000000000000'), { message: 'validation.catalog.quantity_too_large' });

const NoteShape = { date: IsoDateSchema.optional(), note: OptionalText(1000) };

/**
 * A new count: everything the department holds (`all`), the variants of a product type it holds
 * (`type`), or a list of variants (`list`). The Owner and admins name the department.
 */
export const StockCountCreateSchema = z
  .object({
    department: IdSchema.optional(),
    scope: z.enum(['all', 'type', 'list']),
    product_type: z.enum(PRODUCT_TYPES).optional(),
    variants: z.array(IdSchema).max(STOCK_COUNT_MAX_LINES).optional(),
    ...NoteShape,
  })
  .refine((b) => b.scope !== 'type' || b.product_type !== undefined, {
    message: 'validation.stock_counts.choose_product_type',
    path: ['product_type'],
  })
  .refine((b) => b.scope !== 'list' || (b.variants?.length ?? 0) > 0, {
    message: 'validation.stock_counts.choose_variants',
    path: ['variants'],
  });
export type StockCountCreate = z.input<typeof StockCountCreateSchema>;

/** A count's header change (its lines change by `counted/` and `scan/`). */
export const StockCountUpdateSchema = z.object(NoteShape).partial();

/** Counted quantities typed per line: `null` makes a line not counted again. */
export const StockCountCountedSchema = z.object({
  lines: z
    .array(z.object({ variant: IdSchema, counted: CountedQtyInputSchema.nullable() }))
    .min(1)
    .max(STOCK_COUNT_MAX_LINES),
});
export type StockCountCounted = z.input<typeof StockCountCountedSchema>;

/** A scan: a barcode or SKU; adds one to its line's counted quantity. */
export const StockCountScanSchema = z.object({ code: z.string().trim().min(1).max(64) });
export type StockCountScan = z.input<typeof StockCountScanSchema>;

/** One line's variance (DESIGN.md section 20): counted − (expected at start + moves since). */
export const StockCountVarianceLineSchema = z.object({
  line: z.number(),
  variant: StockVariantRefSchema,
  /** The balance when the line was counted from (the count's start, or the line's scan). */
  expected: z.string(),
  /** What moved since: the balance now (or at posting) less `expected`. */
  moves_since: z.string(),
  /** `expected` + `moves_since`: the balance now, or at posting. */
  expected_now: z.string(),
  /** Not counted yet: null, and the line is left as it is. */
  counted: z.string().nullable(),
  variance: z.string().nullable(),
  /** The variant's last cost (the department's last lot, else the business's), in its currency. */
  unit_cost: z.string(),
  currency: z.number(),
  currency_code: z.string(),
  /** Whether a cost was ever recorded; a surplus without one is received at zero cost. */
  cost_known: z.boolean(),
  /** variance × unit_cost, in the cost's currency and in UZS. */
  value: z.string().nullable(),
  value_uzs: z.string().nullable(),
});
export type StockCountVarianceLine = z.infer<typeof StockCountVarianceLineSchema>;

/** Every line's variance at once, and the totals, before posting (or as posted). */
export const StockCountVariancesSchema = z.object({
  lines: z.array(StockCountVarianceLineSchema),
  counted_lines: z.number(),
  uncounted_lines: z.number(),
  /** Sums of the shortages' and the surpluses' values in UZS (the shortage's as a positive amount). */
  shortage_uzs: z.string(),
  surplus_uzs: z.string(),
});
export type StockCountVariances = z.infer<typeof StockCountVariancesSchema>;
