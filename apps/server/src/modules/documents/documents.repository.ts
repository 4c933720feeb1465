import type {
  DocumentKind,
  DocumentListQuery,
  PriceSource,
  ProductType,
  ReturnRefund,
  StockCountScope,
} from '@app/shared';
import { type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { variantLabelSql, variantsWithParts } from '../../db/variant-label.ts';
import { searchPattern } from '../../lib/like.ts';

// The documents' tables (migrations/0028_documents.sql; DESIGN.md section 19).

/**
 * The next number of a business's documents of a kind, from its counter row. Called in its own
 * short transaction before a document's, so creators do not queue behind each other's postings:
 * a number taken by a creation that then fails is skipped (no duplicates; gaps allowed).
 */
export async function nextNumber(db: Database, businessId: number, kind: DocumentKind): Promise<number> {
  const row = await db
    .insertInto('document_counters')
    .values({ business_id: businessId, kind, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'kind'])
        .doUpdateSet({ last_number: sql`document_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export interface HeaderValues {
  counterparty_id: number | null;
  currency_id: number;
  doc_date: string;
  note: string;
  total: string;
  on_credit: string;
  due_date: string | null;
  /** A return's source document and refund (DESIGN.md section 20). */
  source_id?: number | null;
  refund?: ReturnRefund | null;
  /** A production order's recipe version (DESIGN.md section 21). */
  recipe_version_id?: number | null;
  /** A stock count's scope (DESIGN.md section 20). */
  count_scope?: StockCountScope | null;
  count_product_type?: ProductType | null;
}

export interface LineValues {
  variant_id: number;
  qty: string;
  price: string;
  discount: string;
  amount: string;
  price_type_id: number | null;
  price_source: PriceSource;
  /** A return line's line of the source document. */
  source_line_id?: number | null;
  /** A production order's output line, and an input line's quantity by the recipe. */
  output?: boolean;
  planned_qty?: string | null;
  /** A stock count line's balance when counted from, and what was counted. */
  expected_qty?: string | null;
  counted_qty?: string | null;
}

export async function insertDocument(
  db: Database,
  values: HeaderValues & {
    business_id: number;
    kind: DocumentKind;
    number: string;
    department_id: number;
    created_by: number;
  },
): Promise<number> {
  const row = await db.insertInto('documents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHeader(
  db: Database,
  businessId: number,
  id: number,
  values: HeaderValues,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ ...values, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

const LINES_PER_INSERT = 1000;

/** A draft's lines and cash, replaced as a whole. */
export async function replaceLinesAndCash(
  db: Database,
  businessId: number,
  documentId: number,
  lines: readonly LineValues[],
  cash: ReadonlyArray<{ currency_id: number; amount: string }>,
): Promise<void> {
  await db
    .deleteFrom('document_lines')
    .where('business_id', '=', businessId)
    .where('document_id', '=', documentId)
    .execute();
  await db
    .deleteFrom('document_payments')
    .where('business_id', '=', businessId)
    .where('document_id', '=', documentId)
    .execute();
  // In chunks: a stock count's 5,000 lines in one statement would pass PostgreSQL's 65,535 parameters.
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT)
    await db
      .insertInto('document_lines')
      .values(
        lines.slice(start, start + LINES_PER_INSERT).map((l, i) => ({
          ...l,
          business_id: businessId,
          document_id: documentId,
          line_no: start + i + 1,
        })),
      )
      .execute();
  if (cash.length > 0)
    await db
      .insertInto('document_payments')
      .values(cash.map((c) => ({ ...c, business_id: businessId, document_id: documentId })))
      .execute();
}

/** The cash a document was paid with, when its posting paid it in full by default. */
export async function recordCash(
  db: Database,
  businessId: number,
  documentId: number,
  cash: ReadonlyArray<{ currencyId: number; amount: string }>,
): Promise<void> {
  if (cash.length === 0) return;
  await db
    .insertInto('document_payments')
    .values(
      cash.map((c) => ({
        business_id: businessId,
        document_id: documentId,
        currency_id: c.currencyId,
        amount: c.amount,
      })),
    )
    .execute();
}

/** The header, locked for its change (a draft's edit, a posting, a reversal). */
export function lockHeader(db: Database, businessId: number, kind: DocumentKind, id: number) {
  return (
    db
      .selectFrom('documents')
      .selectAll()
      // DATEs as the text they are (YYYY-MM-DD), never through a time zone.
      .select([sql<string>`doc_date::text`.as('day'), sql<string | null>`due_date::text`.as('due_day')])
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst()
  );
}
export type HeaderRow = NonNullable<Awaited<ReturnType<typeof lockHeader>>>;

export async function deleteDocument(db: Database, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('documents').where('business_id', '=', businessId).where('id', '=', id).execute();
}

export async function markPosted(
  db: Database,
  businessId: number,
  id: number,
  actorId: number,
  values: { change_uzs: string; on_credit: string },
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status: 'POSTED', posted_by: actorId, posted_at: sql`now()`, updated_at: sql`now()`, ...values })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

export async function markReversed(
  db: Database,
  businessId: number,
  id: number,
  actorId: number,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status: 'REVERSED', reversed_by: actorId, reversed_at: sql`now()`, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

/** Who may read which documents: one department's, or the whole business's. */
export interface DocumentViewer {
  businessId: number;
  departmentId: number | null;
}

function summaries(db: Database, viewer: DocumentViewer, kind: DocumentKind) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('users as dep', 'dep.id', 'd.department_id')
    .innerJoin('users as by', 'by.id', 'd.created_by')
    .innerJoin('currencies as c', 'c.id', 'd.currency_id')
    .leftJoin('counterparties as cp', 'cp.id', 'd.counterparty_id')
    .select([
      'd.id',
      'd.kind',
      'd.number',
      'd.status',
      'd.department_id',
      'dep.email as department_email',
      'd.counterparty_id',
      'cp.name as counterparty_name',
      'd.currency_id',
      'c.code as currency_code',
      sql<string>`d.doc_date::text`.as('date'),
      'd.note',
      'd.total',
      'd.on_credit',
      sql<string | null>`d.due_date::text`.as('due_date'),
      'd.change_uzs',
      sql<number>`(SELECT count(*)::int FROM document_lines l
        WHERE l.business_id = d.business_id AND l.document_id = d.id)`.as('line_count'),
      'd.created_by',
      'by.email as created_by_email',
      'd.created_at',
      'd.posted_at',
      'd.reversed_at',
    ])
    .where('d.business_id', '=', viewer.businessId)
    .where('d.kind', '=', kind);
  if (viewer.departmentId !== null) query = query.where('d.department_id', '=', viewer.departmentId);
  return query;
}
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

/** One page of a kind's documents, newest first, each row with the count of all that match. */
export function listSummaries(
  db: Database,
  viewer: DocumentViewer,
  kind: DocumentKind,
  filter: Omit<DocumentListQuery, 'page'>,
  window: { offset: number; size: number },
) {
  let query = summaries(db, viewer, kind);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  if (filter.counterparty) query = query.where('d.counterparty_id', '=', filter.counterparty);
  if (filter.department) query = query.where('d.department_id', '=', filter.department);
  if (filter.date_from) query = query.where(sql<SqlBool>`d.doc_date >= ${filter.date_from}::date`);
  if (filter.date_to) query = query.where(sql<SqlBool>`d.doc_date <= ${filter.date_to}::date`);
  if (filter.search) query = query.where(sql<SqlBool>`d.number ~* ${searchPattern(filter.search)}`);
  return query
    .select(sql<number>`count(*) OVER ()::int`.as('total_count'))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(window.size)
    .offset(window.offset)
    .execute();
}

export function findSummary(db: Database, viewer: DocumentViewer, kind: DocumentKind, id: number) {
  return summaries(db, viewer, kind).where('d.id', '=', id).executeTakeFirst();
}

export function linesOf(db: Database, businessId: number, documentId: number) {
  return variantsWithParts(db)
    .innerJoin('document_lines as l', 'l.variant_id', 'v.id')
    .leftJoin('price_types as pt', 'pt.id', 'l.price_type_id')
    .select([
      'l.id',
      'l.line_no',
      'l.variant_id',
      'v.product_id',
      'v.sku',
      variantLabelSql.as('label'),
      'un.measure as unit',
      'l.qty',
      'l.price',
      'l.discount',
      'l.amount',
      'l.price_type_id',
      'pt.name as price_type_name',
      'l.price_source',
      'l.source_line_id',
      'l.output',
      'l.planned_qty',
      'l.expected_qty',
      'l.counted_qty',
      'l.variance',
      'l.cost_currency_id',
      'l.value_uzs',
    ])
    .where('l.business_id', '=', businessId)
    .where('l.document_id', '=', documentId)
    .orderBy('l.line_no')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export function cashOf(db: Database, businessId: number, documentId: number) {
  return db
    .selectFrom('document_payments as p')
    .innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select(['p.currency_id', 'c.code as currency_code', 'p.amount'])
    .where('p.business_id', '=', businessId)
    .where('p.document_id', '=', documentId)
    .orderBy('p.currency_id')
    .execute();
}

export async function debtOf(db: Database, businessId: number, documentId: number): Promise<number | null> {
  const row = await db
    .selectFrom('debts')
    .select('id')
    .where('business_id', '=', businessId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The money rows a document's posting wrote (its reversal writes their opposites). */
export function moneyRowsOf(db: Database, businessId: number, documentId: number) {
  return db
    .selectFrom('money_transactions')
    .select(['user_id', 'currency_id', 'amount', 'rate_to_uzs', 'tx_type'])
    .where('business_id', '=', businessId)
    .where('document_id', '=', documentId)
    .orderBy('id')
    .execute();
}
export type CashRow = Awaited<ReturnType<typeof cashOf>>[number];

/** Whether a sale or purchase has posted returns (then it is not reversed, DESIGN.md section 20). */
export async function hasPostedReturns(
  db: Database,
  businessId: number,
  documentId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('business_id', '=', businessId)
    .where('source_id', '=', documentId)
    .where('status', '=', 'POSTED')
    .executeTakeFirst();
  return row !== undefined;
}

/** The roles a business lets sell or buy besides the fixed ones (DESIGN.md section 19). */
export function businessDocumentRoles(db: Database, businessId: number) {
  return db
    .selectFrom('businesses')
    .select(['sale_roles', 'purchase_roles'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
}

/** What a document's files name besides the document: the business, and the department's user. */
export async function namesForFiles(db: Database, businessId: number, departmentId: number) {
  return db
    .selectFrom('businesses as b')
    .innerJoin('users as u', (join) => join.on('u.id', '=', departmentId).onRef('u.business_id', '=', 'b.id'))
    .select(['b.name as business', 'u.first_name', 'u.last_name', 'u.email'])
    .where('b.id', '=', businessId)
    .executeTakeFirstOrThrow();
}
