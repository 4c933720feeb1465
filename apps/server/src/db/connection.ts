import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

// node-postgres returns BIGINT as a string; ids and counts here stay far below 2^53, and PGlite
// already returns them as numbers, so both engines agree. NUMERIC stays a string on both.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Database = Kysely<DB>;

/** Subscribes to a NOTIFY channel; the returned function stops listening. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  /** Called after the listener reconnected: what was announced meanwhile was missed. */
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** LISTEN on a channel: its own connection on PostgreSQL, the one session on PGlite. */
  listen: Listen;
  /** PGlite only: the whole data directory as a tarball (tests clone a migrated template). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL itself when `databaseUrl` is a pooler in transaction mode (DESIGN.md section 24:
   * DATABASE_DIRECT_URL): LISTEN needs a session of its own, which PgBouncer does not keep.
   */
  listenUrl?: string | undefined;
  /** Folder for the embedded database; omit for an in-memory one (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  pgliteLoad?: Blob | File | undefined;
  poolSize?: number;
  /**
   * How long a new connection may take before it fails; unset: node-postgres waits as long as
   * the network does. The replica's pool sets it, so a host that went silent falls back soon.
   */
  connectTimeoutMs?: number;
  /**
   * How long one query may wait for its answer; then its connection is closed, and the query
   * fails as a lost connection (`DatabaseSilent`). Unset: as long as the network does. The
   * replica's pool sets it: a host that stops answering with its connections open (a stopped
   * process, a link that drops packets behind a proxy) keeps the socket alive in the kernel, and
   * its reads would wait forever.
   */
  queryTimeoutMs?: number;
}

/**
 * The database did not answer within a deadline: a query's (its connection is closed,
 * `queryTimeoutMs`) or a caller's (`answeredWithin`). A lost connection to the error handler.
 */
export class DatabaseSilent extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/**
 * `work`'s answer, or a `DatabaseSilent` failure once `ms` have passed without it (the work goes
 * on; a pool with `queryTimeoutMs` closes its connection later). The readiness probe and the
 * replica's status check wait no longer than this.
 */
export async function answeredWithin<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseSilent(ms)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A node-postgres client whose promise-form queries (Kysely's) get a deadline. pg's own
 * `query_timeout` fails the query but keeps the connection in the pool with the query still
 * outstanding, so the next query on it waits behind the silent one; closing the socket instead
 * fails it as a lost connection, and the pool discards the client on release.
 */
function clientWithDeadline(ms: number): typeof pg.Client {
  return class DeadlineClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query() are passed through.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const result = (super.query as (...a: any[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result;
      const timer = setTimeout(() => this.connection.stream.destroy(new DatabaseSilent(ms)), ms);
      return result.finally(() => clearTimeout(timer));
    }
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      ...(options.queryTimeoutMs ? { Client: clientWithDeadline(options.queryTimeoutMs) } : {}),
      // No JIT: every query here is short, and a report over many groups, whose cost the planner
      // overestimates, spent 750 ms of 3.2 s compiling itself (measured: npm run bench -- reports).
      options: '-c jit=off',
    });
    // A connection can die under us (server restart, admin termination). pg.Pool listens only on
    // idle clients ('error' below); a client checked out inside a transaction has no listener, and
    // its 'error' event would end the process. Every client gets one when it connects: the query
    // in flight fails on its own (the request answers 503, lib/errors.ts), and the pool discards
    // the broken client on release and opens a new one on demand, so it reconnects by itself.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        console.warn(`PostgreSQL dropped a connection: ${err.message}`);
      });
    });
    // The pool re-emits an idle client's error; the client's own listener above has logged it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const listen = pgListen(options.listenUrl ?? options.databaseUrl);
    return { db, kind: 'postgres', listen, close: () => db.destroy() };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteLoad,
    relaxedDurability: !options.pgliteDir,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    // PGlite delivers a NOTIFY to its own listeners when the notifying transaction commits.
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    dumpDataDir: async () => (await pglite.dumpDataDir('none')) as Blob,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** How long a replica may take to take a new connection or answer its status check (lib/replica.ts). */
export const REPLICA_CHECK_MS = 2000;

/**
 * The reporting replica's pool (DESIGN.md section 24): a host gone silent fails a new connection
 * within REPLICA_CHECK_MS and a query within `queryTimeoutMs` (REPLICA_TIMEOUT_MS), so its reads
 * go to the primary instead of waiting for it (lib/replica.ts).
 */
export const openReplica = (url: string, poolSize: number, queryTimeoutMs: number) =>
  openDatabase({ databaseUrl: url, poolSize, connectTimeoutMs: REPLICA_CHECK_MS, queryTimeoutMs });

/**
 * LISTEN on a connection of its own (one per process, however many streams it serves), which
 * comes back after PostgreSQL drops it: 0.5 s, then twice as long each time up to 15 s.
 */
function pgListen(url: string): Listen {
  return async (channel, onPayload, onReconnect) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let delayMs = 500;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (n.channel === channel && n.payload) onPayload(n.payload);
      });
      c.on('error', () => {});
      c.on('end', () => {
        if (client === c) again();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      delayMs = 500;
    };
    const again = () => {
      client = null;
      if (stopped) return;
      retry = setTimeout(() => {
        connect().then(
          () => onReconnect?.(),
          () => again(),
        );
      }, delayMs);
      delayMs = Math.min(15_000, delayMs * 2);
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    };
  };
}
