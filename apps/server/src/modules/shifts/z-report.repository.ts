import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Trx } from './shifts.repository.ts';

// The Z-report's figures (DESIGN.md section 22): the shift's money rows grouped by what moved
// them, and the credit its sales gave. Every row but the SHIFT_DIFF ones is in exactly one line,
// so the opening plus the lines is the expected amount the close recorded.

/** What one line of the drawer's movement is. */
export type ZLineKind =
  | 'sale_cash'
  | 'sale_change'
  | 'sale_reversed'
  | 'sale_returns'
  | `${string}_in`
  | `${string}_out`;

export interface ZLineRow {
  currency_id: number;
  line: ZLineKind;
  /** The ledger type, for the other lines' words. */
  tx_type: string;
  amount: string;
  rows: number;
}

/**
 * The shift's rows other than its differences, per currency and line: a sale's cash (its positive
 * rows), its change given back (its negative ones, the UZS change of a sale paid in another
 * currency), sales reversed, returns refunded (a sale return's cash, net of reversed returns), and
 * every other row by its ledger type, in and out apart.
 */
export async function zLines(db: Database | Trx, businessId: number, shiftId: number): Promise<ZLineRow[]> {
  const { rows } = await sql<ZLineRow>`
    SELECT t.currency_id, x.line, t.tx_type, sum(t.amount)::text AS amount, count(*)::int AS rows
    FROM money_transactions t
    LEFT JOIN documents d ON d.business_id = t.business_id AND d.id = t.document_id
    CROSS JOIN LATERAL (SELECT CASE
      WHEN d.kind = 'SALE' AND t.reason_message->>'key' = 'reason.documents.sale_reversed' THEN 'sale_reversed'
      WHEN d.kind = 'SALE' AND t.amount >= 0 THEN 'sale_cash'
      WHEN d.kind = 'SALE' THEN 'sale_change'
      WHEN d.kind = 'RETURN' AND t.tx_type = 'SALE' THEN 'sale_returns'
      WHEN t.amount >= 0 THEN t.tx_type || '_in'
      ELSE t.tx_type || '_out' END AS line) x
    WHERE t.business_id = ${businessId} AND t.shift_id = ${shiftId} AND t.tx_type <> 'SHIFT_DIFF'
    GROUP BY t.currency_id, x.line, t.tx_type
    ORDER BY t.currency_id, x.line`.execute(db);
  return rows;
}

export interface CreditRow {
  currency_code: string;
  amount: string;
  sales: number;
}

/**
 * What the department's sales posted while the shift was open put on credit: the RECEIVABLE debts
 * they opened (and still have: a reversed sale's debt is removed), per currency.
 */
export async function creditOpened(
  db: Database | Trx,
  shift: { business_id: number; department_id: number; opened_at: Date; closed_at: Date | null },
): Promise<CreditRow[]> {
  const until = shift.closed_at === null ? sql`` : sql`AND d.posted_at <= ${shift.closed_at}`;
  const { rows } = await sql<CreditRow>`
    SELECT cur.code AS currency_code, sum(b.amount)::text AS amount, count(DISTINCT d.id)::int AS sales
    FROM debts b
    JOIN documents d ON d.business_id = b.business_id AND d.id = b.document_id AND d.kind = 'SALE'
    JOIN currencies cur ON cur.id = b.currency_id
    WHERE b.business_id = ${shift.business_id} AND b.direction = 'RECEIVABLE' AND d.department_id = ${shift.department_id}
      AND d.posted_at >= ${shift.opened_at} ${until}
    GROUP BY cur.code ORDER BY cur.code`.execute(db);
  return rows;
}
