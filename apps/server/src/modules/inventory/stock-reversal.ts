import { D, fixedQuantity } from '@app/shared';
import { sql } from 'kysely';
import { addToBalance, lockBalances, type Trx } from './stock-ledger.ts';

// A document's reversal in the stock ledger (DESIGN.md section 19): the opposite moves, on the
// lots the posting touched, in the caller's transaction; and what a posting reads of balances.

/** The quantities on hand of a department's variants (after lockBalances, as they stay). */
export async function quantitiesOnHand(
  trx: Trx,
  businessId: number,
  departmentId: number,
  variantIds: readonly number[],
): Promise<Map<number, string>> {
  if (variantIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_balances')
    .select(['variant_id', 'qty_on_hand'])
    .where('business_id', '=', businessId)
    .where('department_id', '=', departmentId)
    .where('variant_id', 'in', variantIds)
    .execute();
  return new Map(rows.map((r) => [r.variant_id, r.qty_on_hand]));
}

/**
 * Gives back to the lots what an exit consumed (DESIGN.md section 19, a reversal): an
 * EXIT_REVERSAL move per lot, the lots and the balance, in the caller's transaction. The
 * balance row is taken before the lots, as everywhere.
 */
export async function reverseExit(trx: Trx, businessId: number, exitId: number): Promise<void> {
  await reverseExitPart(trx, businessId, exitId, null, null);
}

/**
 * Gives back `qty` of what an exit consumed (all that is left of it when null; DESIGN.md
 * section 20, a sale's return): from the lots consumed last first, never more per lot than it
 * gave less what earlier reversals gave back; EXIT_REVERSAL moves naming the return line. The
 * caller has locked the balance row and checked that the exit has `qty` left to give back.
 */
export async function reverseExitPart(
  trx: Trx,
  businessId: number,
  exitId: number,
  qty: string | null,
  documentLineId: number | null,
): Promise<void> {
  const lots = await trx
    .selectFrom('stock_moves')
    .select(['business_id', 'department_id', 'variant_id', 'lot_id'])
    .select((eb) => [eb.fn.min('id').as('first'), sql<string>`-sum(qty)`.as('left')])
    .where('business_id', '=', businessId)
    .where('exit_id', '=', exitId)
    .where('kind', 'in', ['EXIT', 'EXIT_REVERSAL'])
    .groupBy(['business_id', 'department_id', 'variant_id', 'lot_id'])
    .orderBy('first', 'desc')
    .execute();
  const [first] = lots;
  if (!first) throw new Error(`exit ${exitId} consumed no lots`);
  let wanted = qty === null ? null : new D(qty);
  const back: Array<{ lotId: number; qty: string }> = [];
  for (const lot of lots) {
    const left = new D(lot.left);
    if (left.lte(0) || wanted?.lte(0)) continue;
    const take = wanted === null ? left : D.min(left, wanted);
    back.push({ lotId: lot.lot_id, qty: fixedQuantity(take) });
    if (wanted !== null) wanted = wanted.minus(take);
  }
  if (back.length === 0 || wanted?.gt(0)) throw new Error(`exit ${exitId} has less than ${qty} to give back`);
  const total = back.reduce((sum, b) => sum.plus(b.qty), new D(0));
  await addToBalance(
    trx,
    { businessId: first.business_id, departmentId: first.department_id, variantId: first.variant_id },
    fixedQuantity(total),
  );
  await sql`UPDATE stock_lots AS l SET qty_remaining = l.qty_remaining + v.back
    FROM (VALUES ${sql.join(back.map((b) => sql`(${b.lotId}::int, ${b.qty}::numeric)`))}) AS v(id, back)
    WHERE l.business_id = ${businessId} AND l.id = v.id`.execute(trx);
  await trx
    .insertInto('stock_moves')
    .values(
      back.map((b) => ({
        business_id: first.business_id,
        department_id: first.department_id,
        variant_id: first.variant_id,
        qty: b.qty,
        kind: 'EXIT_REVERSAL' as const,
        exit_id: exitId,
        lot_id: b.lotId,
        document_line_id: documentLineId,
      })),
    )
    .execute();
}

/**
 * Takes back the whole lot an entry made (a reversal): an ENTRY_REVERSAL move, the lot to zero,
 * the balance. False, and nothing written, when some of the lot has already left (the caller
 * refuses the reversal); the caller has locked the balance row (lockBalances).
 */
export async function reverseEntry(trx: Trx, businessId: number, entryId: number): Promise<boolean> {
  const lot = await trx
    .selectFrom('stock_lots')
    .select(['id', 'business_id', 'department_id', 'variant_id', 'qty_received', 'qty_remaining'])
    .where('business_id', '=', businessId)
    .where('entry_id', '=', entryId)
    .forUpdate()
    .executeTakeFirst();
  if (!lot) throw new Error(`entry ${entryId} made no lot`);
  if (!new D(lot.qty_remaining).eq(lot.qty_received)) return false;
  await trx
    .updateTable('stock_balances')
    .set({ qty_on_hand: sql`qty_on_hand - ${lot.qty_received}::numeric`, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('department_id', '=', lot.department_id)
    .where('variant_id', '=', lot.variant_id)
    .execute();
  await trx
    .updateTable('stock_lots')
    .set({ qty_remaining: '0' })
    .where('business_id', '=', businessId)
    .where('id', '=', lot.id)
    .execute();
  await trx
    .insertInto('stock_moves')
    .values({
      business_id: lot.business_id,
      department_id: lot.department_id,
      variant_id: lot.variant_id,
      qty: fixedQuantity(new D(lot.qty_received).neg()),
      kind: 'ENTRY_REVERSAL',
      entry_id: entryId,
      lot_id: lot.id,
    })
    .execute();
  return true;
}

/**
 * Takes back out of the lots what return lines gave them (a sale return's reversal, DESIGN.md
 * section 20): an EXIT move on the sale's exit per lot, naming the return line, the lots and the
 * balances. Answers the lines some of whose goods have left their lots since (then nothing is
 * written and the caller refuses). Locks the balances first, as everywhere.
 */
export async function takeBackReturned(
  trx: Trx,
  businessId: number,
  lineIds: readonly number[],
): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const given = await trx
    .selectFrom('stock_moves')
    .select(['department_id', 'variant_id', 'exit_id', 'lot_id', 'document_line_id'])
    .select(sql<string>`sum(qty)`.as('qty'))
    .where('business_id', '=', businessId)
    .where('document_line_id', 'in', lineIds)
    .groupBy(['department_id', 'variant_id', 'exit_id', 'lot_id', 'document_line_id'])
    .having(sql`sum(qty)`, '>', 0)
    .execute();
  await lockBalances(
    trx,
    businessId,
    given.map((g) => ({ departmentId: g.department_id, variantId: g.variant_id })),
  );
  const lots = await quantitiesOfLots(
    trx,
    businessId,
    given.map((g) => g.lot_id),
  );
  const need = new Map<number, InstanceType<typeof D>>();
  for (const g of given) need.set(g.lot_id, (need.get(g.lot_id) ?? new D(0)).plus(g.qty));
  const moved = given.filter((g) => (need.get(g.lot_id) ?? new D(0)).gt(lots.get(g.lot_id) ?? '0'));
  if (moved.length > 0) return [...new Set(moved.map((g) => g.document_line_id ?? 0))];
  for (const g of given)
    await trx
      .updateTable('stock_balances')
      .set({ qty_on_hand: sql`qty_on_hand - ${g.qty}::numeric`, updated_at: sql`now()` })
      .where('business_id', '=', businessId)
      .where('department_id', '=', g.department_id)
      .where('variant_id', '=', g.variant_id)
      .execute();
  await sql`UPDATE stock_lots AS l SET qty_remaining = l.qty_remaining - v.took
    FROM (VALUES ${sql.join(given.map((g) => sql`(${g.lot_id}::int, ${g.qty}::numeric)`))}) AS v(id, took)
    WHERE l.business_id = ${businessId} AND l.id = v.id`.execute(trx);
  await trx
    .insertInto('stock_moves')
    .values(
      given.map((g) => ({
        business_id: businessId,
        department_id: g.department_id,
        variant_id: g.variant_id,
        qty: fixedQuantity(new D(g.qty).neg()),
        kind: 'EXIT' as const,
        exit_id: g.exit_id,
        lot_id: g.lot_id,
        document_line_id: g.document_line_id,
      })),
    )
    .execute();
  return [];
}

async function quantitiesOfLots(
  trx: Trx,
  businessId: number,
  lotIds: readonly number[],
): Promise<Map<number, string>> {
  if (lotIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_lots')
    .select(['id', 'qty_remaining'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...new Set(lotIds)])
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r.qty_remaining]));
}
