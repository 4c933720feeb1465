import { z } from 'zod';
import {
  CURRENCY_IDS,
  ENTRY_TYPES,
  EXIT_TYPES,
  MANUAL_EXIT_TYPES,
  MONEY_SCALE,
  UNIT_MEASURES,
} from '../constants.ts';
import { D } from '../money.ts';
import { encodeMessage } from '../texts/message.ts';
import { DecimalInputSchema, IdSchema, OptionalText, pageSchemaOf, searchText } from './common.ts';
import { CreditFieldsSchema } from './debts.ts';
// One quantity rule for offers' item lines and stock (spec.md section 9: step 0.001).
import { QuantityInputSchema } from './offers.ts';

// The stock contract (spec.md sections 3 and 7, DESIGN.md sections 3 and 4): one definition for
// the server's validation, the web forms and the OpenAPI document.

function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}
function integerDigits(value: string): number {
  return (
    value
      .replace(/^-/, '')
      .split('.')[0]
      ?.replace(/^0+(?=\d)/, '').length ?? 0
  );
}

/** A decimal of the given scale that fits NUMERIC(precision, scale), at least 0. */
function scaledDecimal(scale: number, precision: number) {
  return DecimalInputSchema.refine((v) => decimalPlaces(v) <= scale, {
    message: encodeMessage('validation.inventory.ensure_that_there_scale_plural', { scale }),
  })
    .refine((v) => integerDigits(v) <= precision - scale, {
      message: encodeMessage('validation.inventory.ensure_that_there_precision_plural', {
        precision: precision - scale,
      }),
    })
    .refine((v) => new D(v).gte(0), { message: 'validation.catalog.ensure_value_greater_than_or' });
}

/** A unit cost or price: NUMERIC(20,2), at least 0. */
export const UnitMoneyInputSchema = scaledDecimal(MONEY_SCALE, 20);

/** spec.md section 9: currency ids 1 USD, 2 UZS. */
export const StockCurrencySchema = IdSchema.refine((v) => v === CURRENCY_IDS.USD || v === CURRENCY_IDS.UZS, {
  message: 'validation.inventory.currency_must_1_usd_or',
});

export const StockEntryCreateSchema = z.object({
  variant: IdSchema,
  qty_received: QuantityInputSchema,
  unit_cost: UnitMoneyInputSchema,
  currency: StockCurrencySchema,
  type: z.enum(ENTRY_TYPES).default('PURCHASE'),
  location: OptionalText(200),
  reason_text: OptionalText(500),
  ...CreditFieldsSchema.shape,
});
export type StockEntryCreate = z.input<typeof StockEntryCreateSchema>;

export const StockExitCreateSchema = z.object({
  variant: IdSchema,
  qty_issued: QuantityInputSchema,
  unit_price: UnitMoneyInputSchema.nullish().transform((v) => v ?? null),
  currency: StockCurrencySchema,
  type: z.enum(MANUAL_EXIT_TYPES).default('SALE'),
  location: OptionalText(200),
  note: OptionalText(500),
  ...CreditFieldsSchema.shape,
});
export type StockExitCreate = z.input<typeof StockExitCreateSchema>;

export const CREDIT_COUNTERPARTY_MESSAGE = 'validation.inventory.choose_counterparty_for_credit_entry';
export const CREDIT_PRICE_MESSAGE = 'validation.inventory.enter_price_for_credit_entry';

/**
 * The rules of a sale or a purchase on credit (DESIGN.md section 12), for the server's bodies and
 * the Sell and Buy forms alike: a counterparty, a price, and only a SALE exit or a PURCHASE
 * entry. Without on_credit the counterparty and due date are not used.
 */
function creditRules(kind: 'SALE' | 'PURCHASE', price: 'unit_price' | 'unit_cost') {
  return (
    body: { on_credit: boolean; counterparty: number | null; type: string } & Record<string, unknown>,
    ctx: z.RefinementCtx,
  ) => {
    if (!body.on_credit) return;
    if (body.counterparty === null)
      ctx.addIssue({ code: 'custom', path: ['counterparty'], message: CREDIT_COUNTERPARTY_MESSAGE });
    if (body.type !== kind)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: encodeMessage('validation.inventory.only_can_recorded_on_credit', { kind }),
      });
    const amount = body[price];
    if (typeof amount !== 'string' || !new D(amount).gt(0))
      ctx.addIssue({ code: 'custom', path: [price], message: CREDIT_PRICE_MESSAGE });
  };
}
export const exitCreditRules = creditRules('SALE', 'unit_price');
export const entryCreditRules = creditRules('PURCHASE', 'unit_cost');

