import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import {
  salesDailyDrift,
  salesDayTotalsDrift,
  salesProductMonthsDrift,
  salesVariantMonthsDrift,
  stockDailyDrift,
} from './summary-drift.ts';

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

  // The reports' daily summaries (DESIGN.md section 11) equal the sums of the rows they summarise.
  const stockDaily = await stockDailyDrift().execute(db);
  expect(stockDaily.rows, 'stock_daily equals the sums of the stock moves').toEqual([]);

  const dailyTotals = await sql`
    WITH raw AS (
      SELECT business_id, department_id, day, currency_id, sum(entry_qty) AS entry_qty,
             sum(exit_qty) AS exit_qty, sum(offer_in_qty) AS offer_in_qty,
             sum(offer_out_qty) AS offer_out_qty, sum(cost) AS cost
      FROM stock_daily GROUP BY 1, 2, 3, 4
    )
    SELECT * FROM raw FULL JOIN stock_daily_totals t USING (department_id, day, currency_id)
    WHERE raw.entry_qty IS DISTINCT FROM t.entry_qty OR raw.exit_qty IS DISTINCT FROM t.exit_qty
       OR raw.offer_in_qty IS DISTINCT FROM t.offer_in_qty OR raw.offer_out_qty IS DISTINCT FROM t.offer_out_qty
       OR raw.cost IS DISTINCT FROM t.cost OR raw.business_id IS DISTINCT FROM t.business_id`.execute(db);
  expect(dailyTotals.rows, 'stock_daily_totals equals stock_daily summed over the variants').toEqual([]);

  // Per department and variant every move counts; for the business (department NULL) only
  // receipts and exits move a variant.
  const variantTotals = await sql`
    WITH raw AS (
      SELECT business_id, department_id, variant_id, sum(m.qty) AS qty,
             max(business_day(m.created_at)) AS moved_on
      FROM stock_moves m GROUP BY 1, 2, 3
      UNION ALL
      SELECT business_id, NULL, variant_id, sum(m.qty),
             max(business_day(m.created_at)) FILTER (WHERE m.kind IN ('ENTRY', 'EXIT'))
      FROM stock_moves m GROUP BY 1, 3
    )
    SELECT * FROM raw FULL JOIN stock_variant_totals t
      ON t.business_id = raw.business_id AND t.variant_id = raw.variant_id
     AND t.department_id IS NOT DISTINCT FROM raw.department_id
    WHERE raw.qty IS DISTINCT FROM t.qty OR raw.moved_on IS DISTINCT FROM t.moved_on`.execute(db);
  expect(variantTotals.rows, 'stock_variant_totals equals the stock moves per variant').toEqual([]);

  const salesDaily = await salesDailyDrift().execute(db);
  expect(salesDaily.rows, 'sales_daily equals the sums of the SALE exits').toEqual([]);

  const salesTotals = await sql`
    WITH raw AS (
      SELECT business_id, variant_id, sum(qty) AS qty, sum(revenue_uzs) AS revenue_uzs, sum(cogs_uzs) AS cogs_uzs
      FROM sales_daily GROUP BY 1, 2
    )
    SELECT * FROM raw FULL JOIN sales_totals t USING (business_id, variant_id)
    WHERE raw.qty IS DISTINCT FROM t.qty OR raw.revenue_uzs IS DISTINCT FROM t.revenue_uzs
       OR raw.cogs_uzs IS DISTINCT FROM t.cogs_uzs`.execute(db);
  expect(salesTotals.rows, 'sales_totals equals the sums of sales_daily').toEqual([]);

  // Migration 0036's sums of sales_daily: per department and day, per month and variant, per
  // month and product.
  for (const [summary, drift] of [
    ['sales_day_totals', salesDayTotalsDrift],
    ['sales_variant_months', salesVariantMonthsDrift],
    ['sales_product_months', salesProductMonthsDrift],
  ] as const) {
    const rows = await drift().execute(db);
    expect(rows.rows, `${summary} equals the sums of sales_daily`).toEqual([]);
  }

  // The dashboard's stock value sums stock_daily's costs as the lots' (dashboard.repository.ts):
  // each move is in its lot's department, of its lot's variant.
  const movesOfLots = await sql`
    SELECT m.id, m.department_id, m.variant_id, l.department_id AS lot_department_id, l.variant_id AS lot_variant_id
    FROM stock_moves m JOIN stock_lots l ON l.id = m.lot_id
    WHERE m.department_id <> l.department_id OR m.variant_id <> l.variant_id`.execute(db);
  expect(movesOfLots.rows, "every move is in its lot's department and variant").toEqual([]);

  // DESIGN.md section 20: an approved product offer's lines leave the sender once, as what the
  // receiver got (OFFER_IN) plus its TRANSIT_LOSS exit: sent = received + lost. An offer not
  // approved moved nothing, and a TRANSIT_LOSS exit's moves take exactly its quantity.
  const transit = await sql`
    SELECT * FROM (
      SELECT o.id, o.status, i.variant_id, i.quantity,
             (SELECT coalesce(sum(m.qty), 0) FROM stock_moves m
              WHERE m.offer_id = o.id AND m.variant_id = i.variant_id AND m.kind = 'OFFER_IN') AS received,
             (SELECT coalesce(-sum(m.qty), 0) FROM stock_moves m
              WHERE m.offer_id = o.id AND m.variant_id = i.variant_id AND m.kind = 'OFFER_OUT') AS sent_out,
             (SELECT coalesce(sum(x.qty_issued), 0) FROM stock_exits x
              WHERE x.offer_id = o.id AND x.variant_id = i.variant_id) AS lost
      FROM offers o JOIN offer_item_lines i ON i.offer_id = o.id
      WHERE o.kind = 'PRODUCT'
    ) t
    WHERE CASE WHEN status = 'APPROVED' THEN received <> sent_out OR received + lost <> quantity
               ELSE received <> 0 OR sent_out <> 0 OR lost <> 0 END`.execute(db);
  expect(transit.rows, 'an approved product offer: sent = received + lost, once').toEqual([]);
  const lossMoves = await sql`
    SELECT x.id, x.qty_issued, coalesce(-sum(m.qty), 0) AS taken FROM stock_exits x
    LEFT JOIN stock_moves m ON m.exit_id = x.id
    WHERE x.type = 'TRANSIT_LOSS' GROUP BY x.id HAVING coalesce(-sum(m.qty), 0) <> x.qty_issued`.execute(db);
  expect(lossMoves.rows, "a TRANSIT_LOSS exit's moves take its quantity").toEqual([]);

  const negative = await sql`
    SELECT 'balance' AS what, id FROM stock_balances WHERE qty_on_hand < 0
    UNION ALL SELECT 'lot', id FROM stock_lots WHERE qty_remaining < 0`.execute(db);
  expect(negative.rows, 'no stock is negative').toEqual([]);
}
