import { z } from 'zod';
import { OFFER_STATUSES, QUANTITY_SCALE, UNIT_MEASURES } from '../constants.ts';
import { D } from '../money.ts';
import { DecimalInputSchema, IdSchema, OptionalText, ReasonSchema, UserRefSchema } from './common.ts';
import { MoneyAmountInputSchema } from './finance.ts';
import { REPORT_FORMATS } from './reports.ts';

const MAX_LINES = 50;

/** A positive quantity with at most 3 decimals (spec.md section 9: step 0.001), NUMERIC(18,3). */
export const QuantityInputSchema = DecimalInputSchema.refine((v) => new D(v).gt(0), {
  message: 'validation.offers.enter_positive_quantity',
})
  .refine((v) => new D(v).decimalPlaces() <= QUANTITY_SCALE, {
    message: 'validation.catalog.use_at_most_3_decimal',
  })
  .refine((v) => new D(v).lt('1000000000000000'), { message: 'validation.catalog.quantity_too_large' });

export const OfferMoneyLineInputSchema = z.object({ currency: IdSchema, amount: MoneyAmountInputSchema });
export const OfferItemLineInputSchema = z.object({ variant: IdSchema, quantity: QuantityInputSchema });

/** POST offers/offers/ (spec.md section 3 "Offer create payload"). */
export const OfferCreateBodySchema = z.object({
  from_user: IdSchema,
  to_user: IdSchema,
  money_lines: z.array(OfferMoneyLineInputSchema).max(MAX_LINES).optional().default([]),
  item_lines: z.array(OfferItemLineInputSchema).max(MAX_LINES).optional().default([]),
  reason_text: ReasonSchema,
});
export type OfferCreateBody = z.input<typeof OfferCreateBodySchema>;

export const OfferMoneyLineSchema = z.object({
  currency: z.number(),
  currency_code: z.string(),
  amount: z.string(),
});
export const OfferVariantRefSchema = z.object({
  id: z.number(),
  sku: z.string(),
  label: z.string(),
  product_code: z.number(),
  color_name: z.string().nullable(),
  color_code: z.string().nullable(),
  size_label: z.string().nullable(),
  /** The product's unit of measure, so a quantity shows it ("12.5 m"; DESIGN.md section 16). */
  unit: z.enum(UNIT_MEASURES),
});
export const OfferItemLineSchema = z.object({
  variant: OfferVariantRefSchema,
  product: z.number(),
  /** The quantity sent. */
  quantity: z.string(),
  /**
   * DESIGN.md section 20: what arrived (quantity − lost) once the offer is APPROVED, else null;
   * `lost` is the TRANSIT_LOSS written off from the sender ("0.000" when none), with its reason.
   */
  received: z.string().nullable(),
  lost: z.string(),
  loss_reason: z.string().nullable(),
});

export const OfferSchema = z.object({
  id: z.number(),
  status: z.enum(OFFER_STATUSES),
  type: z.enum(['money', 'product']),
  created_by: UserRefSchema,
  from_user: UserRefSchema,
  to_user: UserRefSchema,
  money_lines: z.array(OfferMoneyLineSchema),
  item_lines: z.array(OfferItemLineSchema),
  reason: z.string(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** A quantity received: zero or more, at most 3 decimals (an offer line's quantity sent is the cap). */
const ReceivedQtySchema = DecimalInputSchema.refine((v) => new D(v).gte(0), {
  message: 'validation.offers.received_not_negative',
})
  .refine((v) => new D(v).decimalPlaces() <= QUANTITY_SCALE, {
    message: 'validation.catalog.use_at_most_3_decimal',
  })
  .refine((v) => new D(v).lt('1000000000000000'), { message: 'validation.catalog.quantity_too_large' });

/** One line of a product offer as received: its variant (lines are keyed by variant), the quantity and why short. */
export const OfferReceivedLineSchema = z.object({
  variant: IdSchema,
  qty: ReceivedQtySchema,
  /** Required when qty is less than the quantity sent (DESIGN.md section 20). */
  reason_text: OptionalText(500),
});

/**
 * POST offers/offers/{id}/approve/ (DESIGN.md section 20): no body, or `{}`, receives everything;
 * `received` states what arrived of the lines it names (the others arrive in full).
 */
export const OfferApproveBodySchema = z
  .object({ received: z.array(OfferReceivedLineSchema).max(MAX_LINES).optional() })
  .nullish();
export type OfferApproveBody = z.input<typeof OfferApproveBodySchema>;
export type OfferReceivedLine = z.output<typeof OfferReceivedLineSchema>;

/**
 * GET offers/offers/get_incomes/ and get_outcomes/: JSON, or the same offers as a file
 * (DESIGN.md section 15, one export stack: the Income and Outcome pages' download dialog).
 */
export const OfferListQuerySchema = z.object({ format: z.enum(REPORT_FORMATS).default('json') });
export type OfferListQuery = z.output<typeof OfferListQuerySchema>;
