import { z } from 'zod';
import { MONEY_SCALE, RATE_SCALE, TX_TYPES } from '../constants.ts';
import { D } from '../money.ts';
import { BooleanQuerySchema, DecimalInputSchema, IdSchema, ReasonSchema, searchText } from './common.ts';

// NUMERIC(20,2) and NUMERIC(20,6) hold at most 18 and 14 integer digits.
const MONEY_LIMIT = '1000000000000000000';
const RATE_LIMIT = '100000000000000';

function decimalPlaces(value: string): number {
  return new D(value).decimalPlaces();
}

/** A positive money amount with at most 2 decimals (spec.md section 9: step 0.01). */
export const MoneyAmountInputSchema = DecimalInputSchema.refine((v) => new D(v).gt(0), {
  message: 'validation.finance.enter_positive_amount',
})
  .refine((v) => decimalPlaces(v) <= MONEY_SCALE, { message: 'validation.finance.use_at_most_2_decimal' })
  .refine((v) => new D(v).lt(MONEY_LIMIT), { message: 'validation.finance.amount_too_large' });

/** An optional custom rate: at least 0, step 0.000001 (spec.md section 5). */
export const RateInputSchema = DecimalInputSchema.refine((v) => new D(v).gte(0), {
  message: 'validation.finance.rate_must_not_negative',
})
  .refine((v) => decimalPlaces(v) <= RATE_SCALE, { message: 'validation.finance.use_at_most_6_decimal' })
  .refine((v) => new D(v).lt(RATE_LIMIT), { message: 'validation.finance.rate_too_large' });

export const CurrencySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  rate_to_uzs: z.string(),
});
export type Currency = z.infer<typeof CurrencySchema>;

export const BalanceSchema = z.object({
  id: z.number(),
  currency: z.number(),
  currency_code: z.string(),
  on_hand: z.string(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** POST offers/exchanges/ (spec.md section 3 "Exchange create payload"). */
export const ExchangeBodySchema = z.object({
  from_currency: IdSchema,
  to_currency: IdSchema,
  from_amount: MoneyAmountInputSchema,
  custom_rate: z.union([RateInputSchema, z.null()]).optional(),
});
export type ExchangeBody = z.input<typeof ExchangeBodySchema>;

export const ExchangeLegSchema = z.object({
  id: z.number(),
  /** Signed as in the ledger: the outgoing leg is negative. */
  amount: z.string(),
  currency: z.number(),
  currency_code: z.string(),
  rate_to_uzs: z.string(),
  amount_in_uzs: z.string(),
});
export const ExchangeResponseSchema = z.object({
  exchange_group: z.string(),
  /** The rate the exchange rule applied (DESIGN.md section 3). */
  rate: z.string(),
  outgoing: ExchangeLegSchema,
  incoming: ExchangeLegSchema,
  created_at: z.string(),
});
export type ExchangeResponse = z.infer<typeof ExchangeResponseSchema>;

/** POST finance/money-transactions/external-transaction/: currency by code (or id). */
export const ExternalTransactionBodySchema = z.object({
  currency: z.union([
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { message: 'validation.finance.please_choose_currency' }),
    IdSchema,
  ]),
  amount: MoneyAmountInputSchema,
  reason_text: ReasonSchema,
  is_income: z.boolean(),
});
export type ExternalTransactionBody = z.input<typeof ExternalTransactionBodySchema>;

export const ExternalTransactionResponseSchema = z.object({
  id: z.number(),
  /** The department (user id) whose balance changed: the cashier's own. */
  department: z.number(),
  amount: z.string(),
  currency: z.string(),
  rate_to_uzs: z.string(),
  amount_in_uzs: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type ExternalTransactionResponse = z.infer<typeof ExternalTransactionResponseSchema>;

export const MONEY_TX_ORDERINGS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export type MoneyTxOrdering = (typeof MONEY_TX_ORDERINGS)[number];

/** The query of GET finance/money-transactions/by-user/ (DESIGN.md section 4). */
export const MoneyTransactionsQuerySchema = z.object({
  page: z.string().optional(),
  ordering: z.enum(MONEY_TX_ORDERINGS).default('-created_at'),
  currency: IdSchema.optional(),
  amount_type: z.enum(['positive', 'negative']).optional(),
  tx_type: z.enum(TX_TYPES).optional(),
  has_offer: BooleanQuerySchema.optional(),
  offer__isnull: BooleanQuerySchema.optional(),
  search: searchText().trim().max(200).optional(),
});
export type MoneyTransactionsQuery = z.infer<typeof MoneyTransactionsQuerySchema>;

export const MoneyTransactionSchema = z.object({
  id: z.number(),
  amount: z.string(),
  currency: z.object({ id: z.number(), code: z.string() }),
  rate_to_uzs: z.string(),
  amount_in_uzs: z.string(),
  offer: z.number().nullable(),
  reason: z.string(),
  tx_type: z.enum(TX_TYPES),
  exchange_group: z.string().nullable(),
  created_at: z.string(),
});
export type MoneyTransaction = z.infer<typeof MoneyTransactionSchema>;

export const MoneyTransactionsPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(MoneyTransactionSchema),
});
export type MoneyTransactionsPage = z.infer<typeof MoneyTransactionsPageSchema>;
