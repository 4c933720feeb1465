import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_LINES,
  DOCUMENT_STATUSES,
  PRICE_SOURCES,
  PRODUCT_TYPES,
  RETURN_REFUNDS,
  STOCK_COUNT_SCOPES,
} from '../constants.ts';
import { IsoDateSchema } from './audit.ts';
import { IdSchema, OptionalText, pageSchemaOf, searchText } from './common.ts';
import { MoneyAmountInputSchema } from './finance.ts';
import { StockVariantRefSchema, UnitMoneyInputSchema } from './inventory.ts';
import { QuantityInputSchema } from './offers.ts';

// Documents (DESIGN.md section 19): sales and purchases, and later returns, stock counts and
// production orders, on one skeleton. One contract for the server's validation, the pages' forms
// and the OpenAPI document. Amounts and quantities are decimal strings on the wire.

const UNIQUE_CURRENCIES = 'validation.documents.one_amount_per_currency';

/** Cash paid (a sale) or paid out (a purchase), one amount per currency. */
export const CashPartInputSchema = z.object({ currency: IdSchema, amount: MoneyAmountInputSchema });

export const PaymentInputSchema = z.object({
  cash: z
    .array(CashPartInputSchema)
    .max(10)
    .default([])
    .refine((parts) => new Set(parts.map((p) => p.currency)).size === parts.length, {
      message: UNIQUE_CURRENCIES,
    }),
  /** What the counterparty owes (a sale) or is owed (a purchase) after the cash: a debt. */
  on_credit: UnitMoneyInputSchema.default('0'),
  due_date: IsoDateSchema.nullish().transform((v) => v ?? null),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

/** A sale's line: without a price, the price list's (DESIGN.md section 19). */
export const SaleLineInputSchema = z.object({
  variant: IdSchema,
  qty: QuantityInputSchema,
  price: UnitMoneyInputSchema.nullish().transform((v) => v ?? null),
  /** Off the line's total, in the document's currency. */
  discount: UnitMoneyInputSchema.default('0'),
});
export type SaleLineInput = z.input<typeof SaleLineInputSchema>;

export const PurchaseLineInputSchema = z.object({
  variant: IdSchema,
  qty: QuantityInputSchema,
  unit_cost: UnitMoneyInputSchema,
});
export type PurchaseLineInput = z.input<typeof PurchaseLineInputSchema>;

const linesOf = <T extends z.ZodType>(line: T) => z.array(line).min(1).max(DOCUMENT_MAX_LINES);

/** The header's fields every kind has. */
const HeaderInputShape = {
  counterparty: IdSchema.nullish().transform((v) => v ?? null),
  /** The document's currency; the business's default price type's, else UZS, when missing. */
  currency: IdSchema.optional(),
  /** The business day it belongs to; today when missing. */
  date: IsoDateSchema.optional(),
  note: OptionalText(1000),
};

export const SaleCreateSchema = z.object({
  ...HeaderInputShape,
  lines: linesOf(SaleLineInputSchema),
  payment: PaymentInputSchema.optional(),
});
export type SaleCreate = z.input<typeof SaleCreateSchema>;

export const PurchaseCreateSchema = z.object({
  ...HeaderInputShape,
  lines: linesOf(PurchaseLineInputSchema),
  payment: PaymentInputSchema.optional(),
});
export type PurchaseCreate = z.input<typeof PurchaseCreateSchema>;

/** A draft's change: the fields given replace the draft's (the lines as a whole). */
export const SaleUpdateSchema = SaleCreateSchema.partial();
export const PurchaseUpdateSchema = PurchaseCreateSchema.partial();

/** A return's line: the source's line and how much of it comes back (DESIGN.md section 20). */
export const ReturnLineInputSchema = z.object({ source_line: IdSchema, qty: QuantityInputSchema });
export type ReturnLineInput = z.input<typeof ReturnLineInputSchema>;

/** A return (DESIGN.md section 19 "Returns"): its header is the source's (department, party, currency). */
export const ReturnCreateSchema = z.object({
  source_kind: z.enum(['sale', 'purchase']),
  source: IdSchema,
  lines: linesOf(ReturnLineInputSchema),
  refund: z.enum(['cash', 'debt']),
  date: IsoDateSchema.optional(),
  note: OptionalText(1000),
});
export type ReturnCreate = z.input<typeof ReturnCreateSchema>;
export const ReturnUpdateSchema = ReturnCreateSchema.partial();

/** `POST api/sales/?post=true`: created and posted in one call (the offline queue, section 23). */
export const DocumentCreateQuerySchema = z.object({
  post: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const DocumentListQuerySchema = z
  .object({
    page: z.string().optional(),
    status: z.enum(DOCUMENT_STATUSES).optional(),
    counterparty: IdSchema.optional(),
    department: IdSchema.optional(),
    date_from: IsoDateSchema.optional(),
    date_to: IsoDateSchema.optional(),
    /** A number, or part of one. */
    search: searchText().optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'validation.debts.due_from_must_not_after',
    path: ['date_to'],
  });
export type DocumentListQuery = z.output<typeof DocumentListQuerySchema>;

/** The widths of a till's paper a receipt is laid out for, in millimetres. */
export const RECEIPT_WIDTHS = ['58', '80'] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];

export const ReceiptQuerySchema = z.object({
  width: z.enum(RECEIPT_WIDTHS).default('80'),
  /** `json`: what the receipt page shows (the business's and the seller's names with the sale). */
  format: z.enum(['pdf', 'json']).default('pdf'),
});

export const DocumentLineSchema = z.object({
  id: z.number(),
  line_no: z.number(),
  variant: StockVariantRefSchema,
  qty: z.string(),
  /** A sale's unit price or a purchase's unit cost. */
  price: z.string(),
  discount: z.string(),
  /** qty x price - discount, rounded once to the tiyin or cent. */
  amount: z.string(),
  price_type: z.object({ id: z.number(), name: z.string() }).nullable(),
  price_source: z.enum(PRICE_SOURCES),
  /** A return line's line of the returned document. */
  source_line: z.number().nullable().optional(),
  /** A production order's output line (its price the unit cost), and an input's quantity by the recipe. */
  output: z.boolean().optional(),
  planned_qty: z.string().nullable().optional(),
  /** A sale's or purchase's line: what its POSTED returns took back (DESIGN.md section 20). */
  returned: z.string().optional(),
  /** ...and the amount they refunded of it (a line's last units take the exact rest). */
  returned_amount: z.string().optional(),
  /** A stock count's line: the balance when it was counted from, and what was counted (DESIGN.md section 20). */
  expected: z.string().nullable().optional(),
  counted: z.string().nullable().optional(),
});
export type DocumentLine = z.infer<typeof DocumentLineSchema>;

export const PaymentSchema = z.object({
  cash: z.array(z.object({ currency: z.number(), currency_code: z.string(), amount: z.string() })),
  on_credit: z.string(),
  due_date: z.string().nullable(),
  /** Change given back in UZS (a posted sale's). */
  change_uzs: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

const PartySchema = z.object({ id: z.number(), name: z.string() });
const PersonSchema = z.object({ id: z.number(), email: z.string() });

/** A document in a list: the header and its totals. */
export const DocumentSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  department: PersonSchema,
  counterparty: PartySchema.nullable(),
  currency: z.number(),
  currency_code: z.string(),
  date: z.string(),
  note: z.string(),
  total: z.string(),
  line_count: z.number(),
  created_by: PersonSchema,
  created_at: z.string(),
  posted_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** One return of a sale or purchase, as its card lists it (DESIGN.md section 20). */
export const DocumentReturnSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  date: z.string(),
  total: z.string(),
  refund: z.enum(RETURN_REFUNDS).nullable(),
});
export type DocumentReturn = z.infer<typeof DocumentReturnSchema>;

/** A document's card: the header, its lines and its payment. */
export const DocumentSchema = DocumentSummarySchema.extend({
  lines: z.array(DocumentLineSchema),
  payment: PaymentSchema,
  /** The debt its posting opened, if any. */
  debt: z.number().nullable(),
  /** A return's sale or purchase, and how it is refunded (DESIGN.md section 20). */
  source: z
    .object({ id: z.number(), kind: z.enum(DOCUMENT_KINDS), number: z.string() })
    .nullable()
    .optional(),
  refund: z.enum(RETURN_REFUNDS).nullable().optional(),
  /** A production order's recipe and version, and the overhead its posting added (DESIGN.md section 21). */
  recipe: z.object({ id: z.number(), version: z.number() }).nullable().optional(),
  overhead: z.string().optional(),
  /** A sale's or purchase's returns, oldest first (DESIGN.md section 20). */
  returns: z.array(DocumentReturnSchema).optional(),
  /** A stock count's scope (DESIGN.md section 20). */
  count_scope: z
    .object({ scope: z.enum(STOCK_COUNT_SCOPES), product_type: z.enum(PRODUCT_TYPES).nullable() })
    .nullable()
    .optional(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentPageSchema = pageSchemaOf(DocumentSummarySchema);
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

/** A sale's receipt as the receipt page shows it (DESIGN.md section 19). */
export const ReceiptSchema = z.object({
  business: z.string(),
  /** The selling department's name, else its e-mail. */
  seller: z.string(),
  document: DocumentSchema,
});
export type Receipt = z.infer<typeof ReceiptSchema>;
