import { sql } from 'kysely';
import { assertDocumentInvariants } from '../test/document-invariants.ts';
import { assertMoneyInvariants } from '../test/money-invariants.ts';
import { assertStockInvariants } from '../test/stock-invariants.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';
import { seedHolding } from './stock.ts';

// The bar of docs/benchmarks.md (DESIGN.md section 20): a 5,000-line stock count posts in <= 5 s
// on PostgreSQL. Each run starts a count of everything the Omborchi holds (5,000 variants),
// types every line's count (a third short by one, a third over by one, a third as expected)
// and posts it: 1,667 ADJUSTMENT exits first-in first-out and 1,667 ADJUSTMENT receipts.

const LINES = 5_000;
const RUNS = Number(process.env.BENCH_COUNTS ?? 3);

async function call(ctx: BenchContext, token: string, method: string, path: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${ctx.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t0, body: JSON.parse(text) };
}

export async function benchStockCounts(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users, tokens } = await ctx.createBusinessWithUsers(['Omborchi'] as const);
  const token = tokens.Omborchi;
  await seedHolding(ctx, businessId, [users.Omborchi.id], LINES);
  const posts: number[] = [];
  // The first run counts everything held; the next the same variants by list (a variant counted
  // short to nothing is no longer held).
  let scope: Record<string, unknown> = { scope: 'all' };
  for (let run = 1; run <= RUNS; run++) {
    const started = await call(ctx, token, 'POST', 'stock-counts/', scope);
    const count = started.body as { id: number; lines: Array<{ variant: { id: number }; expected: string }> };
    if (count.lines.length !== LINES) throw new Error(`the count has ${count.lines.length} lines`);
    scope = { scope: 'list', variants: count.lines.map((l) => l.variant.id) };
    const lines = count.lines.map((l, i) => ({
      variant: l.variant.id,
      counted: Math.max(0, Number(l.expected) + ((i % 3) - 1)).toFixed(3),
    }));
    const typed = await call(ctx, token, 'PUT', `stock-counts/${count.id}/counted/`, { lines });
    const read = await call(ctx, token, 'GET', `stock-counts/${count.id}/variances/`);
    const posted = await call(ctx, token, 'POST', `stock-counts/${count.id}/post/`);
    posts.push(posted.ms);
    console.log(
      `  run ${run}: started ${started.ms.toFixed(0)} ms, 5,000 counts typed ${typed.ms.toFixed(0)} ms, variances read ${read.ms.toFixed(0)} ms, posted ${posted.ms.toFixed(0)} ms (bar 5,000)`,
    );
  }
  await assertStockInvariants(ctx.db);
  await assertMoneyInvariants(ctx.db);
  await assertDocumentInvariants(ctx.db);
  const rows = await sql<{ exits: string; entries: string }>`SELECT
      (SELECT count(*) FROM stock_exits WHERE business_id = ${businessId} AND type = 'ADJUSTMENT') AS exits,
      (SELECT count(*) FROM stock_entries WHERE business_id = ${businessId} AND type = 'ADJUSTMENT') AS entries`.execute(
    ctx.db,
  );
  console.log(
    `  invariants hold after ${RUNS} counts: ${rows.rows[0]?.exits} adjustment exits, ${rows.rows[0]?.entries} receipts`,
  );
  const sorted = [...posts].sort((a, b) => a - b);
  return [
    timedOneByOne(`stock count of ${LINES} lines posted`, sorted.length, {
      p50: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
      p95: sorted.at(-1) ?? Number.NaN,
      p99: sorted.at(-1) ?? Number.NaN,
    }),
  ];
}
