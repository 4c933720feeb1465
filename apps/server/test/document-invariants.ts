import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/connection.ts';

// The documents' invariants (DESIGN.md section 19), checked after every test that posts one: a
// posted document's ledger rows add up to the document, and a reversed one's net to nothing.

export async function assertDocumentInvariants(db: Database): Promise<void> {
  // A posted sale's exits carry its lines' amounts; a purchase's receipts its lines' costs.
  const stock = await sql`
    SELECT d.id, d.number, d.total, s.n, s.amount, (SELECT count(*) FROM document_lines l WHERE l.document_id = d.id) AS lines
    FROM documents d
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, coalesce(sum(x.amount), 0) AS amount FROM (
        SELECT e.amount FROM stock_exits e JOIN document_lines l ON l.id = e.document_line_id WHERE l.document_id = d.id
        UNION ALL
        SELECT round(e.qty_received * e.unit_cost, 2) FROM stock_entries e
        JOIN document_lines l ON l.id = e.document_line_id WHERE l.document_id = d.id
      ) x
    ) s
    WHERE d.status <> 'DRAFT' AND d.kind <> 'STOCK_COUNT'
      AND NOT (d.kind = 'RETURN' AND (SELECT kind FROM documents x WHERE x.id = d.source_id) = 'SALE')
      AND d.kind <> 'PRODUCTION'
      AND (s.amount <> d.total OR s.n <> (SELECT count(*) FROM document_lines l WHERE l.document_id = d.id))`.execute(
    db,
  );
  expect(stock.rows, "a posted document's stock rows add up to its lines").toEqual([]);

  // A posted production order (DESIGN.md section 21): one PRODUCTION exit of each input line's
  // quantity and one PRODUCTION entry of the output's at its unit cost, the total/quantity rounded
  // once; the total is the inputs' amounts and the overhead, within their roundings.
  const production = await sql`
    SELECT d.id, d.number FROM documents d
    WHERE d.kind = 'PRODUCTION' AND d.status = 'POSTED' AND (
      EXISTS (SELECT 1 FROM document_lines l WHERE l.document_id = d.id AND NOT l.output
        AND (SELECT coalesce(sum(e.qty_issued), 0) FROM stock_exits e
             WHERE e.document_line_id = l.id AND e.type = 'PRODUCTION') <> l.qty)
      OR (SELECT count(*) FROM document_lines l JOIN stock_entries e ON e.document_line_id = l.id
          WHERE l.document_id = d.id AND l.output AND e.type = 'PRODUCTION' AND e.qty_received = l.qty
            AND e.unit_cost = l.price AND l.price = round(d.total / l.qty, 2)) <> 1
      OR abs(d.total - d.overhead - (SELECT sum(l.amount) FROM document_lines l WHERE l.document_id = d.id AND NOT l.output))
         > 0.005 * (SELECT count(*) FROM document_lines l WHERE l.document_id = d.id))`.execute(db);
  expect(production.rows, "a posted production order's exits and output lot match its lines").toEqual([]);

  // A posted sale return gives back each line's quantity to the lots of its sale line's exit; a
  // source line is never returned beyond its quantity.
  const saleReturns = await sql`
    SELECT d.id, l.id AS line, l.qty, coalesce(sum(m.qty), 0) AS back
    FROM documents d JOIN documents s ON s.id = d.source_id AND s.kind = 'SALE'
    JOIN document_lines l ON l.document_id = d.id
    LEFT JOIN stock_moves m ON m.document_line_id = l.id AND m.kind = 'EXIT_REVERSAL'
      AND m.exit_id = (SELECT e.id FROM stock_exits e WHERE e.document_line_id = l.source_line_id)
    WHERE d.kind = 'RETURN' AND d.status = 'POSTED'
    GROUP BY d.id, l.id HAVING coalesce(sum(m.qty), 0) <> l.qty`.execute(db);
  expect(saleReturns.rows, "a posted sale return's moves add up to its lines").toEqual([]);
  const reversedReturns = await sql`
    SELECT l.id, sum(m.qty) AS net FROM documents d JOIN document_lines l ON l.document_id = d.id
    JOIN stock_moves m ON m.document_line_id = l.id
    WHERE d.kind = 'RETURN' AND d.status = 'REVERSED'
    GROUP BY l.id HAVING sum(m.qty) <> 0`.execute(db);
  expect(reversedReturns.rows, "a reversed sale return's moves net to nothing").toEqual([]);
  const overReturned = await sql`
    SELECT sl.id, sl.qty, sum(l.qty) AS returned FROM document_lines sl
    JOIN document_lines l ON l.source_line_id = sl.id
    JOIN documents d ON d.id = l.document_id AND d.status = 'POSTED'
    GROUP BY sl.id, sl.qty HAVING sum(l.qty) > sl.qty`.execute(db);
  expect(overReturned.rows, 'no line is returned beyond its quantity').toEqual([]);

  // A posted stock count (DESIGN.md section 20): a counted line's shortage is one ADJUSTMENT exit
  // of its size, its surplus one ADJUSTMENT receipt of its size; a line that matched, or was not
  // counted, wrote nothing; each line's qty is its variance's size and its value that of its rows.
  const counts = await sql`
    SELECT d.id, l.id AS line, l.variance, l.counted_qty, l.qty, e.qty_issued, e.type AS exit_type,
           n.qty_received, n.type AS entry_type
    FROM documents d JOIN document_lines l ON l.document_id = d.id
    LEFT JOIN stock_exits e ON e.document_line_id = l.id
    LEFT JOIN stock_entries n ON n.document_line_id = l.id
    WHERE d.kind = 'STOCK_COUNT' AND d.status <> 'DRAFT' AND NOT (
      l.expected_qty IS NOT NULL AND l.qty = abs(coalesce(l.variance, 0))
      AND (l.variance IS NULL) = (l.counted_qty IS NULL)
      AND CASE
        WHEN coalesce(l.variance, 0) = 0 THEN e.id IS NULL AND n.id IS NULL
        WHEN l.variance < 0 THEN n.id IS NULL AND e.type = 'ADJUSTMENT' AND e.qty_issued = -l.variance
          AND e.amount = l.amount
        ELSE e.id IS NULL AND n.type = 'ADJUSTMENT' AND n.qty_received = l.variance AND n.unit_cost = l.price
      END)`.execute(db);
  expect(counts.rows, "a posted stock count's rows are its lines' variances").toEqual([]);

  const drafts = await sql`
    SELECT d.id FROM documents d
    WHERE d.status = 'DRAFT' AND (
      EXISTS (SELECT 1 FROM money_transactions m WHERE m.document_id = d.id) OR
      EXISTS (SELECT 1 FROM debts x WHERE x.document_id = d.id) OR
      EXISTS (SELECT 1 FROM document_lines l JOIN stock_exits e ON e.document_line_id = l.id WHERE l.document_id = d.id) OR
      EXISTS (SELECT 1 FROM document_lines l JOIN stock_entries e ON e.document_line_id = l.id WHERE l.document_id = d.id) OR
      EXISTS (SELECT 1 FROM document_lines l JOIN stock_moves m ON m.document_line_id = l.id WHERE l.document_id = d.id))`.execute(
    db,
  );
  expect(drafts.rows, 'a draft has written nothing to the ledgers').toEqual([]);

  // Posted: the money rows per currency are the cash paid (in, a sale; out, a purchase), UZS less
  // the change; reversed: they net to nothing.
  const money = await sql`
    WITH expected AS (
      SELECT d.id, p.currency_id,
             CASE WHEN d.status = 'REVERSED' THEN 0
                  ELSE (CASE d.kind WHEN 'SALE' THEN 1 ELSE -1 END) * p.amount END AS amount
      FROM documents d JOIN document_payments p ON p.document_id = d.id
      WHERE d.status <> 'DRAFT'
      UNION ALL
      SELECT d.id, 2, CASE WHEN d.status = 'REVERSED' THEN 0 ELSE -d.change_uzs END
      FROM documents d WHERE d.status <> 'DRAFT' AND d.change_uzs > 0
      UNION ALL
      -- A return refunded in cash: out of the balance for a sale's, back in for a purchase's.
      SELECT d.id, d.currency_id, CASE s.kind WHEN 'SALE' THEN -d.total ELSE d.total END
      FROM documents d JOIN documents s ON s.id = d.source_id
      WHERE d.kind = 'RETURN' AND d.status = 'POSTED' AND d.refund = 'CASH' AND d.total > 0
    ), want AS (SELECT id, currency_id, sum(amount) AS amount FROM expected GROUP BY 1, 2),
    got AS (
      SELECT document_id AS id, currency_id, sum(amount) AS amount FROM money_transactions
      WHERE document_id IS NOT NULL GROUP BY 1, 2
    )
    SELECT * FROM want FULL JOIN got USING (id, currency_id)
    WHERE coalesce(want.amount, 0) <> coalesce(got.amount, 0)`.execute(db);
  expect(money.rows, "a document's money rows equal its cash").toEqual([]);

  // A posted document's debt is what it put on credit less its returns refunded on the debt,
  // and none once that is nothing.
  const debts = await sql`
    WITH owed AS (
      SELECT d.*, d.on_credit - coalesce((SELECT sum(r.total) FROM documents r
        WHERE r.source_id = d.id AND r.status = 'POSTED' AND r.refund = 'DEBT'), 0) AS owed
      FROM documents d WHERE d.status <> 'DRAFT'
    )
    SELECT d.id, d.status, d.owed, x.amount FROM owed d
    LEFT JOIN debts x ON x.document_id = d.id
    WHERE (d.status = 'POSTED' AND d.owed > 0 AND (x.amount IS DISTINCT FROM d.owed
        OR x.direction <> CASE d.kind WHEN 'SALE' THEN 'RECEIVABLE' ELSE 'PAYABLE' END))
      OR ((d.status = 'REVERSED' OR d.owed = 0) AND x.id IS NOT NULL)`.execute(db);
  expect(debts.rows, 'a posted document on credit has its debt; a reversed one none').toEqual([]);

  const reversedStock = await sql`
    SELECT d.id FROM documents d JOIN document_lines l ON l.document_id = d.id
    LEFT JOIN stock_exits e ON e.document_line_id = l.id
    LEFT JOIN stock_entries n ON n.document_line_id = l.id
    JOIN stock_moves m ON m.exit_id = e.id OR m.entry_id = n.id
    WHERE d.status = 'REVERSED'
    GROUP BY d.id, l.id HAVING sum(m.qty) <> 0`.execute(db);
  expect(reversedStock.rows, "a reversed document's stock moves net to nothing").toEqual([]);
}
