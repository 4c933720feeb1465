import { setTimeout as sleep } from 'node:timers/promises';
import { D } from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../../scripts/postgres.mjs';
import { startThrowawayReplica, type ThrowawayReplica } from '../../../../../scripts/replica.mjs';
import type { ApiClient } from '../../../test/client.ts';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { type Database, type DatabaseHandle, openReplica } from '../../db/connection.ts';
import { type ReplicaOptions, replicaReads } from '../../lib/replica.ts';
import { fund, USD, UZS } from '../finance/finance.fixtures.ts';

// DESIGN.md section 24 "Reports from a replica": a throwaway primary and a streaming replica made
// from it with pg_basebackup (scripts/replica.mjs). The reports and History read the replica,
// say "as of" when it lags beyond REPLICA_MAX_LAG_MS, fall back to the primary when it is down;
// a posting reads the primary whatever the replica says. The server reaches the replica through
// a TCP proxy that can go silent with its connections open (test/tcp-proxy.ts).

const MAX_LAG_MS = 1000;
/** REPLICA_TIMEOUT_MS: a replica query unanswered this long fails; its status check gives up at 2 s. */
const TIMEOUT_MS = 3000;

let primary: ThrowawayPostgres;
let replica: ThrowawayReplica;
let proxy: TcpProxy;
let t: TestApp;
/** The replica as its superuser: pauses and resumes replay. */
let replicaAdmin: pg.Client;
let as: Record<'Owner' | 'Bozorchi', ApiClient>;
let users: Record<'Owner' | 'Bozorchi', TestUser>;
const log: string[] = [];

beforeAll(async () => {
  primary = await startThrowawayPostgres();
  replica = await startThrowawayReplica(primary);
  const replicaUrl = new URL(replica.url);
  proxy = await startTcpProxy({ host: replicaUrl.hostname, port: Number(replicaUrl.port) });
  t = await startTestApp({
    databaseUrl: primary.url,
    replicaUrl: proxy.urlFor(replica.url),
    poolSize: 8,
    env: { REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), REPLICA_TIMEOUT_MS: String(TIMEOUT_MS) },
    logStream: { write: (line) => log.push(line) },
  });
  ({ as, users } = await createSignedInUsers(t.db, t.url, ['Owner', 'Bozorchi'] as const));
  replicaAdmin = await connectedAdmin();
}, 60_000);

afterAll(async () => {
  await replicaAdmin?.end().catch(() => {});
  await t?.close();
  await proxy?.close();
  replica?.stop();
  primary?.stop();
});

async function connectedAdmin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: replica.url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Until the replica has replayed all the primary has written. */
async function caughtUp(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await replicaAdmin.query<{ lsn: string }>(
      'SELECT pg_last_wal_replay_lsn()::text AS lsn',
    );
    const lsn = rows[0]?.lsn ?? '0/0';
    const ahead = await new pg.Client({ connectionString: primary.url });
    await ahead.connect();
    const diff = await ahead.query<{ behind: string }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS behind',
      [lsn],
    );
    await ahead.end();
    if (Number(diff.rows[0]?.behind) <= 0) return;
    await sleep(50);
  }
  throw new Error('the replica did not catch up');
}

async function pauseReplay(): Promise<void> {
  await replicaAdmin.query('SELECT pg_wal_replay_pause()');
  for (let i = 0; i < 100; i++) {
    const { rows } = await replicaAdmin.query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s');
    if (rows[0]?.s === 'paused') return;
    await sleep(20);
  }
  throw new Error('replay did not pause');
}

/** The dashboard's USD on hand for the whole business, and what it says about its data's age. */
async function dashboardUsd(): Promise<{ usd: string; asOf: string | null; header: string | null }> {
  const res = await as.Owner.get('reports/dashboard/');
  expect(res.status).toBe(200);
  const usd = res.body.balances.find((b: { currency_code: string }) => b.currency_code === 'USD');
  // A currency with nothing on hand is not listed.
  return { usd: usd?.on_hand ?? '0.00', asOf: res.body.data_as_of, header: res.headers.get('data-as-of') };
}

