import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import { moneyDailyDrift } from './summary-drift.ts';

// The money invariants of DESIGN.md section 3 "Money ledger", checked after every test that moves
// money (DESIGN.md section 7). Each query returns the rows that break a rule; all must be empty.

async function rows<T>(db: Database, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

export async function assertMoneyInvariants(db: Database): Promise<void> {
  const negative = await rows(db, sql`SELECT user_id, currency_id, on_hand FROM balances WHERE on_hand < 0`);
  expect(negative, 'no balance is negative').toEqual([]);

  // Every balance equals the sum of its ledger rows, and every ledger sum has its balance.
  const drift = await rows(
    db,
    sql`SELECT coalesce(b.user_id, l.user_id) AS user_id, coalesce(b.currency_id, l.currency_id) AS currency_id,
               b.on_hand, l.total
        FROM balances b
        FULL JOIN (SELECT user_id, currency_id, sum(amount) AS total FROM money_transactions
                   GROUP BY user_id, currency_id) l
          ON l.user_id = b.user_id AND l.currency_id = b.currency_id
        WHERE coalesce(b.on_hand, 0) <> coalesce(l.total, 0)`,
  );
  expect(drift, 'every balance equals its ledger sum').toEqual([]);

  // The reports' daily summary (DESIGN.md section 11) equals the sums of the ledger rows.
  const daily = await rows(db, moneyDailyDrift());
  expect(daily, 'money_daily equals the sums of the ledger rows').toEqual([]);

  // The debt book (DESIGN.md section 12): a debt's paid is its payments' sum, never above its
  // amount, and each payment is one DEBT ledger row of the debt's currency, money in for a
  // receivable and out for a payable, on the balance of whoever recorded it.
  const debts = await rows(
    db,
    sql`SELECT d.id, d.amount, d.paid, p.total FROM debts d
        LEFT JOIN (SELECT debt_id, sum(amount) AS total FROM debt_payments GROUP BY debt_id) p ON p.debt_id = d.id
        WHERE d.paid <> coalesce(p.total, 0) OR d.paid > d.amount`,
  );
  expect(debts, "every debt's paid equals its payments").toEqual([]);
  const payments = await rows(
    db,
    sql`SELECT p.id FROM debt_payments p JOIN debts d ON d.id = p.debt_id
        JOIN money_transactions m ON m.id = p.money_transaction_id
        WHERE m.tx_type <> 'DEBT' OR m.currency_id <> d.currency_id OR m.user_id <> p.created_by
           OR m.amount <> CASE d.direction WHEN 'RECEIVABLE' THEN p.amount ELSE -p.amount END
        UNION ALL
        SELECT m.id FROM money_transactions m LEFT JOIN debt_payments p ON p.money_transaction_id = m.id
        WHERE m.tx_type = 'DEBT' AND p.id IS NULL`,
  );
  expect(payments, 'every payment is its one DEBT ledger row').toEqual([]);

  // The by-user list's counts equal the rows they count.
  const badCounts = await rows(
    db,
    sql`SELECT coalesce(c.user_id, t.user_id) AS user_id, c.n, t.n AS actual
        FROM money_tx_counts c
        FULL JOIN (SELECT user_id, currency_id, amount > 0 AS positive, tx_type, offer_id IS NOT NULL AS has_offer,
                          count(*) AS n
                   FROM money_transactions GROUP BY 1, 2, 3, 4, 5) t
          ON t.user_id = c.user_id AND t.currency_id = c.currency_id AND t.positive = c.positive
         AND t.tx_type = c.tx_type AND t.has_offer = c.has_offer
        WHERE coalesce(c.n, 0) <> coalesce(t.n, 0)`,
  );
  expect(badCounts, 'money_tx_counts equals the ledger').toEqual([]);

  // An exchange is two legs of one user: one out, one in, other currencies, equal in UZS terms up
  // to the rounding of the result to 0.01 at the rate applied.
  const badExchanges = await rows(
    db,
    sql`SELECT exchange_group, count(*) AS legs, sum(amount_in_uzs) AS uzs_drift
        FROM money_transactions WHERE tx_type = 'EXCHANGE'
        GROUP BY exchange_group
        HAVING count(*) <> 2 OR count(DISTINCT user_id) <> 1 OR count(DISTINCT currency_id) <> 2
            OR sum(CASE WHEN amount < 0 THEN 1 ELSE 0 END) <> 1
            OR abs(sum(amount_in_uzs)) > 0.01 + 0.005 * max(rate_to_uzs)`,
  );
  expect(badExchanges, 'each exchange is balanced in UZS terms').toEqual([]);

  // An offer moved money only if APPROVED, and exactly once: per line, one debit of the sender
  // and one credit of the receiver of the line's amount.
  const badOffers = await rows(
    db,
    sql`SELECT o.id, o.status, l.currency_id, l.amount,
               (SELECT count(*) FROM money_transactions t WHERE t.offer_id = o.id AND t.currency_id = l.currency_id) AS rows,
               (SELECT coalesce(sum(t.amount), 0) FROM money_transactions t
                 WHERE t.offer_id = o.id AND t.currency_id = l.currency_id AND t.user_id = o.to_user_id) AS received,
               (SELECT coalesce(sum(t.amount), 0) FROM money_transactions t
                 WHERE t.offer_id = o.id AND t.currency_id = l.currency_id AND t.user_id = o.from_user_id) AS sent
        FROM offers o JOIN offer_money_lines l ON l.offer_id = o.id
        WHERE CASE WHEN o.status = 'APPROVED'
                   THEN (SELECT count(*) FROM money_transactions t WHERE t.offer_id = o.id AND t.currency_id = l.currency_id) <> 2
                     OR (SELECT coalesce(sum(t.amount), 0) FROM money_transactions t
                          WHERE t.offer_id = o.id AND t.currency_id = l.currency_id AND t.user_id = o.to_user_id) <> l.amount
                     OR (SELECT coalesce(sum(t.amount), 0) FROM money_transactions t
                          WHERE t.offer_id = o.id AND t.currency_id = l.currency_id AND t.user_id = o.from_user_id) <> -l.amount
                   ELSE EXISTS (SELECT 1 FROM money_transactions t WHERE t.offer_id = o.id) END`,
  );
  expect(badOffers, 'each offer moved its money once, and only when approved').toEqual([]);

  // Ledger rows of an offer belong to that offer's parties and business.
  const strayOfferRows = await rows(
    db,
    sql`SELECT t.id FROM money_transactions t JOIN offers o ON o.id = t.offer_id
        WHERE t.user_id NOT IN (o.from_user_id, o.to_user_id) OR t.business_id <> o.business_id
           OR o.kind <> 'MONEY'`,
  );
  expect(strayOfferRows, 'offer rows belong to the offer').toEqual([]);

  await assertShiftInvariants(db);
}

/**
 * Cash shifts (DESIGN.md section 22): a shift's rows are its department's, none written after its
 * close (a row begun before the shift opened may join it, when the opening's balance did not hold
 * it); a closed currency's expected amount is its opening plus the shift's rows but its
 * differences, its difference the count less that; the SHIFT_DIFF rows of a currency add up to
 * its opening and closing differences; one open shift per department.
 */
async function assertShiftInvariants(db: Database): Promise<void> {
  const strayRows = await rows(
    db,
    sql`SELECT t.id FROM money_transactions t JOIN cash_shifts s ON s.id = t.shift_id
        WHERE t.user_id <> s.department_id OR t.business_id <> s.business_id
           OR (s.closed_at IS NOT NULL AND t.created_at > s.closed_at)`,
  );
  expect(strayRows, "a shift's rows are its department's, inside it").toEqual([]);
  const badAmounts = await rows(
    db,
    sql`WITH moved AS (
          SELECT shift_id, currency_id,
                 sum(amount) FILTER (WHERE tx_type <> 'SHIFT_DIFF') AS rows_total,
                 sum(amount) FILTER (WHERE tx_type = 'SHIFT_DIFF') AS diffs
          FROM money_transactions WHERE shift_id IS NOT NULL GROUP BY shift_id, currency_id)
        SELECT s.id, k.currency_id, a.opening, a.opening_difference, a.expected, a.counted, a.difference,
               m.rows_total, m.diffs
        FROM cash_shifts s
        JOIN (SELECT shift_id, currency_id FROM cash_shift_amounts
              UNION SELECT shift_id, currency_id FROM moved) k ON k.shift_id = s.id
        LEFT JOIN cash_shift_amounts a ON a.shift_id = k.shift_id AND a.currency_id = k.currency_id
        LEFT JOIN moved m ON m.shift_id = k.shift_id AND m.currency_id = k.currency_id
        WHERE coalesce(m.diffs, 0) <> coalesce(a.opening_difference, 0) + coalesce(a.difference, 0)
           OR (s.closed_at IS NOT NULL AND (
                a.expected IS DISTINCT FROM a.opening + coalesce(m.rows_total, 0)
             OR a.difference IS DISTINCT FROM a.counted - a.expected))
           OR (s.closed_at IS NULL AND a.counted IS NOT NULL)`,
  );
  expect(badAmounts, "each shift's expected amounts and differences add up").toEqual([]);
  const twoOpen = await rows(
    db,
    sql`SELECT department_id FROM cash_shifts WHERE closed_at IS NULL GROUP BY department_id HAVING count(*) > 1`,
  );
  expect(twoOpen, 'one open shift per department').toEqual([]);
}

/**
 * Conservation per currency (the bank test): the sum of all balances equals what came in from
 * outside (EXTERNAL, ADJUSTMENT and DEBT rows, and the documents' SALE and PURCHASE rows of
 * DESIGN.md section 19) plus what exchanges moved into the currency; offers only move money
 * between departments. A cash shift's difference (SHIFT_DIFF, DESIGN.md section 22) is money found
 * or lost in the drawer: from outside too.
 */
export async function currencyTotals(db: Database) {
  return rows<{ currency_id: number; balances: string; outside: string; exchanged: string; offers: string }>(
    db,
    sql`SELECT c.id AS currency_id,
               (SELECT coalesce(sum(on_hand), 0) FROM balances b WHERE b.currency_id = c.id)::text AS balances,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type IN ('EXTERNAL', 'ADJUSTMENT', 'DEBT', 'SALE', 'PURCHASE', 'SHIFT_DIFF'))::text AS outside,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type = 'EXCHANGE')::text AS exchanged,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type = 'OFFER')::text AS offers
        FROM currencies c ORDER BY c.id`,
  );
}
