import { D, fixedQuantity } from '@app/shared';
import { sql } from 'kysely';
import { addToBalance, type Trx } from './stock-ledger.ts';

// A document's reversal in the stock ledger (DESIGN.md section 19): the opposite moves, on the
// lots the posting touched, in the caller's transaction; and what a posting reads of balances.

/** The quantities on hand of a department's variants (after lockBalances, as they stay). */
export async function quantitiesOnHand(
  trx: Trx,
  departmentId: number,
  variantIds: readonly number[],
): Promise<Map<number, string>> {
  if (variantIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_balances')
    .select(['variant_id', 'qty_on_hand'])
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
export async function reverseExit(trx: Trx, exitId: number): Promise<void> {
  const moves = await trx
    .selectFrom('stock_moves')
    .select(['business_id', 'department_id', 'variant_id', 'lot_id', 'qty'])
    .where('exit_id', '=', exitId)
    .where('kind', '=', 'EXIT')
    .orderBy('id')
    .execute();
  const [first] = moves;
  if (!first) throw new Error(`exit ${exitId} consumed no lots`);
  const total = moves.reduce((sum, m) => sum.minus(m.qty), new D(0));
  await addToBalance(
    trx,
    { businessId: first.business_id, departmentId: first.department_id, variantId: first.variant_id },
    fixedQuantity(total),
  );
  await sql`UPDATE stock_lots AS l SET qty_remaining = l.qty_remaining - v.took
    FROM (VALUES ${sql.join(moves.map((m) => sql`(${m.lot_id}::int, ${m.qty}::numeric)`))}) AS v(id, took)
    WHERE l.id = v.id`.execute(trx);
  await trx
    .insertInto('stock_moves')
    .values(
      moves.map((m) => ({
        business_id: m.business_id,
        department_id: m.department_id,
        variant_id: m.variant_id,
        qty: fixedQuantity(new D(m.qty).neg()),
        kind: 'EXIT_REVERSAL' as const,
        exit_id: exitId,
        lot_id: m.lot_id,
      })),
    )
    .execute();
}

/**
 * Takes back the whole lot an entry made (a reversal): an ENTRY_REVERSAL move, the lot to zero,
 * the balance. False, and nothing written, when some of the lot has already left (the caller
 * refuses the reversal); the caller has locked the balance row (lockBalances).
 */
export async function reverseEntry(trx: Trx, entryId: number): Promise<boolean> {
  const lot = await trx
    .selectFrom('stock_lots')
    .select(['id', 'business_id', 'department_id', 'variant_id', 'qty_received', 'qty_remaining'])
    .where('entry_id', '=', entryId)
    .forUpdate()
    .executeTakeFirst();
  if (!lot) throw new Error(`entry ${entryId} made no lot`);
  if (!new D(lot.qty_remaining).eq(lot.qty_received)) return false;
  await trx
    .updateTable('stock_balances')
    .set({ qty_on_hand: sql`qty_on_hand - ${lot.qty_received}::numeric`, updated_at: sql`now()` })
    .where('department_id', '=', lot.department_id)
    .where('variant_id', '=', lot.variant_id)
    .execute();
  await trx.updateTable('stock_lots').set({ qty_remaining: '0' }).where('id', '=', lot.id).execute();
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
