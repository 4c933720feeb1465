import { D, type EntryType, type ExitType, fixedQuantity } from '@app/shared';
import { sql } from 'kysely';
import { consumeManyLots, lockBalances, receiveLot, type Trx } from './stock-ledger.ts';
import { quantitiesOnHand, reverseEntry, reverseExit, reverseExitPart } from './stock-reversal.ts';

export {
  type CountableVariant,
  countableVariants,
  type LastCost,
  lastCosts,
  lockCountBalances,
  productTypeOf,
  type ReceiptLine,
  receiveDocumentLines,
} from './count-stock.ts';
export { lockBalances } from './stock-ledger.ts';
export { quantitiesOnHand, takeBackReturned } from './stock-reversal.ts';

// The stock a document moves (DESIGN.md section 19): one stock exit or entry per line, through
// the one stock ledger, so the stock lists and the sales reports see a document's lines like any
// other exit or receipt. Everything runs in the posting's transaction.

export interface DocumentStockLine {
  lineId: number;
  variantId: number;
  qty: string;
}

/** A line short of stock: what it needs and what the department has of its variant. */
export interface ShortLine {
  lineId: number;
  variantId: number;
  needed: string;
  available: string;
}

/**
 * Locks the department's balance rows of the lines' variants (in the one lock order) and answers
 * the lines their stock does not cover, every one of them: a variant on several lines is covered
 * only if it covers their sum.
 */
export async function lockAndFindShortLines(
  trx: Trx,
  businessId: number,
  departmentId: number,
  lines: readonly DocumentStockLine[],
  /** Variants whose balances the posting also changes (a production order's output): locked in the same order. */
  alsoLock: readonly number[] = [],
): Promise<ShortLine[]> {
  const variantIds = [...new Set(lines.map((l) => l.variantId))];
  await lockBalances(
    trx,
    businessId,
    [...new Set([...variantIds, ...alsoLock])].map((variantId) => ({ departmentId, variantId })),
  );
  const onHand = await quantitiesOnHand(trx, businessId, departmentId, variantIds);
  const needed = new Map<number, InstanceType<typeof D>>();
  for (const line of lines)
    needed.set(line.variantId, (needed.get(line.variantId) ?? new D(0)).plus(line.qty));
  return lines
    .filter((line) => (needed.get(line.variantId) ?? new D(0)).gt(onHand.get(line.variantId) ?? '0'))
    .map((line) => ({
      lineId: line.lineId,
      variantId: line.variantId,
      needed: fixedQuantity(line.qty),
      available: fixedQuantity(onHand.get(line.variantId) ?? '0'),
    }));
}

export interface ExitLine extends DocumentStockLine {
  /** A sale's: the line's net amount and its unit price (rounded) in the document's currency; none for goods used up. */
  amount: string | null;
  unitPrice: string | null;
  /** The exit's currency when not the document's (a stock count's line at its variant's last cost). */
  currencyId?: number;
}

/**
 * One exit per line, first-in first-out, in a fixed number of statements whatever the lines'
 * number (DESIGN.md section 19: 40 lines in <= 300 ms); the caller has locked the balances and
 * found no short line (lockAndFindShortLines).
 */
export async function writeDocumentExits(
  trx: Trx,
  doc: { businessId: number; departmentId: number; currencyId: number; createdBy: number; note: string },
  type: ExitType,
  lines: readonly ExitLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const exits = await trx
    .insertInto('stock_exits')
    .values(
      lines.map((line) => ({
        business_id: doc.businessId,
        department_id: doc.departmentId,
        variant_id: line.variantId,
        qty_issued: line.qty,
        unit_price: line.unitPrice,
        amount: line.amount,
        currency_id: line.currencyId ?? doc.currencyId,
        type,
        note: doc.note,
        created_by: doc.createdBy,
        document_line_id: line.lineId,
      })),
    )
    .returning(['id', 'document_line_id'])
    .execute();
  const exitOf = new Map(exits.map((e) => [e.document_line_id, e.id]));
  await consumeManyLots(
    trx,
    { businessId: doc.businessId, departmentId: doc.departmentId },
    lines.map((line) => ({
      variantId: line.variantId,
      qty: line.qty,
      reason: { kind: 'EXIT' as const, exitId: exitOf.get(line.lineId) ?? 0 },
    })),
  );
}

export interface EntryLine extends DocumentStockLine {
  unitCost: string;
}

