import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/connection.ts';

// The stock invariants of DESIGN.md section 3 "Stock", checked after every test that moves stock
// (DESIGN.md section 7). Each query returns the rows that break a rule; all must be empty.

/**
 * Every balance equals the sum of its ledger moves, every lot's remaining quantity equals the
 * sum of the moves that touched it, the open lots of a department and variant add up to its
 * balance, and nothing is negative.
 */
export async function assertStockInvariants(db: Database): Promise<void> {
  const balanceVsLedger = await sql`
    SELECT coalesce(b.department_id, m.department_id) AS department_id,
           coalesce(b.variant_id, m.variant_id) AS variant_id, b.qty_on_hand, m.total
    FROM stock_balances b
    FULL JOIN (SELECT department_id, variant_id, sum(qty) AS total FROM stock_moves
               GROUP BY department_id, variant_id) m
      ON m.department_id = b.department_id AND m.variant_id = b.variant_id
    WHERE coalesce(b.qty_on_hand, 0) <> coalesce(m.total, 0)`.execute(db);
  expect(balanceVsLedger.rows, 'every stock balance equals its ledger sum').toEqual([]);

  const lotsVsLedger = await sql`
    SELECT l.id, l.qty_remaining, m.total FROM stock_lots l
    LEFT JOIN (SELECT lot_id, sum(qty) AS total FROM stock_moves GROUP BY lot_id) m ON m.lot_id = l.id
    WHERE l.qty_remaining <> coalesce(m.total, 0)`.execute(db);
  expect(lotsVsLedger.rows, "every lot's remaining quantity equals its ledger sum").toEqual([]);

  const lotsVsBalance = await sql`
    SELECT b.department_id, b.variant_id, b.qty_on_hand, l.total FROM stock_balances b
    LEFT JOIN (SELECT department_id, variant_id, sum(qty_remaining) AS total FROM stock_lots
               GROUP BY department_id, variant_id) l
      ON l.department_id = b.department_id AND l.variant_id = b.variant_id
    WHERE b.qty_on_hand <> coalesce(l.total, 0)`.execute(db);
  expect(lotsVsBalance.rows, 'the open lots add up to the balance').toEqual([]);

  const negative = await sql`
    SELECT 'balance' AS what, id FROM stock_balances WHERE qty_on_hand < 0
    UNION ALL SELECT 'lot', id FROM stock_lots WHERE qty_remaining < 0`.execute(db);
  expect(negative.rows, 'no stock is negative').toEqual([]);
}
