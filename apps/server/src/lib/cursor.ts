import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * The rows of `query` in batches, read through a server-side cursor in one read-only transaction
 * on one connection, so a result of any size is never held whole in memory (DESIGN.md section 11:
 * exports are streamed). The next batch is fetched only when the caller asks for it; a caller
 * that stops early (the client went away) ends the transaction and frees the connection. On the
 * embedded database the connection is its only one: other requests wait until the export ends.
 */
export async function* cursorBatches<R>(
  db: Database,
  query: RawBuilder<R>,
  batchSize = 1000,
): AsyncGenerator<R[]> {
  // The transaction runs in a callback; batches cross to this generator one at a time.
  let hand: ((batch: R[] | null) => Promise<boolean>) | null = null;
  let take: ((value: { batch: R[] | null } | { error: unknown }) => void) | null = null;
  let pending = new Promise<{ batch: R[] | null } | { error: unknown }>((r) => {
    take = r;
  });
  let resume: ((more: boolean) => void) | null = null;
  hand = (batch) =>
    new Promise<boolean>((r) => {
      resume = r;
      take?.({ batch });
    });

  const work = db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`DECLARE report_rows NO SCROLL CURSOR FOR ${query}`.execute(trx);
      for (;;) {
        const { rows } = await sql<R>`FETCH ${sql.raw(String(batchSize))} FROM report_rows`.execute(trx);
        const more = rows.length === batchSize;
        if (!(await hand?.(rows))) return;
        if (!more) return;
      }
    })
    .then(
      () => take?.({ batch: null }),
      (error: unknown) => take?.({ error }),
    );

  try {
    for (;;) {
      const next = await pending;
      pending = new Promise((r) => {
        take = r;
      });
      if ('error' in next) throw next.error;
      if (next.batch === null) return;
      yield next.batch;
      const r = resume as ((more: boolean) => void) | null;
      resume = null;
      r?.(true);
    }
  } finally {
    // Stopped early, or done: let the transaction end (a stop rolls the read-only work back).
    const r = resume as ((more: boolean) => void) | null;
    r?.(false);
    await work;
  }
}
