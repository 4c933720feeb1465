import { D, type EntryType, fixedQuantity, type ProductType } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { lockBalances, type Trx } from './stock-ledger.ts';

// What a stock count (DESIGN.md section 20) reads of and writes to the stock ledger: the
// variants its scope covers with their balances, each variant's last cost, and its surpluses
// received as lots in a fixed number of statements whatever the lines' number (5,000 lines).

/** A variant a count covers and its balance in the department now. */
export interface CountableVariant {
  variantId: number;
  onHand: string;
}

/**
 * The variants a count's scope covers: everything the department holds (a balance above zero),
 * those of a product type it holds, or the business's variants of a list (held or not).
 */
export async function countableVariants(
  trx: Trx,
  scope: {
    businessId: number;
    departmentId: number;
    productType?: ProductType;
    variantIds?: readonly number[];
  },
): Promise<CountableVariant[]> {
  let query = trx
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('stock_balances as b', (j) =>
      j.onRef('b.variant_id', '=', 'v.id').on('b.department_id', '=', scope.departmentId),
    )
    .select(['v.id as variantId', sql<string>`coalesce(b.qty_on_hand, 0)::text`.as('onHand')])
    .where('v.business_id', '=', scope.businessId);
  if (scope.variantIds)
    query = query.where('v.id', 'in', scope.variantIds.length ? [...scope.variantIds] : [0]);
  else query = query.where('b.qty_on_hand', '>', '0');
  if (scope.productType) query = query.where('p.type', '=', scope.productType);
  return query.orderBy('v.id').execute();
}

/**
 * Locks a department's balance rows of the variants, in the one lock order (variant by variant,
 * as lockBalances): the rows that exist by one SELECT ... FOR UPDATE, the few missing ones made
 * by lockBalances. Its upsert fires the balance row's BEFORE INSERT trigger (the row's JSON) for
 * every key, a third of a millisecond each: 1.7 s for a 5,000-line count, where this takes 0.1 s.
 */
export async function lockCountBalances(
  trx: Trx,
  businessId: number,
  departmentId: number,
  variantIds: readonly number[],
): Promise<void> {
  if (variantIds.length === 0) return;
  const rows = await trx
    .selectFrom('stock_balances')
    .select('variant_id')
    .where('business_id', '=', businessId)
    .where('department_id', '=', departmentId)
    .where('variant_id', 'in', [...variantIds])
    .orderBy('variant_id')
    .forUpdate()
    .execute();
  const held = new Set(rows.map((r) => r.variant_id));
  const missing = variantIds.filter((id) => !held.has(id));
  await lockBalances(
    trx,
    businessId,
    missing.map((variantId) => ({ departmentId, variantId })),
  );
}

/** A variant's product type, for a scan into a count of one type. */
export async function productTypeOf(
  trx: Trx,
  businessId: number,
  variantId: number,
): Promise<ProductType | undefined> {
  const row = await trx
    .selectFrom('variants as v')
    .innerJoin('products as p', (join) =>
      join.onRef('p.business_id', '=', 'v.business_id').onRef('p.id', '=', 'v.product_id'),
    )
    .select('p.type')
    .where('v.business_id', '=', businessId)
    .where('v.id', '=', variantId)
    .executeTakeFirst();
  return row?.type as ProductType | undefined;
}

/** A variant's last cost: its last lot's unit cost and currency, and the rate the lot recorded. */
export interface LastCost {
  unitCost: string;
  currencyId: number;
  currencyCode: string;
  rateToUzs: string;
}

/**
 * Each variant's last cost (DESIGN.md sections 20 and 21): the department's last lot of it, else
 * the business's (with no department, the business's last); variants that never had a lot are
 * left out.
 */