/** One receipt, and so one lot, per line. */
export async function writeDocumentEntries(
  trx: Trx,
  doc: { businessId: number; departmentId: number; currencyId: number; createdBy: number; note: string },
  type: EntryType,
  lines: readonly EntryLine[],
): Promise<void> {
  for (const line of lines) {
    const entry = await trx
      .insertInto('stock_entries')
      .values({
        business_id: doc.businessId,
        department_id: doc.departmentId,
        variant_id: line.variantId,
        qty_received: line.qty,
        unit_cost: line.unitCost,
        currency_id: doc.currencyId,
        type,
        reason_text: doc.note,
        created_by: doc.createdBy,
        document_line_id: line.lineId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await receiveLot(trx, {
      businessId: doc.businessId,
      departmentId: doc.departmentId,
      variantId: line.variantId,
      qty: line.qty,
      unitCost: line.unitCost,
      currencyId: doc.currencyId,
      source: { kind: 'ENTRY', entryId: entry.id },
    });
  }
}

/** Gives back to the lots what the lines' exits consumed. */
export async function reverseDocumentExits(
  trx: Trx,
  businessId: number,
  lineIds: readonly number[],
): Promise<void> {
  const exits = await trx
    .selectFrom('stock_exits')
    .select(['id', 'department_id', 'variant_id'])
    .where('business_id', '=', businessId)
    .where('document_line_id', 'in', lineIds)
    .execute();
  await lockBalances(
    trx,
    businessId,
    exits.map((e) => ({ departmentId: e.department_id, variantId: e.variant_id })),
  );
  for (const exit of exits) await reverseExit(trx, businessId, exit.id);
}

/**
 * Takes back the lots the lines' entries made; answers the lines some of whose goods have
 * already left (then the caller refuses the reversal and its transaction writes nothing).
 */
export async function reverseDocumentEntries(
  trx: Trx,
  businessId: number,
  lineIds: readonly number[],
): Promise<number[]> {
  const entries = await trx
    .selectFrom('stock_entries')
    .select(['id', 'department_id', 'variant_id', 'document_line_id'])
    .where('business_id', '=', businessId)
    .where('document_line_id', 'in', lineIds)
    .execute();
  await lockBalances(
    trx,
    businessId,
    entries.map((e) => ({ departmentId: e.department_id, variantId: e.variant_id })),
  );
  const moved: number[] = [];
  for (const entry of entries) {
    if (!(await reverseEntry(trx, businessId, entry.id)) && entry.document_line_id !== null)
      moved.push(entry.document_line_id);
  }
  return moved;
}

/**
 * A sale's return (DESIGN.md section 20): each return line's quantity back to the lots its sale
 * line's exit consumed, at their cost (reverseExitPart); the caller has checked that every line
 * returns no more than is left of its sale line.
 */
export async function returnToSaleLots(
  trx: Trx,
  businessId: number,
  lines: ReadonlyArray<{ lineId: number; sourceLineId: number; qty: string }>,
): Promise<void> {
  const exits = await trx
    .selectFrom('stock_exits')
    .select(['id', 'department_id', 'variant_id', 'document_line_id'])
    .where('business_id', '=', businessId)
    .where(
      'document_line_id',
      'in',
      lines.map((l) => l.sourceLineId),
    )
    .execute();
  await lockBalances(
    trx,
    businessId,
    exits.map((e) => ({ departmentId: e.department_id, variantId: e.variant_id })),
  );
  const exitOf = new Map(exits.map((e) => [e.document_line_id, e.id]));
  for (const line of lines) {
    const exitId = exitOf.get(line.sourceLineId);
    if (exitId === undefined) throw new Error(`sale line ${line.sourceLineId} has no exit`);
    await reverseExitPart(trx, businessId, exitId, line.qty, line.lineId);
  }
}

/**
 * What the lines' exits consumed, in UZS, unrounded: each lot's quantity at its unit cost and the
 * rate it recorded (DESIGN.md section 21: a production order's actual cost).
 */
export async function consumedCostsUzs(
  trx: Trx,
  businessId: number,
  lineIds: readonly number[],
): Promise<Map<number, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_exits as e')
    .innerJoin('stock_moves as m', (join) =>
      join.onRef('m.business_id', '=', 'e.business_id').onRef('m.exit_id', '=', 'e.id'),
    )
    .innerJoin('stock_lots as l', (join) =>
      join.onRef('l.business_id', '=', 'm.business_id').onRef('l.id', '=', 'm.lot_id'),
    )
    .select(['e.document_line_id', sql<string>`sum(-m.qty * l.unit_cost * l.rate_to_uzs)::text`.as('cost')])
    .where('e.business_id', '=', businessId)
    .where('e.document_line_id', 'in', [...lineIds])
    .where('m.kind', '=', 'EXIT')
    .groupBy('e.document_line_id')
    .execute();
  return new Map(rows.map((r) => [r.document_line_id ?? 0, r.cost]));
}

/** A currency's rate to UZS in force for the business (the one a lot written now records). */
export async function rateInForce(trx: Trx, businessId: number, currencyId: number): Promise<string> {
  const { rows } = await sql<{
    rate: string;
  }>`SELECT rate_in_force(${businessId}, ${currencyId})::text AS rate`.execute(trx);
  return rows[0]?.rate ?? '1';
}