const exchange = (amount: string) =>
  as.Bozorchi.post('offers/exchanges/', { from_currency: USD, to_currency: UZS, from_amount: amount });

describe('reports from a streaming replica', () => {
  it('reads the replica: current while it keeps up, "as of" its time once it is behind by more than the limit', async () => {
    await fund(t.db, users.Bozorchi, USD, '100');
    await caughtUp();
    await sleep(MAX_LAG_MS + 100);
    expect(await dashboardUsd()).toEqual({ usd: '100.00', asOf: null, header: null });

    await pauseReplay();
    const pausedAt = Date.now();
    expect((await exchange('40')).status).toBe(201);
    // The primary has 60 now; the report still shows the replica's 100.
    expect((await dashboardUsd()).usd).toBe('100.00');

    await sleep(MAX_LAG_MS + 1200);
    const stale = await dashboardUsd();
    expect(stale.usd).toBe('100.00');
    expect(stale.asOf).not.toBeNull();
    expect(stale.header).toBe(stale.asOf);
    // As of a time before the exchange, and not older than the last check that found it current.
    expect(Date.parse(stale.asOf ?? '')).toBeLessThanOrEqual(pausedAt);
    expect(Date.now() - Date.parse(stale.asOf ?? '')).toBeGreaterThan(MAX_LAG_MS);

    const sales = await as.Owner.get('reports/sales/');
    expect(sales.status).toBe(200);
    expect(sales.body.data_as_of).toBe(stale.asOf);
    const history = await as.Owner.get('audit/');
    expect(history.status).toBe(200);
    expect(history.body.data_as_of).toBe(stale.asOf);
    // Files say it in a header.
    const file = await as.Owner.get('reports/cash-flow/?format=csv');
    expect(file.status).toBe(200);
    expect(file.headers.get('data-as-of')).toBe(stale.asOf);
    const historyFile = await as.Owner.get('audit/?format=csv');
    expect(historyFile.headers.get('data-as-of')).toBe(stale.asOf);
  }, 30_000);

  it('posts against the primary while replay is paused: the balance it checks is the current one', async () => {
    // The replica still says 100 USD; the primary 60. All 60 go, and not a cent more.
    expect((await exchange('60')).status).toBe(201);
    const more = await exchange('1');
    expect(more.status).toBe(409);
    expect((await dashboardUsd()).usd).toBe('100.00');
  }, 30_000);

  it('shows the writes once the replica has caught up, without "as of"', async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    await caughtUp();
    await sleep(MAX_LAG_MS + 100);
    expect(await dashboardUsd()).toEqual({ usd: '0.00', asOf: null, header: null });
  }, 30_000);

  it('answers from the primary while the replica is down, and reads the replica again once it is back', async () => {
    await fund(t.db, users.Bozorchi, USD, '5');
    // Just checked and found up: the next read (within the second the check is kept) finds the
    // replica gone when it runs, and runs again on the primary; later ones skip the replica.
    expect((await dashboardUsd()).asOf).toBeNull();
    await replica.halt();
    // The right answer (the primary's), current, and a warning in the log; never a 5xx.
    expect(await dashboardUsd()).toEqual({ usd: '5.00', asOf: null, header: null });
    expect((await as.Owner.get('reports/sales/')).status).toBe(200);
    expect((await as.Owner.get('audit/')).status).toBe(200);
    expect((await as.Owner.get('reports/stock-movement/?format=xlsx')).status).toBe(200);
    expect(log.some((line) => line.includes('replica unreachable'))).toBe(true);

    await replica.start();
    await replicaAdmin.end().catch(() => {});
    replicaAdmin = await connectedAdmin();
    await caughtUp();
    await pauseReplay();
    await fund(t.db, users.Bozorchi, USD, '1');
    // The replica is probed again a few seconds after it was found down.
    await sleep(5000 + MAX_LAG_MS + 200);
    const back = await dashboardUsd();
    expect(back.usd).toBe('5.00');
    expect(back.asOf).not.toBeNull();
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
  }, 60_000);

  it('answers from the primary when the replica goes silent with its connections open, and reads it again once it answers', async () => {
    await caughtUp();
    await sleep(MAX_LAG_MS + 100);
    const before = await dashboardUsd();
    expect(before.asOf).toBeNull();
    // The replica keeps the old figure from here on; the primary has one more dollar.
    await pauseReplay();
    await fund(t.db, users.Bozorchi, USD, '1');
    const expected = new D(before.usd).plus(1).toFixed(2);
    expect((await dashboardUsd()).usd).toBe(before.usd);
    // The last check is too old to count: the next read checks the replica on an open connection.
    await sleep(1100);

    const logged = log.length;
    proxy.freeze();
    // The check gives up on the silent replica at 2 s. Without a deadline it would wait as long
    // as the kernel keeps the socket: hours.
    const started = Date.now();
    expect(await dashboardUsd()).toEqual({ usd: expected, asOf: null, header: null });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect(log.slice(logged).some((line) => line.includes('replica unreachable'))).toBe(true);
    // Left alone for a while: the next reads do not wait for it.
    const next = Date.now();
    expect((await as.Owner.get('audit/')).status).toBe(200);
    expect((await as.Owner.get('reports/sales/')).status).toBe(200);
    expect(Date.now() - next).toBeLessThan(2000);

    proxy.thaw();
    // Probed again a few seconds after it was found down; the connections that went silent were
    // closed, so the pool opens new ones.
    await sleep(5000 + MAX_LAG_MS + 200);
    const back = await dashboardUsd();
    expect(back.usd).toBe(before.usd);
    expect(back.asOf).not.toBeNull();
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
  }, 60_000);

  it('leaves the books balanced', async () => {
    await assertMoneyInvariants(t.db);
    await assertDocumentInvariants(t.db);
  });
});

