import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { createBusiness, createUser, signIn, type TestUser } from '../test/factories.ts';
import type { BenchContext } from './context.ts';
import { type CpuMeter, cpuMeter, perOperation } from './cpu.ts';
import type { Measurement } from './measure.ts';

// A bar of docs/benchmarks.md: exchanges and offer approvals from 32 concurrent clients on PostgreSQL,
// next to pgbench's built-in TPC-B-like figure (-c 32 -j 2 -T 15, scale 10) on the same cluster in
// the same run (the mean of one pgbench before the loads and one after). Bar: at least 50% of
// pgbench's tps, with p99 under 100 ms; with BENCH_DURABLE=1 (fsync and synchronous_commit on)
// three quarters of it (DESIGN.md section 24 "Durable throughput"). Measured twice in one run: with group commit
// (db/money-batch.ts, MONEY_BATCH_MS as set, default 1) and without.

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_MONEY_SECONDS ?? 15);
const OFFERS_PER_APPROVER = 4000;
/** BENCH_SHIFTS=1: every department works inside an open cash shift (DESIGN.md section 22). */
const WITH_SHIFTS = process.env.BENCH_SHIFTS === '1';
const WARMUP_SECONDS = 3;
/** The share of pgbench's tps group commit must reach (DESIGN.md section 24 for durable commits). */
const BAR_PERCENT = process.env.BENCH_DURABLE === '1' ? 75 : 50;
/** Each approver's first offers are approved in the warm-up, the rest in the measured load. */
const WARMUP_OFFERS = 1000;

interface LoadStats {
  ok: number;
  opsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  failures?: Record<string, number>;
}
interface LoadResult {
  seconds: number;
  /** Money operations per transaction (1 without group commit). */
  meanBatch: number;
  exchange: LoadStats;
  approve: LoadStats;
  all: LoadStats;
  /** CPU ms per operation of the measured part (cpu.ts). */
  cpu: CpuPerOperation;
}
type CpuPerOperation = ReturnType<typeof perOperation>;

/** Half the clients exchange on their own balances; half approve offers sent to them. */
async function prepareClients(ctx: BenchContext) {
  const business = await createBusiness(ctx.db);
  const make = async (role: 'manager' | 'Owner') => {
    const user = await createUser(ctx.db, { businessId: business.id, role });
    return { user, token: (await signIn(ctx.url, user)).token ?? '' };
  };
  const exchangers = [];
  const approvers: Array<{ user: TestUser; token: string; sender: TestUser }> = [];
  for (let i = 0; i < CLIENTS / 2; i++) exchangers.push(await make('manager'));
  for (let i = 0; i < CLIENTS / 2; i++) {
    const sender = (await make('Owner')).user;
    approvers.push({ ...(await make('manager')), sender });
  }
  const all = [...exchangers.map((e) => e.user.id), ...approvers.map((a) => a.sender.id)];
  // Opening balances through set-based SQL that keeps the ledger rules (rows + equal balances).
  await sql`INSERT INTO money_transactions (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, reason, tx_type)
    SELECT ${business.id}, u.id, c.currency_id, 1000000000, c.rate_to_uzs, money_amount_in_uzs(1000000000, c.rate_to_uzs), 'Bench opening balance', 'ADJUSTMENT'
    FROM unnest(${all}::int[]) AS u(id)
    CROSS JOIN business_currencies c WHERE c.business_id = ${business.id}`.execute(ctx.db);
  await sql`INSERT INTO balances (business_id, user_id, currency_id, on_hand)
    SELECT ${business.id}, u.id, c.currency_id, 1000000000 FROM unnest(${all}::int[]) AS u(id)
    CROSS JOIN business_currencies c WHERE c.business_id = ${business.id}`.execute(ctx.db);
  await sql`INSERT INTO money_tx_counts (business_id, user_id, currency_id, positive, tx_type, has_offer, n)
    SELECT ${business.id}, u.id, c.currency_id, true, 'ADJUSTMENT', false, 1 FROM unnest(${all}::int[]) AS u(id)
    CROSS JOIN business_currencies c WHERE c.business_id = ${business.id}`.execute(ctx.db);
  if (WITH_SHIFTS) {
    // Each money row then shares its department's shift (money_post's shifts_lock) and carries it.
    const departments = [...all, ...approvers.map((a) => a.user.id)];
    await sql`INSERT INTO cash_shifts (business_id, department_id, number, opened_by)
      SELECT ${business.id}, d.id, d.n, d.id FROM unnest(${departments}::int[]) WITH ORDINALITY AS d(id, n)`.execute(
      ctx.db,
    );
  }
  const offerIds: number[][] = [];
  for (const a of approvers) {
    const rows = await sql<{
      id: number;
    }>`INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason, submitted_at)
      SELECT ${business.id}, 'MONEY', 'PENDING', ${a.sender.id}, ${a.sender.id}, ${a.user.id}, 'Bench offer ' || g, now()
      FROM generate_series(1, ${OFFERS_PER_APPROVER}) g RETURNING id`.execute(ctx.db);
    const ids = rows.rows.map((r) => r.id);
    await sql`INSERT INTO offer_money_lines (business_id, offer_id, currency_id, amount)
      SELECT ${business.id}, id, 1 + id % 2, CASE WHEN id % 2 = 0 THEN 12650 ELSE 1 END FROM unnest(${ids}::int[]) AS o(id)`.execute(
      ctx.db,
    );
    offerIds.push(ids);
  }
  await sql`ANALYZE`.execute(ctx.db);
  const clients = [
    ...exchangers.map((e) => ({ kind: 'exchange' as const, token: e.token })),
    ...approvers.map((a, i) => ({ kind: 'approve' as const, token: a.token, offerIds: offerIds[i] ?? [] })),
  ];
  return { businessId: business.id, clients };
}

