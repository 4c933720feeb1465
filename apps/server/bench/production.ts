import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { assertDocumentInvariants } from '../test/document-invariants.ts';
import { assertMoneyInvariants } from '../test/money-invariants.ts';
import { assertStockInvariants } from '../test/stock-invariants.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';
import { seedHolding } from './stock.ts';

// Bar of docs/benchmarks.md (DESIGN.md section 21): a production order with 50 inputs, created
// and posted in one call, in <= 300 ms p95 on PostgreSQL; the ledgers' invariants after.

const VARIANTS = 2_000;
const INPUTS = 50;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);

async function call(ctx: BenchContext, token: string, path: string, body: unknown, status: number) {
  const res = await fetch(`${ctx.url}/api/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (res.status !== status) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? Number.NaN;

export async function benchProduction(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users, tokens } = await ctx.createBusinessWithUsers(['Omborchi', 'Owner'] as const);
  await seedHolding(ctx, businessId, [users.Omborchi.id], VARIANTS);
  const held = (
    await sql<{ id: number }>`SELECT id FROM variants WHERE business_id = ${businessId} ORDER BY id`.execute(
      ctx.db,
    )
  ).rows.map((r) => r.id);
  // One SEMI output per order, each made of 50 of the held variants.
  const unit = (
    await sql<{ id: number }>`SELECT id FROM units WHERE business_id = ${businessId} LIMIT 1`.execute(ctx.db)
  ).rows[0]?.id;
  const outputs = await sql<{ product: number; variant: number }>`
    WITH p AS (
      INSERT INTO products (business_id, name, model, code, unit_id, type)
      SELECT ${businessId}, 'Yarim tayyor ' || g, 'Y-' || g, 900000 + g, ${unit}, 'SEMI' FROM generate_series(1, ${ORDERS}) g
      RETURNING id, code)
    INSERT INTO variants (business_id, product_id, sku) SELECT ${businessId}, p.id, 'Y-' || p.code FROM p
    RETURNING product_id AS product, id AS variant`.execute(ctx.db);
  for (const [i, output] of outputs.rows.entries())
    await call(
      ctx,
      tokens.Owner,
      'recipes/',
      {
        product: output.product,
        inputs: Array.from({ length: INPUTS }, (_, j) => ({
          variant: held[(i * INPUTS + j) % held.length],
          qty: '0.001',
        })),
        overhead: '150',
      },
      201,
    );
  const times: number[] = [];
  for (const output of outputs.rows) {
    const t0 = performance.now();
    await call(
      ctx,
      tokens.Omborchi,
      'production-orders/?post=true',
      { output: output.variant, qty: '1' },
      201,
    );
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const order = timedOneByOne(
    `production order of ${INPUTS} inputs, created and posted (one at a time)`,
    times.length,
    {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    },
  );
  console.log(
    `  ${order.title}: p50 ${order.p50.toFixed(1)} ms, p95 ${order.p95.toFixed(1)} ms (bar 300), max ${times.at(-1)?.toFixed(1)} ms`,
  );
  await assertStockInvariants(ctx.db);
  await assertMoneyInvariants(ctx.db);
  await assertDocumentInvariants(ctx.db);
  console.log(`  invariants hold after ${times.length} production orders: stock, money, documents`);
  return [order];
}
