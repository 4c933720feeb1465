import { z } from 'zod';
import { DEBT_DIRECTIONS } from '../constants.ts';
import { IsoDateSchema } from './audit.ts';
import {
  BooleanQuerySchema,
  DataAsOfSchema,
  IdSchema,
  OptionalRefSchema,
  OptionalText,
  RequiredText,
  searchText,
  text,
} from './common.ts';
import { MoneyAmountInputSchema } from './finance.ts';
import { REPORT_FORMATS } from './reports.ts';

// Counterparties and the debt book, nasiya (DESIGN.md section 12): one contract for the server's
// validation, the pages' forms and the OpenAPI document.

export const COUNTERPARTY_KINDS = ['CUSTOMER', 'SUPPLIER', 'BOTH'] as const;
export type CounterpartyKind = (typeof COUNTERPARTY_KINDS)[number];
export const DEBT_STATUSES = ['OPEN', 'PAID', 'OVERDUE'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];

/** Part two's lists: 50 a page. */
export const DEBTS_PAGE_SIZE = 50;

export const TIN_MESSAGE = 'validation.debts.tin_must_9_digits';
export const PHONE_MESSAGE = 'validation.debts.phone_number_may_contain_only';

/** STIR, the taxpayer number: 9 digits, optional ('' and null mean none). */
const TinSchema = z
  .union([
    z.literal('').transform(() => null),
    z.null(),
    text()
      .trim()
      .regex(/^\d{9}$/, { message: TIN_MESSAGE }),
  ])
  .optional();

const counterpartyFields = {
  name: RequiredText(200),
  kind: z.enum(COUNTERPARTY_KINDS),
  phone: OptionalText(50).refine((v) => /^[+\d\s()-]*$/.test(v), { message: PHONE_MESSAGE }),
  tin: TinSchema.transform((v) => v ?? null),
  note: OptionalText(1000),
};
/** A counterparty's own fields (an import's row has these; its price type is set in the app). */
export const CounterpartyFieldsSchema = z.object({
  ...counterpartyFields,
  kind: counterpartyFields.kind.default('CUSTOMER'),
});
/** The price type its sale lines' prices default from (DESIGN.md section 19); '' and null: none. */
export const CounterpartyCreateSchema = CounterpartyFieldsSchema.extend({
  price_type: OptionalRefSchema.optional().transform((v) => v ?? null),
});
export type CounterpartyCreate = z.input<typeof CounterpartyCreateSchema>;
export const CounterpartyUpdateSchema = z.object({
  name: counterpartyFields.name.optional(),
  kind: counterpartyFields.kind.optional(),
  phone: counterpartyFields.phone.optional(),
  tin: TinSchema,
  note: counterpartyFields.note.optional(),
  /** Absent: unchanged; null: none. */
  price_type: OptionalRefSchema.optional(),
});
export type CounterpartyUpdate = z.input<typeof CounterpartyUpdateSchema>;

/** What is still owed, per currency: they owe us (receivable), we owe them (payable). */
export const OpenBalanceSchema = z.object({
  currency_code: z.string(),
  receivable: z.string(),
  payable: z.string(),
});
export const CounterpartySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(COUNTERPARTY_KINDS),
  phone: z.string(),
  tin: z.string().nullable(),
  note: z.string(),
  /** Its price type's id (DESIGN.md section 19), or null: the business's default applies. */
  price_type: z.number().nullable(),
  open: z.array(OpenBalanceSchema),
  /** Debts past their due date with something left. */
  overdue: z.number(),
  created_at: z.string(),
});
export type Counterparty = z.infer<typeof CounterpartySchema>;

export const CounterpartyListQuerySchema = z.object({
  page: z.string().optional(),
  search: searchText().trim().max(200).optional(),
  kind: z.enum(COUNTERPARTY_KINDS).optional(),
});
export type CounterpartyListQuery = z.output<typeof CounterpartyListQuerySchema>;

const page = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(row),
  });
export const CounterpartyPageSchema = page(CounterpartySchema);

export const DebtCreateSchema = z.object({
  counterparty: IdSchema,
  direction: z.enum(DEBT_DIRECTIONS),
  currency: IdSchema,
  amount: MoneyAmountInputSchema,
  /** A due date in the past is allowed, to copy an existing notebook (DESIGN.md section 12). */
  due_date: IsoDateSchema.nullish().transform((v) => v ?? null),
  reason_text: OptionalText(500),
});
export type DebtCreate = z.input<typeof DebtCreateSchema>;

