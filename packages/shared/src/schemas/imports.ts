import { z } from 'zod';
import { DEBT_DIRECTIONS, UNIT_MEASURES } from '../constants.ts';
import { SignedMoneyAmountSchema } from './admin.ts';
import { IsoDateSchema } from './audit.ts';
import { BarcodeSchema, MinQtySchema, ProductCodeSchema, ProductTypeSchema } from './catalog.ts';
import { OptionalText, RequiredText } from './common.ts';
import { COUNTERPARTY_KINDS, CounterpartyFieldsSchema } from './debts.ts';
import { MoneyAmountInputSchema } from './finance.ts';
import { UnitMoneyInputSchema } from './inventory.ts';
import { QuantityInputSchema } from './offers.ts';

// Bringing a business in (DESIGN.md section 17): the kinds of import, their columns, and each
// row's rules. A row is checked by the same field schemas as the API's own forms; the names a
// row gives (a unit, a department's e-mail, a currency code) are resolved by the server.

export const IMPORT_KINDS = ['catalog', 'stock', 'counterparties', 'balances'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['STAGED', 'POSTED', 'DISCARDED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** DESIGN.md section 17: the limits of one upload. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** An XLSX is a zip: what its entries may unpack to, checked before anything is unpacked. */
export const IMPORT_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const IMPORT_MAX_ZIP_ENTRIES = 1_000;
/** The staged answer previews this many rows, as they will be posted. */
export const IMPORT_PREVIEW_ROWS = 50;

/** A column of a kind: its key (the API's field name), the key of its header's words, other names. */
export interface ImportColumn {
  key: string;
  header: string;
  required: boolean;
  /** Other names a file may give it, as other systems' exports name it (`variant_sku`, `quantity`). */
  aliases: readonly string[];
}

const col = (
  key: string,
  header: string,
  required = false,
  aliases: readonly string[] = [],
): ImportColumn => ({
  key,
  header,
  required,
  aliases,
});

/**
 * Each kind's columns in the template's order. A file's header matches a column by these words
 * in any of the four languages, or by the key itself (DESIGN.md section 17).
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  catalog: [
    col('name', 'export.import_column.product_name', true, ['product_name', 'product']),
    col('model', 'export.import_column.model', true),
    col('code', 'export.import_column.code', true),
    col('type', 'export.import_column.type', true),
    col('unit', 'export.import_column.unit', true, ['unit_name']),
    col('measure', 'export.import_column.measure', false, ['unit_measure']),
    col('sku', 'export.import_column.sku', true, ['variant_sku', 'variant']),
    col('color', 'export.import_column.color', false, ['colour']),
    col('size', 'export.import_column.size'),
    col('min_qty', 'export.import_column.min_qty'),
    col('barcode', 'export.import_column.barcode', false, ['ean', 'ean13', 'shtrix_kod', 'shtrixkod']),
  ],
  stock: [
    col('department', 'export.import_column.department', true),
    col('sku', 'export.import_column.sku', true),
    col('qty', 'export.import_column.qty', true, ['quantity']),
    col('unit_cost', 'export.import_column.unit_cost', true, ['cost']),
    col('currency', 'export.import_column.currency', true),
    col('location', 'export.import_column.location'),
  ],
  counterparties: [
    col('name', 'export.import_column.counterparty_name', true, ['counterparty', 'counterparty_name']),
    col('kind', 'export.import_column.counterparty_kind', false, ['counterparty_kind']),
    col('phone', 'export.import_column.phone'),
    col('tin', 'export.import_column.tin', false, ['stir', 'inn']),
    col('note', 'export.import_column.note'),
    col('debt_direction', 'export.import_column.debt_direction', false, ['direction']),
    col('debt_currency', 'export.import_column.debt_currency'),
    col('debt_amount', 'export.import_column.debt_amount'),
    col('debt_due_date', 'export.import_column.debt_due_date', false, ['due_date']),
    col('debt_department', 'export.import_column.debt_department'),
  ],
  balances: [
    col('department', 'export.import_column.department', true),
    col('currency', 'export.import_column.currency', true),
    col('amount', 'export.import_column.amount', true),
  ],
};

/**
 * A catalogue import's price columns (DESIGN.md sections 17 and 19): one per price type of the
 * business, its header the price type's name, alone or after a word for price ("Narx: Chakana",
 * "Цена - Ulgurji", "price: Chakana"); its key `price:<price type id>`.
 */
export const IMPORT_PRICE_PREFIX = 'price:';
export const IMPORT_PRICE_WORDS = ['price', 'narx', 'нарх', 'цена'] as const;

/** An empty cell is no value: optional columns read '' as absent. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const CodeText = RequiredText(20).transform((v) => v.toUpperCase());

const catalogRow = z.object({
  name: RequiredText(200),
  model: RequiredText(200),
  code: ProductCodeSchema,
  type: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), ProductTypeSchema),
  unit: RequiredText(100),
  measure: optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(UNIT_MEASURES, { message: 'validation.catalog.choose_kg_m_or_d' }),
    ),
  ),
  sku: RequiredText(100),
  color: optional(RequiredText(100)),
  size: optional(RequiredText(50)),
  min_qty: MinQtySchema.optional().transform((v) => v ?? null),
  barcode: BarcodeSchema.optional().transform((v) => v ?? null),
});

const stockRow = z.object({
  department: RequiredText(254),
  sku: RequiredText(100),
  qty: QuantityInputSchema,
  unit_cost: UnitMoneyInputSchema,
  currency: CodeText,
  location: OptionalText(200),
});

const DEBT_FIELDS = ['debt_direction', 'debt_currency', 'debt_amount', 'debt_department'] as const;

const counterpartyRow = z
  .object({
    ...CounterpartyFieldsSchema.shape,
    kind: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
      z.enum(COUNTERPARTY_KINDS).default('CUSTOMER'),
    ),
    debt_direction: optional(
      z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(DEBT_DIRECTIONS)),
    ),
    debt_currency: optional(CodeText),
    debt_amount: optional(MoneyAmountInputSchema),
    debt_due_date: optional(IsoDateSchema),
    debt_department: optional(RequiredText(254)),
  })
  .superRefine((row, ctx) => {
    // A debt is all of its columns or none (the due date stays optional).
    if (!DEBT_FIELDS.some((f) => row[f] !== undefined)) return;
    for (const f of DEBT_FIELDS)
      if (row[f] === undefined)
        ctx.addIssue({ code: 'custom', path: [f], message: 'validation.import.debt_needs_all' });
  });

const balanceRow = z.object({
  department: RequiredText(254),
  currency: CodeText,
  amount: SignedMoneyAmountSchema,
});

/** Each kind's row rules; a row is a record of column key to cell text. */
export const IMPORT_ROW_SCHEMAS = {
  catalog: catalogRow,
  stock: stockRow,
  counterparties: counterpartyRow,
  balances: balanceRow,
} as const satisfies Record<ImportKind, z.ZodType>;

export type ImportRow<K extends ImportKind> = z.output<(typeof IMPORT_ROW_SCHEMAS)[K]>;

export const ImportKindSchema = z.enum(IMPORT_KINDS, { message: 'validation.choose_one_allowed_values' });

/** One refusal of one cell: the file's row number (the header is row 1), the column, the words. */
export const ImportErrorSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** A staged or posted import (DESIGN.md section 17). */
export const ImportSchema = z.object({
  id: z.number(),
  kind: ImportKindSchema,
  status: z.enum(IMPORT_STATUSES),
  /** The data rows read, the valid ones, and every error of every row at once. */
  rows: z.number(),
  valid: z.number(),
  errors: z.array(ImportErrorSchema),
  /** The first rows as they will be posted: column key to text, and `action` (create or update). */
  preview: z.array(z.record(z.string(), z.string())),
  /** Which columns of the kind the file had, in the kind's order (a price column: `price:<id>`). */
  columns: z.array(z.string()),
  /** The words of the columns no template names: a catalogue's price columns, "Narx: Chakana". */
  column_names: z.record(z.string(), z.string()),
  created_at: z.string(),
  posted_at: z.string().nullable(),
  /** After the commit: how many rows created, updated and posted. */
  result: z.object({ created: z.number(), updated: z.number() }).nullable(),
});
export type Import = z.infer<typeof ImportSchema>;

/** How many rows pass between two progress events of a long import. */
export const IMPORT_PROGRESS_EVERY = 10_000;

/**
 * A long import's progress (DESIGN.md section 17), sent to its user as a live event `import`:
 * the token the page gave with the upload or the commit, the phase, and the rows done so far.
 */
export const ImportProgressSchema = z.object({
  progress: z.string(),
  phase: z.enum(['read', 'post']),
  rows: z.number(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** The token a page gives to follow its import's progress. */
export const ImportProgressTokenSchema = z.string().trim().max(64).optional();

/** POST imports/{id}/commit/: a body is optional; it may carry the page's progress token. */
export const ImportCommitBodySchema = z.object({ progress: ImportProgressTokenSchema }).nullish();
