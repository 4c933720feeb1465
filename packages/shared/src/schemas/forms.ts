import { z } from 'zod';
import { ForgotPasswordBodySchema, ResetPasswordBodySchema, VerifyCodeBodySchema } from './auth.ts';
import {
  FixedRateSchema,
  LocationWriteSchema,
  ProductCreateSchema,
  ProductTypeSchema,
  UnitMeasureSchema,
  UnitWriteSchema,
  VariantCreateSchema,
} from './catalog.ts';
import { IdSchema } from './common.ts';
import { ExchangeBodySchema, ExternalTransactionBodySchema } from './finance.ts';
import { StockEntryCreateSchema, StockExitCreateSchema } from './inventory.ts';
import {
  type OfferCreateBody,
  OfferCreateBodySchema,
  OfferItemLineInputSchema,
  OfferMoneyLineInputSchema,
} from './offers.ts';

// The web forms' schemas (spec.md sections 5 and 8). Each is derived from the request schema the
// server validates with: a form only adds what its inputs differ in (text in every input, a picked
// object, a confirmation field) and spec.md's texts for a missing value. The value rules, and their
// messages, stay the server's.

/** A text input that must not be empty; `message` is the form's text for a missing value. */
const filled = (message: string) => z.string().trim().min(1, { message });

/**
 * A request rule applied to an input's value. The rules take a wider input (a number or a string,
 * DESIGN.md section 1) than a form's text, which zod's pipe typing does not see as compatible.
 */
const onText = <T extends z.ZodType, I = string>(rule: T) => rule as unknown as z.ZodType<z.output<T>, I>;

/** An optional text input: empty means "not given" to the request schema. */
const blankAs = <T>(empty: T) => z.string().transform((v) => (v.trim() === '' ? empty : v.trim()));

