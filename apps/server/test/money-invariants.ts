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
}

/**
 * Conservation per currency (the bank test): the sum of all balances equals what came in from
 * outside (EXTERNAL, ADJUSTMENT and DEBT rows, and the documents' SALE and PURCHASE rows of
 * DESIGN.md section 19) plus what exchanges moved into the currency; offers only move money
 * between departments.
 */
export async function currencyTotals(db: Database) {
  return rows<{ currency_id: number; balances: string; outside: string; exchanged: string; offers: string }>(
    db,
    sql`SELECT c.id AS currency_id,
               (SELECT coalesce(sum(on_hand), 0) FROM balances b WHERE b.currency_id = c.id)::text AS balances,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type IN ('EXTERNAL', 'ADJUSTMENT', 'DEBT', 'SALE', 'PURCHASE'))::text AS outside,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type = 'EXCHANGE')::text AS exchanged,
               (SELECT coalesce(sum(amount), 0) FROM money_transactions t
                 WHERE t.currency_id = c.id AND t.tx_type = 'OFFER')::text AS offers
        FROM currencies c ORDER BY c.id`,
  );
}
