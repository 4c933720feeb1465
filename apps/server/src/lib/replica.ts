import { sql } from 'kysely';
import { answeredWithin, type Database, REPLICA_CHECK_MS } from '../db/connection.ts';
import { isConnectionLoss, pgCodeOf } from './errors.ts';

// DESIGN.md section 24 "Reports from a replica": the reports, History and their files read from a
// streaming replica when DATABASE_REPLICA_URL names one. A read that decides a write never comes
// here: only the routes that show the past call `reads.run`, and nothing they run writes.

/** What a read of the past answers: its value, and the time its data is as of when it lags. */
export interface PastRead<T> {
  value: T;
  /** ISO time the replica's data is as of, when it is more than the allowed lag behind; else null. */
  asOf: string | null;
}

export interface Reads {
  /**
   * Runs `read` on the replica when there is one and it is up, else on the primary; a replica
   * read that fails because the replica went away (or a recovery conflict cancelled it) runs
   * again on the primary, so the reader never sees the replica's trouble.
   */
  run<T>(read: (db: Database) => Promise<T>): Promise<PastRead<T>>;
}

/** Every read on the primary: no replica configured (or PGlite). */
export const primaryReads = (primary: Database): Reads => ({
  run: async (read) => ({ value: await read(primary), asOf: null }),
});

export interface ReplicaOptions {
  primary: Database;
  replica: Database;
  /** A replica further behind says "as of" (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  warn: (message: string) => void;
  /** The status is checked at most this often (the reads between share the last check). */
  checkEveryMs?: number;
  /** A replica found down is left alone this long, then probed again. */
  downForMs?: number;
  /**
   * The status check gives up on a replica silent this long and finds it down (its connection is
   * closed later, by the pool's query deadline, db/connection.ts).
   */
  checkWithinMs?: number;
  now?: () => number;
}

interface Status {
  checkedAt: number;
  up: boolean;
  asOf: string | null;
}

/** A primary LSN seen at a time: a replica that has replayed up to it is at least that fresh. */
export interface Sample {
  at: number;
  lsn: bigint;
}

/** How long the primary's LSN samples are kept: the "as of" of a replica further behind is its last replayed commit's time. */
const SAMPLES_KEPT_MS = 10 * 60_000;

/** PostgreSQL's `X/Y` LSN as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/**
 * A failure the primary should retry: the replica went away (or is still starting), a new
 * connection timed out, or replay cancelled the query (SQLSTATE 40001, "conflict with recovery").
 */
export function replicaFailed(err: unknown): boolean {
  if (isConnectionLoss(err) || pgCodeOf(err) === '40001') return true;
  const message = err instanceof Error ? err.message : '';
  return /timeout exceeded when trying to connect|Connection terminated/.test(message);
}

export interface ReplicaPosition {
  standby: boolean;
  /** pg_last_wal_replay_lsn(): how far the replica has replayed. */
  replay: string | null;
  /** pg_last_xact_replay_timestamp(): the last replayed commit's time on the primary. */
  replayed_at: Date | string | null;
}

/**
 * What a replica's data is as of, at time `at` when the primary had written up to `primaryLsn`:
 * null when it has replayed all of that (an idle primary leaves the last replayed commit's time
 * old though nothing is missing) or is behind by no more than `maxLagMs`; otherwise the later
 * of the newest time we saw the primary at an LSN it has replayed (`samples`, oldest first) and
 * its last replayed commit's time.
 */
export function dataAsOf(
  position: ReplicaPosition,
  primaryLsn: bigint,
  samples: readonly Sample[],
  at: number,
  maxLagMs: number,
): string | null {
  // Not a standby (DATABASE_REPLICA_URL names a primary, or a promoted one): nothing to wait for.
  if (!position.standby || position.replay === null) return null;
  const replay = lsnValue(position.replay);
  if (replay >= primaryLsn) return null;
  const seen = samples.filter((s) => s.lsn <= replay).at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  const committed = position.replayed_at
    ? new Date(position.replayed_at).getTime()
    : Number.NEGATIVE_INFINITY;
  const freshAt = Math.max(seen, committed);
  if (at - freshAt <= maxLagMs) return null;
  // Behind every sample, and no commit replayed yet: as of when we first looked.
  return new Date(Number.isFinite(freshAt) ? freshAt : (samples[0]?.at ?? at)).toISOString();
}

export function replicaReads(options: ReplicaOptions): Reads {
  const { primary, replica, maxLagMs, warn } = options;
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const downForMs = options.downForMs ?? 5000;
  const checkWithinMs = options.checkWithinMs ?? REPLICA_CHECK_MS;
  const now = options.now ?? Date.now;
  let status: Status = { checkedAt: Number.NEGATIVE_INFINITY, up: false, asOf: null };
  let downUntil = 0;
  let checking: Promise<Status> | null = null;
  const samples: Sample[] = [];

  const markDown = (err: unknown) => {
    if (now() >= downUntil)
      warn(
        `replica unreachable, reads go to the primary for ${downForMs} ms: ${err instanceof Error ? err.message : String(err)}`,
      );
    downUntil = now() + downForMs;
    status = { checkedAt: now(), up: false, asOf: null };
  };

  /** The primary's LSN first, then how far the replica has replayed (dataAsOf). */
  const check = async (): Promise<Status> => {
    const at = now();
    const { rows: p } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(primary);
    const primaryLsn = lsnValue(p[0]?.lsn ?? '0/0');
    samples.push({ at, lsn: primaryLsn });
    while (samples.length > 1 && (samples[0]?.at ?? at) < at - SAMPLES_KEPT_MS) samples.shift();
    try {
      const { rows } = await answeredWithin(
        checkWithinMs,
        sql<ReplicaPosition>`
          SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replay,
                 pg_last_xact_replay_timestamp() AS replayed_at`.execute(replica),
      );
      const position = rows[0] ?? { standby: false, replay: null, replayed_at: null };
      return { checkedAt: at, up: true, asOf: dataAsOf(position, primaryLsn, samples, at, maxLagMs) };
    } catch (err) {
      markDown(err);
      return status;
    }
  };

  const current = async (): Promise<Status> => {
    if (now() < downUntil) return status;
    if (now() - status.checkedAt < checkEveryMs) return status;
    checking ??= check()
      .then((s) => {
        status = s;
        return s;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  return {
    async run(read) {
      const s = await current();
      if (s.up) {
        try {
          return { value: await read(replica), asOf: s.asOf };
        } catch (err) {
          if (!replicaFailed(err)) throw err;
          // A recovery conflict cancels one query; a lost replica is left alone for a while.
          if (pgCodeOf(err) !== '40001') markDown(err);
          else warn(`a read on the replica was cancelled by replay, the primary answers: ${String(err)}`);
        }
      }
      return { value: await read(primary), asOf: null };
    },
  };
}
