import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { assertDocumentInvariants } from '../test/document-invariants.ts';
import { createUser } from '../test/factories.ts';
import { assertMoneyInvariants } from '../test/money-invariants.ts';
import { assertStockInvariants } from '../test/stock-invariants.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';
import { seedHolding } from './stock.ts';

// Bars of docs/benchmarks.md (DESIGN.md section 19): a 40-line sale, priced from the price list,
// created and posted in one call, in <= 300 ms p95 on PostgreSQL; 16 counters selling at once
// (sharing the business's sales totals and its numbering) keep every ledger invariant.

const VARIANTS = 2_000;
const COUNTERS = 16;
const LINE_SALES = Number(process.env.BENCH_SALES ?? 60);
const COUNTER_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function postSale(ctx: BenchContext, token: string, lines: Array<{ variant: number; qty: string }>) {
  const res = await fetch(`${ctx.url}/api/sales/?post=true`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ lines }),
  });
  if (res.status !== 201) throw new Error(`a sale was refused: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? Number.NaN;

export async function benchSales(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users, tokens } = await ctx.createBusinessWithUsers(['Bozorchi', 'Owner'] as const);
  const counters = [{ id: users.Bozorchi.id, token: tokens.Bozorchi }];
  for (let i = 1; i < COUNTERS; i++) {
    const user = await createUser(ctx.db, { businessId, role: 'Bozorchi' });
    counters.push({
      id: user.id,
      token: await ctx.accessToken({ id: user.id, business_id: businessId, role: 'Bozorchi' }),
    });
  }
  const started = Date.now();
  await seedHolding(
    ctx,
    businessId,
    counters.map((c) => c.id),
    VARIANTS,
  );
  const type = await sql<{ id: number }>`INSERT INTO price_types (business_id, name, currency_id, is_default)
    VALUES (${businessId}, 'Chakana', 2, true) RETURNING id`.execute(ctx.db);
  await sql`INSERT INTO variant_prices (business_id, variant_id, price_type_id, price)
    SELECT business_id, id, ${type.rows[0]?.id}, 1000 + id % 977 FROM variants WHERE business_id = ${businessId}`.execute(
    ctx.db,
  );
  console.log(
    `  seeded ${VARIANTS} priced variants held by ${COUNTERS} counters in ${Date.now() - started} ms`,
  );
  const variantIds = (
    await sql<{ id: number }>`SELECT id FROM variants WHERE business_id = ${businessId} ORDER BY id`.execute(
      ctx.db,
    )
  ).rows.map((r) => r.id);

  // One counter, one 40-line sale at a time.
  const times: number[] = [];
  for (let i = 0; i < LINE_SALES; i++) {
    const lines = Array.from({ length: 40 }, (_, j) => ({
      variant: variantIds[(i * 40 + j) % variantIds.length] as number,
      qty: '0.001',
    }));
    const t0 = performance.now();
    await postSale(ctx, tokens.Bozorchi, lines);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const lineSale = timedOneByOne('sale of 40 lines, created and posted (one at a time)', times.length, {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  });
  console.log(
    `  ${lineSale.title}: p50 ${lineSale.p50.toFixed(1)} ms, p95 ${lineSale.p95.toFixed(1)} ms (bar 300), max ${times.at(-1)?.toFixed(1)} ms`,
  );

  // Sixteen counters at once, three lines a sale, the same variants in every department.
  const until = Date.now() + COUNTER_SECONDS * 1000;
  const counted: number[] = [];
  await Promise.all(
    counters.map(async (counter, c) => {
      let n = 0;
      while (Date.now() < until) {
        const lines = [0, 1, 2].map((k) => ({
          variant: variantIds[(n * 3 + k + c) % 50] as number,
          qty: '0.001',
        }));
        const t0 = performance.now();
        await postSale(ctx, counter.token, lines);
        counted.push(performance.now() - t0);
        n++;
      }
    }),
  );
  counted.sort((a, b) => a - b);
  const together: Measurement = {
    ...timedOneByOne(`${COUNTERS} counters selling at once (3 lines a sale)`, counted.length, {
      p50: percentile(counted, 50),
      p95: percentile(counted, 95),
      p99: percentile(counted, 99),
    }),
    reqPerSec: counted.length / COUNTER_SECONDS,
  };
  console.log(
    `  ${together.title}: ${counted.length} sales, ${together.reqPerSec.toFixed(0)}/s, p50 ${together.p50.toFixed(1)} ms, p95 ${together.p95.toFixed(1)} ms`,
  );
  await assertStockInvariants(ctx.db);
  await assertMoneyInvariants(ctx.db);
  await assertDocumentInvariants(ctx.db);
  const numbers = await sql<{ n: string; d: string }>`SELECT count(*) AS n, count(DISTINCT number) AS d
    FROM documents WHERE business_id = ${businessId}`.execute(ctx.db);
  console.log(
    `  invariants hold after ${numbers.rows[0]?.n} sales: stock, money, documents; ${numbers.rows[0]?.d} distinct numbers`,
  );
  return [lineSale, together];
}
