import type { Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { pgCodeOf } from './errors.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/** A serialization failure or a deadlock: the work may simply run again. */
export function isRetryable(err: unknown): boolean {
  return RETRYABLE.has(pgCodeOf(err) ?? '');
}

/** A short, growing, jittered pause, so retried transactions do not collide again at once. */
export function pauseBeforeRetry(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
}

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
      if (!isRetryable(err) || attempt >= attempts) throw err;
      await pauseBeforeRetry(attempt);
    }
  }
}