type Client = Awaited<ReturnType<typeof prepareClients>>['clients'][number];

/** Runs the clients against the server for `seconds` in a worker thread; its figures. */
async function drive(
  url: string,
  clients: Client[],
  seconds: number,
): Promise<Omit<LoadResult, 'meanBatch'>> {
  const worker = new Worker(new URL('./money-load-worker.mjs', import.meta.url), {
    workerData: { url, clients, durationSeconds: seconds },
  });
  try {
    return await new Promise((resolve, reject) => {
      worker.on('message', (msg: { kind?: string } & LoadResult) => {
        if (msg?.kind === 'money-load-result') resolve(msg);
      });
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

async function runLoad(ctx: BenchContext, env: Record<string, string>, meter: CpuMeter): Promise<LoadResult> {
  const { businessId, clients } = await prepareClients(ctx);
  const server = await ctx.startServer(env);
  try {
    // A warm-up, not measured, then ANALYZE: the load is measured on tables whose statistics know
    // their rows, as autovacuum keeps them on a running server (it looks once a minute, longer than
    // the load lasts; on statistics taken while the keys and summaries were empty, PostgreSQL
    // scans them whole at every lookup). Each approver keeps separate offers for each part.
    const part = (from: number, to?: number) =>
      clients.map((c) => (c.kind === 'approve' ? { ...c, offerIds: c.offerIds.slice(from, to) } : c));
    await drive(server.url, part(0, WARMUP_OFFERS), WARMUP_SECONDS);
    await sql`ANALYZE`.execute(ctx.db);
    const { rows: top } = await sql<{ id: number }>`
      SELECT coalesce(max(id), 0)::int AS id FROM money_transactions`.execute(ctx.db);
    const cpuBefore = meter.read();
    const result = await drive(server.url, part(WARMUP_OFFERS), SECONDS);
    const cpu = perOperation(cpuBefore, meter.read(), result.all.ok);
    // The ledger rows of one transaction share their created_at (now() is the transaction's start).
    const { rows } = await sql<{ transactions: number }>`
      SELECT count(DISTINCT created_at)::int AS transactions FROM money_transactions
      WHERE business_id = ${businessId} AND tx_type IN ('EXCHANGE', 'OFFER') AND id > ${top[0]?.id ?? 0}`.execute(
      ctx.db,
    );
    const transactions = rows[0]?.transactions ?? 0;
    return { ...result, cpu, meanBatch: transactions > 0 ? result.all.ok / transactions : 0 };
  } finally {
    await server.close();
  }
}

/** pgbench beside the server binaries (the bin folder may hold only symlinks to initdb and pg_ctl). */
function findPgbench(pgBin: string | null): string {
  const candidates = pgBin
    ? [
        path.join(path.dirname(realpathSync(path.join(pgBin, 'initdb'))), 'pgbench'),
        path.join(pgBin, 'pgbench'),
      ]
    : [];
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort().reverse()
    : [];
  candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`));
  return candidates.find((c) => existsSync(c)) ?? 'pgbench';
}

/** Starts pgbench's database (pgbench -i -s 10) and answers a function that runs the load once. */
function preparePgbench(ctx: BenchContext): (() => { tps: number; transactions: number } | null) | null {
  const bin = findPgbench(ctx.pgBin);
  const url = new URL(ctx.databaseUrl);
  const conn = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const failed = (err: unknown) => {
    console.log(`  pgbench failed: ${(err as Error).message.split('\n')[0]}`);
    return null;
  };
  try {
    execFileSync(bin, [...conn, '-i', '-s', '10', '-q', '--no-vacuum', 'bench_pgbench'], {
      env,
      stdio: 'pipe',
    });
  } catch (err) {
    return failed(err);
  }
  return () => {
    try {
      const out = execFileSync(
        bin,
        [...conn, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), 'bench_pgbench'],
        { env, stdio: 'pipe' },
      ).toString();
      const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      const done = /number of transactions actually processed: (\d+)/.exec(out);
      return match ? { tps: Number(match[1]), transactions: Number(done?.[1] ?? 0) } : null;
    } catch (err) {
      return failed(err);
    }
  };
}

/** One pgbench run with its CPU ms per transaction (its ended backends are reaped first). */
async function pgbenchWithCpu(
  run: (() => { tps: number; transactions: number } | null) | null,
  meter: CpuMeter,
) {
  const from = meter.read();
  const result = run?.() ?? null;
  if (!result) return null;
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { tps: result.tps, cpu: perOperation(from, meter.read(), result.transactions) };
}

const ms = (x: number | null) => (x === null ? '?' : x.toFixed(3));

/**
 * CPU per operation beside pgbench's per transaction: on a shared machine the operations per
 * second follow the processors' share the load gets, its CPU time per operation does not.
 */
function printCpu(results: Array<{ name: string; r: LoadResult }>, pgCpu: CpuPerOperation[]) {
  const pg = pgCpu.filter((c) => c.postgres !== null);
  const pgPostgres = pg.length ? pg.reduce((a, c) => a + (c.postgres ?? 0), 0) / pg.length : null;
  const pgClient = pg.length ? pg.reduce((a, c) => a + c.self, 0) / pg.length : 0;
  console.log(`  CPU per pgbench transaction: PostgreSQL ${ms(pgPostgres)} ms, pgbench ${ms(pgClient)} ms`);
  for (const { name, r } of results) {
    const share =
      pgPostgres !== null && r.cpu.postgres !== null
        ? ` (pgbench's CPU per transaction is ${((100 * (pgPostgres + pgClient)) / (r.cpu.postgres + r.cpu.self)).toFixed(0)}% of it)`
        : '';
    console.log(
      `  CPU per operation, ${name}: PostgreSQL ${ms(r.cpu.postgres)} ms, the bench's process (server and load generator) ${ms(r.cpu.self)} ms${share}`,
    );
  }
}

export async function benchMoneyLoad(ctx: BenchContext): Promise<Measurement[]> {
  const line = (name: string, s: LoadStats) =>
    console.log(
      `  ${name.padEnd(34)} ${s.opsPerSec.toFixed(0).padStart(5)} ops/s  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  (${s.ok} ok${s.failures && Object.keys(s.failures).length ? `, failed ${JSON.stringify(s.failures)}` : ''})`,
    );
  const windowMs =
    process.env.MONEY_BATCH_MS && process.env.MONEY_BATCH_MS !== '0' ? process.env.MONEY_BATCH_MS : '1';
  // BENCH_MONEY_GROUP=on|off: only that mode (a profile of one mode's SQL); both by default.
  const only = process.env.BENCH_MONEY_GROUP;
  const modes = [
    {
      name: `group commit on (MONEY_BATCH_MS=${windowMs})`,
      key: 'batched',
      env: { MONEY_BATCH_MS: windowMs },
    },
    { name: 'group commit off (MONEY_BATCH_MS=0)', key: 'single', env: { MONEY_BATCH_MS: '0' } },
  ].filter((mode) => !only || (only === 'off') === (mode.key === 'single'));
  // pgbench before and after the two loads: the machine's speed drifts within a run, and the mean
  // of the two is the figure both loads are compared with.
  await sql`CREATE DATABASE bench_pgbench`.execute(ctx.db).catch(() => undefined);
  const pgbench = preparePgbench(ctx);
  const meter = await cpuMeter(ctx.db);
  const first = await pgbenchWithCpu(pgbench, meter);
  const results: Array<{ name: string; key: string; r: LoadResult }> = [];
  for (const mode of modes) {
    const r = await runLoad(ctx, mode.env, meter);
    results.push({ ...mode, r });
    console.log(
      `  ${mode.name}: ${CLIENTS} clients for ${r.seconds.toFixed(1)} s, ${r.meanBatch.toFixed(1)} operations per transaction`,
    );
    line('exchanges (16 clients)', r.exchange);
    line('approvals (16 clients)', r.approve);
    line('all money operations', r.all);
  }
  const last = await pgbenchWithCpu(pgbench, meter);
  const before = first?.tps ?? null;
  const after = last?.tps ?? null;
  printCpu(
    results,
    [first?.cpu, last?.cpu].filter((c): c is CpuPerOperation => c !== undefined),
  );
  if (before !== null && after !== null) {
    const tps = (before + after) / 2;
    console.log(
      `  pgbench TPC-B-like, -c ${CLIENTS} -j 2 -T ${SECONDS}, scale 10: ${before.toFixed(0)} tps before, ${after.toFixed(0)} after, mean ${tps.toFixed(0)}`,
    );
    for (const { name, r } of results) {
      const share = (100 * r.all.opsPerSec) / tps;
      console.log(
        `  ${name}: ${share.toFixed(0)}% of pgbench (bar ${BAR_PERCENT}%), p99 ${r.all.p99.toFixed(1)} ms (bar 100 ms): ${share >= BAR_PERCENT && r.all.p99 < 100 ? 'PASS' : 'FAIL'}`,
      );
    }
  }
  const m = (title: string, s: LoadStats): Measurement => ({
    title,
    requests: s.ok,
    errors: 0,
    non2xx: Object.values(s.failures ?? {}).reduce((a, b) => a + b, 0),
    reqPerSec: s.opsPerSec,
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
  });
  return results.flatMap(({ key, r }) => [
    m(`money (${key}): exchanges`, r.exchange),
    m(`money (${key}): approvals`, r.approve),
    m(`money (${key}): all`, r.all),
  ]);
}