export async function lastCosts(
  trx: Database,
  businessId: number,
  departmentId: number | null,
  variantIds: readonly number[],
): Promise<Map<number, LastCost>> {
  if (variantIds.length === 0) return new Map();
  const rows = await sql<{
    variant_id: number;
    unit_cost: string;
    currency_id: number;
    code: string;
    rate_to_uzs: string;
  }>`SELECT DISTINCT ON (l.variant_id) l.variant_id, l.unit_cost, l.currency_id, c.code, l.rate_to_uzs
    FROM stock_lots l JOIN currencies c ON c.id = l.currency_id
    WHERE l.business_id = ${businessId} AND l.variant_id = ANY(${sql.val([...variantIds])}::int[])
    ORDER BY l.variant_id, (l.department_id = ${departmentId}) DESC NULLS LAST, l.created_at DESC, l.id DESC`.execute(
    trx,
  );
  return new Map(
    rows.rows.map((r) => [
      r.variant_id,
      { unitCost: r.unit_cost, currencyId: r.currency_id, currencyCode: r.code, rateToUzs: r.rate_to_uzs },
    ]),
  );
}

export interface ReceiptLine {
  lineId: number;
  variantId: number;
  qty: string;
  unitCost: string;
  currencyId: number;
  /** The lot's UZS rate (a count's surplus: its last cost's), else the rate in force. */
  rateToUzs?: string;
}

const CHUNK = 1000;

/**
 * One receipt of `type`, a lot and an ENTRY move per line, and the balances, in four statements
 * per 1,000 lines; the caller has locked the department's balance rows (lockBalances).
 */
export async function receiveDocumentLines(
  trx: Trx,
  doc: { businessId: number; departmentId: number; createdBy: number; note: string },
  type: EntryType,
  lines: readonly ReceiptLine[],
): Promise<void> {
  for (let start = 0; start < lines.length; start += CHUNK) {
    const chunk = lines.slice(start, start + CHUNK);
    const key = { business_id: doc.businessId, department_id: doc.departmentId };
    const entries = await trx
      .insertInto('stock_entries')
      .values(
        chunk.map((l) => ({
          ...key,
          variant_id: l.variantId,
          qty_received: l.qty,
          unit_cost: l.unitCost,
          currency_id: l.currencyId,
          type,
          reason_text: doc.note,
          created_by: doc.createdBy,
          document_line_id: l.lineId,
        })),
      )
      .returning(['id', 'document_line_id'])
      .execute();
    const entryOf = new Map(entries.map((e) => [e.document_line_id, e.id]));
    const entryId = (l: ReceiptLine) => entryOf.get(l.lineId) ?? 0;
    const lots = await trx
      .insertInto('stock_lots')
      .values(
        chunk.map((l) => ({
          ...key,
          variant_id: l.variantId,
          qty_received: l.qty,
          qty_remaining: l.qty,
          unit_cost: l.unitCost,
          currency_id: l.currencyId,
          entry_id: entryId(l),
          ...(l.rateToUzs ? { rate_to_uzs: l.rateToUzs } : {}),
        })),
      )
      .returning(['id', 'entry_id'])
      .execute();
    const lotOf = new Map(lots.map((l) => [l.entry_id, l.id]));
    await trx
      .insertInto('stock_moves')
      .values(
        chunk.map((l) => ({
          ...key,
          variant_id: l.variantId,
          qty: l.qty,
          kind: 'ENTRY',
          entry_id: entryId(l),
          lot_id: lotOf.get(entryId(l)) ?? 0,
        })),
      )
      .execute();
    const totals = new Map<number, InstanceType<typeof D>>();
    for (const l of chunk) totals.set(l.variantId, (totals.get(l.variantId) ?? new D(0)).plus(l.qty));
    const values = [...totals].map(
      ([variantId, qty]) => sql`(${variantId}::int, ${fixedQuantity(qty)}::numeric)`,
    );
    await sql`UPDATE stock_balances AS b SET qty_on_hand = b.qty_on_hand + v.qty, updated_at = now()
      FROM (VALUES ${sql.join(values)}) AS v(variant_id, qty)
      WHERE b.business_id = ${doc.businessId} AND b.department_id = ${doc.departmentId}
        AND b.variant_id = v.variant_id`.execute(trx);
  }
}