export const DebtSchema = z.object({
  id: z.number(),
  counterparty: z.object({ id: z.number(), name: z.string() }),
  department: z.object({ id: z.number(), email: z.string() }),
  direction: z.enum(DEBT_DIRECTIONS),
  currency: z.number(),
  currency_code: z.string(),
  amount: z.string(),
  paid: z.string(),
  remaining: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(DEBT_STATUSES),
  reason: z.string(),
  stock_exit: z.number().nullable(),
  stock_entry: z.number().nullable(),
  created_at: z.string(),
});
export type Debt = z.infer<typeof DebtSchema>;

export const DebtListQuerySchema = z
  .object({
    page: z.string().optional(),
    counterparty: IdSchema.optional(),
    direction: z.enum(DEBT_DIRECTIONS).optional(),
    status: z.enum(DEBT_STATUSES).optional(),
    due_from: IsoDateSchema.optional(),
    due_to: IsoDateSchema.optional(),
  })
  .refine((q) => !q.due_from || !q.due_to || q.due_from <= q.due_to, {
    message: 'validation.debts.due_from_must_not_after',
    path: ['due_to'],
  });
export type DebtListQuery = z.output<typeof DebtListQuerySchema>;

export const DebtTotalsSchema = z.array(
  z.object({ currency_code: z.string(), direction: z.enum(DEBT_DIRECTIONS), remaining: z.string() }),
);
export const DebtPageSchema = page(DebtSchema).extend({
  /** What remains of the filtered debts, per currency and direction. */
  totals: DebtTotalsSchema,
});
export type DebtPage = z.infer<typeof DebtPageSchema>;

export const DebtPaymentCreateSchema = z.object({
  amount: MoneyAmountInputSchema,
  reason_text: OptionalText(500),
});
export type DebtPaymentCreate = z.input<typeof DebtPaymentCreateSchema>;

export const DebtPaymentSchema = z.object({
  id: z.number(),
  debt: z.number(),
  amount: z.string(),
  currency_code: z.string(),
  /** The DEBT ledger row the payment wrote. */
  money_transaction: z.number(),
  reason: z.string(),
  created_by: z.object({ id: z.number(), email: z.string() }),
  created_at: z.string(),
});
export type DebtPayment = z.infer<typeof DebtPaymentSchema>;

/** A counterparty's statement: its debts and payments in time order, with the running balance per currency. */
export const StatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(['DEBT', 'PAYMENT']),
  debt: z.number(),
  direction: z.enum(DEBT_DIRECTIONS),
  currency_code: z.string(),
  amount: z.string(),
  /** What they owe us minus what we owe them in this currency, after this line. */
  balance: z.string(),
  reason: z.string(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const DebtsAgeingQuerySchema = z.object({
  direction: z.enum(DEBT_DIRECTIONS).default('RECEIVABLE'),
  department: IdSchema.optional(),
  page: z.string().optional(),
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type DebtsAgeingQuery = z.output<typeof DebtsAgeingQuerySchema>;

const buckets = {
  current: z.string(),
  d1_30: z.string(),
  d31_60: z.string(),
  d61_90: z.string(),
  d90_plus: z.string(),
  total: z.string(),
};
export const AgeingRowSchema = z.object({
  counterparty: z.object({ id: z.number(), name: z.string() }),
  currency_code: z.string(),
  ...buckets,
});
export type AgeingRow = z.infer<typeof AgeingRowSchema>;
export const DebtsAgeingSchema = page(AgeingRowSchema).extend({
  as_of: z.string(),
  data_as_of: DataAsOfSchema,
  totals: z.array(z.object({ currency_code: z.string(), ...buckets })),
});
export type DebtsAgeing = z.infer<typeof DebtsAgeingSchema>;

/** The credit fields of a SALE exit and a PURCHASE entry (DESIGN.md section 12). */
export const CreditFieldsSchema = z.object({
  counterparty: IdSchema.nullish().transform((v) => v ?? null),
  on_credit: z.union([z.boolean(), BooleanQuerySchema]).default(false),
  due_date: IsoDateSchema.nullish().transform((v) => v ?? null),
});