/** The request bodies: the fields and the credit rules. */
export const StockEntryBodySchema = StockEntryCreateSchema.superRefine(entryCreditRules);
export const StockExitBodySchema = StockExitCreateSchema.superRefine(exitCreditRules);

export const ENTRY_ORDERINGS = [
  'qty_received',
  '-qty_received',
  'unit_cost',
  '-unit_cost',
  'created_at',
  '-created_at',
] as const;
export const EXIT_ORDERINGS = [
  'qty_issued',
  '-qty_issued',
  'unit_price',
  '-unit_price',
  'created_at',
  '-created_at',
] as const;
/** The lists filter by the location text as recorded (DESIGN.md section 10); empty means all. */
const LocationFilterSchema = searchText().pipe(z.string().trim().max(200)).optional();
/**
 * The Buy and Sell lists (DESIGN.md section 16): with `page`, a page of STOCK_LIST_PAGE_SIZE;
 * without it, every row, the array spec.md reads.
 */
export const STOCK_LIST_PAGE_SIZE = 50;
export const StockEntryListQuerySchema = z.object({
  ordering: z.enum(ENTRY_ORDERINGS).default('-created_at'),
  location: LocationFilterSchema,
  page: z.string().optional(),
});
export type StockEntryListQuery = z.output<typeof StockEntryListQuerySchema>;
export const StockExitListQuerySchema = z.object({
  ordering: z.enum(EXIT_ORDERINGS).default('-created_at'),
  location: LocationFilterSchema,
  page: z.string().optional(),
});
export type StockExitListQuery = z.output<typeof StockExitListQuerySchema>;

/** The variant in entry and exit lists (spec.md section 3: an object with product and sku). */
export const StockVariantRefSchema = z.object({
  id: z.number(),
  product: z.number(),
  sku: z.string(),
  label: z.string(),
  /** The product's unit of measure, so a quantity shows it ("12.5 m"; DESIGN.md section 16). */
  unit: z.enum(UNIT_MEASURES),
});
export type StockVariantRef = z.infer<typeof StockVariantRefSchema>;

/** The variant in stock lists and offer lines (DESIGN.md section 4). */
export const StockVariantSchema = StockVariantRefSchema.extend({
  /** Its barcode (DESIGN.md section 18): the counter reads scans from the device's copy offline. */
  barcode: z.string().nullable(),
  product_name: z.string(),
  product_code: z.number(),
  color_name: z.string().nullable(),
  color_code: z.string().nullable(),
  size_label: z.string().nullable(),
});
export type StockVariant = z.infer<typeof StockVariantSchema>;

export const StockEntrySchema = z.object({
  id: z.number(),
  department: z.number(),
  variant: StockVariantRefSchema,
  qty_received: z.string(),
  qty_remaining: z.string(),
  unit_cost: z.string(),
  currency: z.number(),
  currency_code: z.string(),
  type: z.enum(ENTRY_TYPES),
  location: z.string(),
  reason_text: z.string(),
  created_at: z.string(),
});
export type StockEntry = z.infer<typeof StockEntrySchema>;
export const StockEntryPageSchema = pageSchemaOf(StockEntrySchema);

export const StockExitSchema = z.object({
  id: z.number(),
  department: z.number(),
  variant: StockVariantRefSchema,
  qty_issued: z.string(),
  unit_price: z.string().nullable(),
  currency: z.number(),
  currency_code: z.string(),
  type: z.enum(EXIT_TYPES),
  location: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type StockExit = z.infer<typeof StockExitSchema>;
export const StockExitPageSchema = pageSchemaOf(StockExitSchema);

export const StockBalanceSchema = z.object({
  id: z.number(),
  variant: StockVariantSchema,
  qty_on_hand: z.string(),
  updated_at: z.string(),
});
export type StockBalance = z.infer<typeof StockBalanceSchema>;
