import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/connection.ts';

// The cash shifts' invariants (DESIGN.md section 22), which the Z-report prints: per closed shift
// and currency, expected = opening + every money row of the shift but its SHIFT_DIFF rows;
// difference = counted - expected; and the shift's SHIFT_DIFF rows are its opening and closing
// differences, nothing more, so the balance equals the cash counted.

export async function assertShiftInvariants(db: Database): Promise<void> {
  const { rows } = await sql`
    SELECT a.shift_id, a.currency_id, a.opening, a.expected, a.counted, a.difference, m.moved, m.diffs
    FROM cash_shift_amounts a
    JOIN cash_shifts s ON s.id = a.shift_id AND s.closed_at IS NOT NULL
    LEFT JOIN (SELECT shift_id, currency_id,
                      sum(amount) FILTER (WHERE tx_type <> 'SHIFT_DIFF') AS moved,
                      sum(amount) FILTER (WHERE tx_type = 'SHIFT_DIFF') AS diffs
               FROM money_transactions WHERE shift_id IS NOT NULL GROUP BY shift_id, currency_id) m
      ON m.shift_id = a.shift_id AND m.currency_id = a.currency_id
    WHERE a.expected IS DISTINCT FROM a.opening + coalesce(m.moved, 0)
       OR a.difference IS DISTINCT FROM a.counted - a.expected
       OR coalesce(m.diffs, 0) <> a.opening_difference + coalesce(a.difference, 0)`.execute(db);
  expect(rows, "every closed shift's expected, counted and difference add up with its rows").toEqual([]);
}
