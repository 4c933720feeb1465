import { sql } from 'kysely';
import type { Database } from './connection.ts';

// Group commit for the money operations (DESIGN.md sections 3 and 4), as TigerBeetle batches:
// the operations that arrive within a short window (MONEY_BATCH_MS, or until MONEY_BATCH_MAX are
// waiting) go to PostgreSQL together, in one transaction and one round trip
// (db/functions/75_money_apply_batch.sql): one commit and one WAL flush for the batch, and fewer
// backends contending for the same balance rows. PostgreSQL applies the batch together, one
// statement per table for all its operations, or, when one would be refused or depends on
// another, one by one. Each operation keeps its own outcome either way: the answer money_apply
// gives it alone, or the error it raises, which the caller handles exactly as before
// (money-apply.ts). An operation's promise settles only after its batch has committed; a batch
// that fails whole (the connection lost, a deadlock between two batches) fails each of its
// operations with that error, and none of them was applied.

export interface MoneyBatchOptions {
  /** How long the first operation of a batch waits for others. */
  windowMs: number;
  /** A batch goes at once when this many are waiting. */
  maxOps: number;
  /** Batches in flight at once (each holds one connection and uses one PostgreSQL backend). */
  concurrency: number;
}

interface Pending {
  op: unknown;
  resolve: (answer: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: unknown } | { error: { code: string; detail: string | null; message: string } };

/** An error as node-postgres raises it, so the callers' SQLSTATE handling needs no second path. */
function operationError(e: { code: string; detail: string | null; message: string }): Error {
  return Object.assign(new Error(e.message), { code: e.code, detail: e.detail ?? undefined });
}

export class MoneyBatcher {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private readonly settled = new Set<Promise<void>>();
  /** Operations per batch sent, for the bench's mean batch size. */
  readonly stats = { batches: 0, operations: 0 };

  constructor(
    private readonly db: Database,
    private readonly options: MoneyBatchOptions,
  ) {}

  /** Applies one money_apply operation in the next batch; settles after that batch commits. */
  apply<T>(op: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, resolve: resolve as (answer: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.inFlight >= this.options.concurrency) return; // the finishing batch sends the next
    if (this.queue.length >= this.options.maxOps) {
      this.send();
      return;
    }
    if (!this.timer && this.queue.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, this.options.windowMs);
    }
  }

  private send(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue.splice(0, this.options.maxOps);
    if (batch.length === 0) return;
    this.inFlight++;
    this.stats.batches++;
    this.stats.operations += batch.length;
    const done = this.run(batch).finally(() => {
      this.inFlight--;
      this.settled.delete(done);
      // Operations that waited while the batches were busy have waited long enough: send now.
      if (this.queue.length > 0 && this.inFlight < this.options.concurrency) this.send();
    });
    this.settled.add(done);
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      const result = await sql<{ outcomes: Outcome[] }>`
        SELECT money_apply_batch(${JSON.stringify(batch.map((p) => p.op))}::jsonb) AS outcomes`.execute(
        this.db,
      );
      outcomes = result.rows[0]?.outcomes ?? [];
      if (outcomes.length !== batch.length)
        throw new Error('money_apply_batch answered the wrong number of operations');
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i] as Outcome;
      if ('ok' in outcome) p.resolve(outcome.ok);
      else p.reject(operationError(outcome.error));
    });
  }

  /** Sends what is waiting and waits for every batch in flight (the server's shutdown). */
  async close(): Promise<void> {
    while (this.queue.length > 0 || this.settled.size > 0) {
      if (this.queue.length > 0 && this.inFlight < this.options.concurrency) this.send();
      await Promise.race(this.settled);
    }
  }
}
