import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// What a production order's posting writes back to its document (DESIGN.md section 21).

/** What a posting learnt of its lines' costs: each line's unit price and amount, in one statement. */
export async function setLineAmounts(
  db: Database,
  businessId: number,
  lines: ReadonlyArray<{ id: number; price: string; amount: string }>,
): Promise<void> {
  if (lines.length === 0) return;
  const values = sql.join(lines.map((l) => sql`(${l.id}::int, ${l.price}::numeric, ${l.amount}::numeric)`));
  await sql`UPDATE document_lines d SET price = v.price, amount = v.amount
    FROM (VALUES ${values}) AS v(id, price, amount) WHERE d.business_id = ${businessId} AND d.id = v.id`.execute(
    db,
  );
}

/** A production order's cost as its posting found it (DESIGN.md section 21). */
export async function setProductionCost(
  db: Database,
  businessId: number,
  id: number,
  cost: { total: string; overhead: string },
) {
  await db
    .updateTable('documents')
    .set(cost)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}
