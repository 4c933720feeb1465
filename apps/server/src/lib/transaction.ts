import type { Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `work` in one database transaction, retrying serialization failures and deadlocks
 * (STYLE.md "Concurrency by the database"). `work` must only touch the database.
 */
export async function inTransaction<T>(
  db: Database,
  work: (trx: Transaction<DB>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}
