import { fork } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import type { BenchContext } from './context.ts';
import type { Measurement } from './measure.ts';

// Live updates at scale (DESIGN.md section 13): STREAMS open api/events/ streams on one server
// process, which LISTENs on one PostgreSQL connection; one statement commits an event for every
// one of their users (as a rate change notifies a whole business), ROUNDS times. Measured: the
// time from the commit to each stream's receipt (p50/p95/p99 over every delivery) and the
// server's memory per idle stream. Bars: p95 < 200 ms, < 50 KB a stream. The streams are read by
// a child process (events-clients.mjs), so the server's memory is its own.

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_EVENT_ROUNDS ?? 20);
const DELIVERY_BAR_MS = 200;
const MEMORY_BAR_KB = 50;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function memory() {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const log = (line: string) => console.log(`  ${line}`);

export async function benchEvents(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId } = await ctx.createBusinessWithUsers(['Owner'] as const);
  const { rows: users } = await sql<{ id: number; business_id: number; role: string }>`
    INSERT INTO users (business_id, email, password_hash, role)
    SELECT ${businessId}, 'stream' || g || '-' || ${businessId} || '@bench.local', 'x', 'Kassir'
    FROM generate_series(1, ${STREAMS}) AS g
    RETURNING id, business_id, role`.execute(ctx.db);
  const tokens = await Promise.all(users.map((u) => ctx.accessToken(u)));

  const before = memory();
  const clients = fork(new URL('./events-clients.mjs', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals: Array<{ at: number; round: number }> = [];
  let opened!: () => void;
  const allOpen = new Promise<void>((resolve) => {
    opened = resolve;
  });
  clients.on(
    'message',
    (msg: { kind: string; at?: number; round?: number; status?: number; message?: string }) => {
      if (msg.kind === 'open') opened();
      else if (msg.kind === 'event') arrivals.push({ at: msg.at ?? 0, round: msg.round ?? -1 });
      else throw new Error(`a stream failed: ${JSON.stringify(msg)}`);
    },
  );
  const started = Date.now();
  clients.send({ url: ctx.url, tokens });
  await allOpen;
  log(`${STREAMS} streams open in ${((Date.now() - started) / 1000).toFixed(1)} s (one LISTEN connection)`);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = memory();
  const perStream = (bytes: number) => bytes / STREAMS / 1024;
  log(
    `server memory with ${STREAMS} idle streams: RSS +${perStream(idle.rss - before.rss).toFixed(1)} KB a stream, ` +
      `heap and buffers +${perStream(idle.heap - before.heap).toFixed(1)} KB a stream`,
  );

  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const seen = arrivals.length;
    const committed = await ctx.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO events (business_id, user_id, type, data)
        SELECT business_id, id, 'notification', jsonb_build_object('round', ${round}::int, 'unread', 1)
        FROM users WHERE business_id = ${businessId} AND role = 'Kassir'`.execute(trx);
      return () => Date.now();
    });
    const at = committed();
    const deadline = Date.now() + 10_000;
    while (arrivals.length - seen < STREAMS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const got = arrivals.slice(seen).filter((a) => a.round === round);
    if (got.length < STREAMS)
      throw new Error(`round ${round}: ${got.length} of ${STREAMS} streams got the event`);
    for (const a of got) latencies.push(a.at - at);
    await new Promise((r) => setTimeout(r, 100));
  }
  clients.send('exit');
  latencies.sort((a, b) => a - b);
  const m: Measurement = {
    title: `events: 1 commit -> ${STREAMS} streams`,
    requests: latencies.length,
    errors: 0,
    non2xx: 0,
    reqPerSec: 0,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    p99: pct(latencies, 0.99),
  };
  log(
    `delivery from commit, ${ROUNDS} rounds x ${STREAMS} streams: p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms, ` +
      `max ${latencies.at(-1)} ms; bar p95 < ${DELIVERY_BAR_MS} ms: ${m.p95 < DELIVERY_BAR_MS ? 'met' : 'NOT MET'}`,
  );
  // The larger of the two, so neither hides the other's growth.
  const kb = Math.max(perStream(idle.rss - before.rss), perStream(idle.heap - before.heap));
  log(
    `memory bar < ${MEMORY_BAR_KB} KB an idle stream (the larger of RSS and heap): ${kb < MEMORY_BAR_KB ? 'met' : 'NOT MET'}`,
  );
  return [m];
}
