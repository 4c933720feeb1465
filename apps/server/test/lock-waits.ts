import { sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';

/**
 * Resolves once `n` statements of this database wait for a lock (pg_stat_activity): the race
 * tests on PostgreSQL hold a row lock and start requests, then let go once they all wait.
 */
export async function untilWaiting(db: Database, n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ waiting: number }>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.waiting ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`fewer than ${n} statements ever waited`);
}