/** The request schema's rule, reported with one form text (spec.md gives one text per field). */
function withMessage<T extends z.ZodType>(rule: T, message: string) {
  return z.string().transform((value, ctx): z.output<T> => {
    const parsed = rule.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

/** A variant chosen in the picker (spec.md section 5): the picker's object, sent as its id. */
const pickedVariant = (message: string) =>
  z
    .object({ id: IdSchema })
    .nullable()
    .transform((variant, ctx) => {
      if (variant) return variant.id;
      ctx.addIssue({ code: 'custom', message, input: variant });
      return z.NEVER;
    });

// ---------------------------------------------------------------------------------------------
// Balances page: exchange and external transaction (spec.md section 5)

export const EXCHANGE_REQUIRED = 'validation.forms.please_fill_in_required_fields';

export const ExchangeFormSchema = ExchangeBodySchema.extend({
  from_currency: filled(EXCHANGE_REQUIRED).pipe(onText(ExchangeBodySchema.shape.from_currency)),
  to_currency: filled(EXCHANGE_REQUIRED).pipe(onText(ExchangeBodySchema.shape.to_currency)),
  from_amount: filled(EXCHANGE_REQUIRED).pipe(onText(ExchangeBodySchema.shape.from_amount)),
  custom_rate: blankAs(undefined).pipe(
    onText<typeof ExchangeBodySchema.shape.custom_rate, string | undefined>(
      ExchangeBodySchema.shape.custom_rate,
    ),
  ),
});
export type ExchangeFormValues = z.input<typeof ExchangeFormSchema>;

export const CHOOSE_CURRENCY = 'validation.finance.please_choose_currency';
export const INVALID_AMOUNT = 'validation.forms.please_enter_valid_amount';

export const ExternalTransactionFormSchema = ExternalTransactionBodySchema.extend({
  currency: filled(CHOOSE_CURRENCY).pipe(onText(ExternalTransactionBodySchema.shape.currency)),
  amount: withMessage(ExternalTransactionBodySchema.shape.amount, INVALID_AMOUNT),
});
export type ExternalTransactionFormValues = z.input<typeof ExternalTransactionFormSchema>;

// ---------------------------------------------------------------------------------------------
// Offers (spec.md section 5 "Money offer" and "Product offers")

export type OfferDirection = 'income' | 'outcome';

/** income: the other department sends to me; outcome: I send to it. */
function offerParties(direction: OfferDirection, me: number, other: number) {
  return direction === 'income' ? { from_user: other, to_user: me } : { from_user: me, to_user: other };
}

export const FILL_ALL_FIELDS = 'validation.forms.fill_in_all_fields';
export const USER_NOT_FOUND = 'validation.forms.user_not_found';

/**
 * The new-money form. `me` is the signed-in department (missing while it loads); `departments` are
 * the ids an outcome may go to. The output is the request body of POST offers/offers/.
 */
export function moneyOfferFormSchema(
  direction: OfferDirection,
  me: number | undefined,
  departments: readonly number[],
) {
  const other = filled(FILL_ALL_FIELDS).pipe(onText(IdSchema));
  return z
    .object({
      other:
        direction === 'outcome'
          ? other.refine((id) => departments.includes(id), { message: USER_NOT_FOUND })
          : other,
      currency: filled(FILL_ALL_FIELDS).pipe(onText(OfferMoneyLineInputSchema.shape.currency)),
      amount: filled(FILL_ALL_FIELDS).pipe(onText(OfferMoneyLineInputSchema.shape.amount)),
      reason_text: OfferCreateBodySchema.shape.reason_text,
    })
    .transform((v, ctx): OfferCreateBody => {
      if (me === undefined) {
        ctx.addIssue({ code: 'custom', message: USER_NOT_FOUND, path: ['other'], input: v });
        return z.NEVER;
      }
      return {
        ...offerParties(direction, me, v.other),
        money_lines: [{ currency: v.currency, amount: v.amount }],
        reason_text: v.reason_text,
      };
    })
    .pipe(OfferCreateBodySchema);
}
export type MoneyOfferFormValues = z.input<ReturnType<typeof moneyOfferFormSchema>>;

export const DEPARTMENT_NOT_FOUND = 'validation.forms.receiving_department_not_found';
export const CHOOSE_SENDER = 'validation.forms.choose_sending_department';
export const FILL_VARIANT_AND_QUANTITY = 'validation.forms.fill_in_variant_and_quantity';

const ProductOfferLineFormSchema = z.object({
  variant: pickedVariant(FILL_VARIANT_AND_QUANTITY),
  quantity: filled(FILL_VARIANT_AND_QUANTITY).pipe(onText(OfferItemLineInputSchema.shape.quantity)),
});

/** The new-product form; the output is the request body of POST offers/offers/. */
export function productOfferFormSchema(direction: OfferDirection, me: number | undefined) {
  return (
    z
      .object({
        other: filled(direction === 'income' ? CHOOSE_SENDER : DEPARTMENT_NOT_FOUND).pipe(onText(IdSchema)),
        lines: z.array(ProductOfferLineFormSchema).min(1, { message: FILL_VARIANT_AND_QUANTITY }),
        reason_text: OfferCreateBodySchema.shape.reason_text,
      })
      .transform((v, ctx): OfferCreateBody => {
        if (me === undefined) {
          ctx.addIssue({ code: 'custom', message: DEPARTMENT_NOT_FOUND, path: ['other'], input: v });
          return z.NEVER;
        }
        return { ...offerParties(direction, me, v.other), item_lines: v.lines, reason_text: v.reason_text };
      })
      // The whole body once more through the server's schema: its limits (lines per offer) hold here too.
      .pipe(OfferCreateBodySchema)
  );
}
export type ProductOfferFormValues = z.input<ReturnType<typeof productOfferFormSchema>>;

// ---------------------------------------------------------------------------------------------
// Stock entry and exit (spec.md section 5)

export const FILL_REQUIRED_FIELDS = 'validation.forms.fill_in_all_required_fields';

export const StockEntryFormSchema = StockEntryCreateSchema.extend({
  variant: pickedVariant(FILL_REQUIRED_FIELDS),
  qty_received: filled(FILL_REQUIRED_FIELDS).pipe(onText(StockEntryCreateSchema.shape.qty_received)),
  unit_cost: filled(FILL_REQUIRED_FIELDS).pipe(onText(StockEntryCreateSchema.shape.unit_cost)),
  currency: filled(FILL_REQUIRED_FIELDS).pipe(onText(StockEntryCreateSchema.shape.currency)),
});
export type StockEntryFormValues = z.input<typeof StockEntryFormSchema>;

export const StockExitFormSchema = StockExitCreateSchema.extend({
  variant: pickedVariant(FILL_REQUIRED_FIELDS),
  qty_issued: filled(FILL_REQUIRED_FIELDS).pipe(onText(StockExitCreateSchema.shape.qty_issued)),
  unit_price: blankAs(null).pipe(
    onText<typeof StockExitCreateSchema.shape.unit_price, string | null>(
      StockExitCreateSchema.shape.unit_price,
    ),
  ),
  currency: filled(FILL_REQUIRED_FIELDS).pipe(onText(StockExitCreateSchema.shape.currency)),
});
export type StockExitFormValues = z.input<typeof StockExitFormSchema>;

// ---------------------------------------------------------------------------------------------
// Catalogue (spec.md section 5): selects hold '' until something is chosen.

const REQUIRED = 'validation.chat.field_required';

export const ProductFormSchema = ProductCreateSchema.extend({
  unit: filled(REQUIRED).pipe(onText(ProductCreateSchema.shape.unit)),
  type: z.string().pipe(ProductTypeSchema),
});
export type ProductFormValues = z.input<typeof ProductFormSchema>;

/** spec.md section 5, Unit create: the fixed rate falls back to 0 when it is not a number. */
export const UnitFormSchema = UnitWriteSchema.extend({
  measure: z.string().pipe(UnitMeasureSchema),
  fixed_rate_to_base: z
    .string()
    .transform((v) => (FixedRateSchema.safeParse(v).success ? v.trim() : '0'))
    .pipe(onText(FixedRateSchema)),
});
export type UnitFormValues = z.input<typeof UnitFormSchema>;

/** A variant added under its product: the product comes from the row, not from an input. */
export const VariantFormSchema = VariantCreateSchema.omit({ product: true });
export type VariantFormValues = z.input<typeof VariantFormSchema>;

// ---------------------------------------------------------------------------------------------
// Sign-in pages (spec.md sections 2, 5 and 8)

export const VERIFY_FAILED = 'validation.forms.invalid_or_expired_code';
const verifyFields = VerifyCodeBodySchema.options[1].shape;

/** A malformed code is refused before the call, so it does not spend one of the server's tries. */
export const VerifyLoginCodeFormSchema = z.object({ code: withMessage(verifyFields.code, VERIFY_FAILED) });
export const VerifyResetCodeFormSchema = VerifyLoginCodeFormSchema.extend({
  email: withMessage(ForgotPasswordBodySchema.shape.email, VERIFY_FAILED),
});
export type VerifyCodeFormValues = z.input<typeof VerifyResetCodeFormSchema>;

export const PASSWORDS_DO_NOT_MATCH = 'validation.forms.passwords_do_not_match';

/** The new password is the server's rule; the confirmation is the form's own field. */
export const SetPasswordFormSchema = z
  .object({ password: ResetPasswordBodySchema.shape.new_password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] });
export type SetPasswordFormValues = z.input<typeof SetPasswordFormSchema>;

/** The location form (DESIGN.md section 10): the write body, with its status as a select's text. */
export const LocationFormSchema = LocationWriteSchema.extend({
  is_active: z
    .enum(['true', 'false'], { message: 'validation.catalog.must_valid_boolean' })
    .transform((v) => v === 'true'),
});
export type LocationFormBody = z.output<typeof LocationFormSchema>;
