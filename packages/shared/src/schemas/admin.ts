import { z } from 'zod';
import { WEIGHT_BARCODE_MODES } from '../barcode.ts';
import { MONEY_SCALE, RATE_SCALE } from '../constants.ts';
import { D } from '../money.ts';
import { ROLES } from '../roles.ts';
import { DecimalInputSchema, IdSchema, ReasonSchema, text, UserRefSchema } from './common.ts';

// Administration from the web (DESIGN.md section 9): currencies and rates, the Central Bank's
// rates, opening balances and corrections, business settings. One contract for the server's
// validation, the admin pages' forms and the OpenAPI document.

// NUMERIC(20,6) and NUMERIC(20,2) hold at most 14 and 18 integer digits.
const RATE_LIMIT = '100000000000000';
const MONEY_LIMIT = '1000000000000000000';

/** A currency's rate to UZS: positive, at most 6 decimals. */
export const RateToUzsSchema = DecimalInputSchema.refine((v) => new D(v).gt(0), {
  message: 'validation.admin.exchange_rate_must_positive_number',
})
  .refine((v) => new D(v).decimalPlaces() <= RATE_SCALE, {
    message: 'validation.admin.use_at_most_6_decimal',
  })
  .refine((v) => new D(v).lt(RATE_LIMIT), { message: 'validation.admin.exchange_rate_too_large' });

export const RATE_SOURCES = ['MANUAL', 'CBU'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** The pivot: its rate is 1 and nobody edits it (DESIGN.md section 9). */
export const PIVOT_CURRENCY_CODE = 'UZS';

/** POST api/finance/currencies/: add a currency to the business. */
export const CurrencyCreateBodySchema = z.object({
  code: text()
    .trim()
    .regex(/^[A-Z]{3}$/, { message: 'validation.admin.currency_code_must_three_capital' }),
  name: text()
    .trim()
    .min(1, { message: 'validation.admin.enter_name' })
    .max(100, { message: 'validation.admin.name_too_long' }),
  rate_to_uzs: RateToUzsSchema,
});
export type CurrencyCreateBody = z.input<typeof CurrencyCreateBodySchema>;

/** POST api/finance/currencies/{id}/rates/: a new rate from now. */
export const RateCreateBodySchema = z.object({ rate_to_uzs: RateToUzsSchema });
export type RateCreateBody = z.input<typeof RateCreateBodySchema>;

/** A row of a currency's rate history, newest first. */
export const RateHistoryRowSchema = z.object({
  id: z.number(),
  rate_to_uzs: z.string(),
  source: z.enum(RATE_SOURCES),
  /** The Central Bank's date of a CBU rate (YYYY-MM-DD); null for a manual one. */
  rate_date: z.string().nullable(),
  created_by: UserRefSchema.nullable(),
  created_at: z.string(),
});
export type RateHistoryRow = z.infer<typeof RateHistoryRowSchema>;

export const RateHistoryPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(RateHistoryRowSchema),
});
export type RateHistoryPage = z.infer<typeof RateHistoryPageSchema>;

export const RateHistoryQuerySchema = z.object({ page: z.string().optional() });

const CodeRateSchema = z.object({ code: z.string(), rate_to_uzs: z.string() });

/** POST api/finance/rates/import-cbu/: what the Central Bank's rates changed. */
export const CbuImportResultSchema = z.object({
  date: z.string(),
  updated: z.array(CodeRateSchema),
  unchanged: z.array(CodeRateSchema),
});
export type CbuImportResult = z.infer<typeof CbuImportResultSchema>;

/** A signed amount that is not zero, with at most 2 decimals (an adjustment takes money away too). */
export const SignedMoneyAmountSchema = DecimalInputSchema.refine((v) => !new D(v).isZero(), {
  message: 'validation.admin.amount_must_not_zero_use',
})
  .refine((v) => new D(v).decimalPlaces() <= MONEY_SCALE, {
    message: 'validation.admin.use_at_most_2_decimal',
  })
  .refine((v) => new D(v).abs().lt(MONEY_LIMIT), { message: 'validation.admin.amount_too_large' });

/** POST api/admin/balances/adjust/ (Idempotency-Key). */
export const BalanceAdjustBodySchema = z.object({
  user: IdSchema,
  currency: IdSchema,
  amount: SignedMoneyAmountSchema,
  reason_text: ReasonSchema,
});
export type BalanceAdjustBody = z.input<typeof BalanceAdjustBodySchema>;

export const BalanceAdjustResultSchema = z.object({
  id: z.number(),
  user: z.number(),
  currency: z.number(),
  currency_code: z.string(),
  amount: z.string(),
  rate_to_uzs: z.string(),
  amount_in_uzs: z.string(),
  /** The department's balance in that currency afterwards. */
  on_hand: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type BalanceAdjustResult = z.infer<typeof BalanceAdjustResultSchema>;

/** GET api/admin/balances/: departments x currencies, with the business total in UZS. */
export const BalanceGridSchema = z.object({
  currencies: z.array(z.object({ id: z.number(), code: z.string(), rate_to_uzs: z.string() })),
  rows: z.array(
    z.object({
      user: UserRefSchema.extend({ role: z.string(), is_active: z.boolean() }),
      /** on_hand per currency, in the order of `currencies` ("0.00" where none). */
      on_hand: z.array(z.string()),
      total_uzs: z.string(),
    }),
  ),
  /** Per currency, in the order of `currencies`. */
  totals: z.array(z.string()),
  /** Every balance in UZS at the rates in force. */
  total_uzs: z.string(),
});
export type BalanceGrid = z.infer<typeof BalanceGridSchema>;

export const BusinessSettingsSchema = z.object({
  name: z.string(),
  follow_cbu: z.boolean(),
  low_stock_email: z.boolean(),
  /** How the business's scales print their codes (DESIGN.md section 18): off, grams or price. */
  weight_barcodes: z.enum(WEIGHT_BARCODE_MODES),
  /** The roles that sell besides the Bozorchi, and buy besides the Ta'minotchi (DESIGN.md section 19). */
  sale_roles: z.array(z.enum(ROLES)),
  purchase_roles: z.array(z.enum(ROLES)),
  /** A sale is posted only inside an open cash shift of its department (DESIGN.md section 22). */
  sales_need_shift: z.boolean(),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

/** The roles the Owner allows to sell or buy: role codes, each once, kept in the order of ROLES. */
const AllowedRolesSchema = z
  .array(z.enum(ROLES, { message: 'validation.admin.choose_roles' }), {
    message: 'validation.admin.choose_roles',
  })
  .max(ROLES.length)
  .transform((roles) => ROLES.filter((r) => roles.includes(r)));

/** PATCH api/admin/settings/: any of the fields. */
export const BusinessSettingsPatchSchema = z
  .object({
    name: text()
      .trim()
      .min(1, { message: 'validation.admin.enter_name' })
      .max(200, { message: 'validation.admin.name_too_long' }),
    follow_cbu: z.boolean(),
    low_stock_email: z.boolean(),
    weight_barcodes: z.enum(WEIGHT_BARCODE_MODES, { message: 'validation.admin.choose_weight_barcodes' }),
    sale_roles: AllowedRolesSchema,
    purchase_roles: AllowedRolesSchema,
    sales_need_shift: z.boolean(),
  })
  .partial();
export type BusinessSettingsPatch = z.input<typeof BusinessSettingsPatchSchema>;