describe('a replica gone silent (lib/replica.ts with the replica pool of db/connection.ts)', () => {
  /** Which server answered: the standby says it is in recovery, the primary does not. */
  const standby = async (db: Database) =>
    (await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(db)).rows[0]?.standby;
  let silent: TcpProxy;
  let pool: DatabaseHandle;
  const warnings: string[] = [];

  beforeAll(async () => {
    const replicaUrl = new URL(replica.url);
    silent = await startTcpProxy({ host: replicaUrl.hostname, port: Number(replicaUrl.port) });
    pool = await openReplica(silent.urlFor(replica.url), 2, 3000);
  });
  afterAll(async () => {
    await pool?.close();
    await silent?.close();
  });
  /** The replica's reads through the proxy, the primary behind them, with these timings. */
  const readsThrough = (timings: Partial<ReplicaOptions>) =>
    replicaReads({
      primary: t.db,
      replica: pool.db,
      maxLagMs: MAX_LAG_MS,
      warn: (m) => warnings.push(m),
      ...timings,
    });

  it('fails a read the replica stops answering at the query deadline, and the primary answers it', async () => {
    const reads = readsThrough({ checkEveryMs: 2000, downForMs: 2000 });
    expect((await reads.run(standby)).value).toBe(true);
    silent.freeze();
    // The last check still counts, so the read goes to the replica, on the connection it used.
    const started = Date.now();
    expect((await reads.run(standby)).value).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(warnings.at(-1)).toContain('did not answer within 3000 ms');
    silent.thaw();
    // Probed again once it has been down long enough; that connection was closed, a new one answers.
    await sleep(2100);
    expect((await reads.run(standby)).value).toBe(true);
  }, 30_000);

  it('gives up a status check the replica does not answer and reads the primary meanwhile', async () => {
    const reads = readsThrough({ checkEveryMs: 0, checkWithinMs: 300 });
    expect((await reads.run(standby)).value).toBe(true);
    silent.freeze();
    const started = Date.now();
    expect((await reads.run(standby)).value).toBe(false);
    // The check's 300 ms, not the pool's 3 s deadline.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(warnings.at(-1)).toContain('did not answer within 300 ms');
    silent.thaw();
  }, 30_000);
});
