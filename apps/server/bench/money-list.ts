import { MONEY_TX_ORDERINGS } from '@app/shared';
import { sql } from 'kysely';
import { signIn } from '../test/factories.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';

// A bar of docs/benchmarks.md: GET finance/money-transactions/by-user/ over 1,000,000 ledger rows,
// 100,000 of them the measured user's: p95 under 30 ms for every filter combination and ordering.

const USERS = 10;
const ROWS_PER_USER = 100_000;
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 25);

/**
 * The ledger in set-based statements that keep the ledger rules: signed non-zero rows of every
 * type, an opening ADJUSTMENT large enough that no balance is negative, and balances set to the
 * ledger sums. Rows are interleaved across users in time, as a real ledger is.
 */
export async function seedLedger(ctx: BenchContext, businessId: number, userIds: number[]): Promise<void> {
  const db = ctx.db;
  const offer = await sql<{
    id: number;
  }>`INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason)
    VALUES (${businessId}, 'MONEY', 'APPROVED', ${userIds[0]}, ${userIds[0]}, ${userIds[1]}, 'Bench offer rows')
    RETURNING id`.execute(db);
  const offerId = offer.rows[0]?.id;
  await sql`INSERT INTO money_transactions
      (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, offer_id, reason, tx_type, exchange_group, created_by, created_at)
    SELECT ${businessId}, u.id, c.currency_id, 100000000, c.rate_to_uzs, money_amount_in_uzs(100000000, c.rate_to_uzs), NULL, 'Boshlang''ich qoldiq', 'ADJUSTMENT', NULL, u.id,
           now() - interval '400 days'
    FROM unnest(${userIds}::int[]) AS u(id)
    CROSS JOIN business_currencies c WHERE c.business_id = ${businessId}`.execute(db);
  await sql`INSERT INTO money_transactions
      (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, offer_id, reason, tx_type, exchange_group, created_by, created_at)
    SELECT ${businessId}, s.user_id, s.currency_id, s.amount, c.rate_to_uzs, money_amount_in_uzs(s.amount, c.rate_to_uzs),
           CASE WHEN s.kind = 'OFFER' THEN ${offerId}::int END,
           CASE s.kind WHEN 'EXTERNAL' THEN (CASE WHEN s.amount > 0 THEN 'Naqd savdo tushumi #' ELSE 'Ijara va xarajatlar #' END) || s.g
                       WHEN 'EXCHANGE' THEN 'Almashtirish ' || s.g
                       WHEN 'OFFER' THEN 'Bench offer rows'
                       ELSE 'Tuzatish ' || s.g END,
           s.kind, CASE WHEN s.kind = 'EXCHANGE' THEN gen_random_uuid() END, s.user_id,
           now() - (s.g * interval '30 seconds')
    FROM (
      SELECT g, (${userIds}::int[])[1 + g % ${USERS}] AS user_id, 1 + (g / ${USERS}) % 2 AS currency_id,
             (CASE WHEN ((g / ${USERS * 20}) * 7) % 10 < 6 THEN 1 ELSE -1 END) * (1 + (g::bigint * 7919) % 500000) / 100.0 AS amount,
             (ARRAY['EXTERNAL', 'EXTERNAL', 'EXTERNAL', 'EXTERNAL', 'EXCHANGE', 'EXCHANGE', 'EXCHANGE', 'OFFER', 'ADJUSTMENT', 'EXTERNAL'])[1 + (g / ${USERS * 2}) % 10] AS kind
      FROM generate_series(1, ${USERS * ROWS_PER_USER}) g
    ) s JOIN business_currencies c ON c.business_id = ${businessId} AND c.currency_id = s.currency_id`.execute(
    db,
  );
  await sql`INSERT INTO balances (business_id, user_id, currency_id, on_hand)
    SELECT ${businessId}::int, user_id, currency_id, sum(amount) FROM money_transactions
    WHERE user_id = ANY(${userIds}::int[]) GROUP BY user_id, currency_id
    ON CONFLICT (user_id, currency_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`.execute(db);
  await sql`INSERT INTO money_tx_counts (user_id, currency_id, positive, tx_type, has_offer, n, business_id)
    SELECT user_id, currency_id, amount > 0, tx_type, offer_id IS NOT NULL, count(*), ${businessId}::int
    FROM money_transactions
    WHERE user_id = ANY(${userIds}::int[]) GROUP BY 1, 2, 3, 4, 5`.execute(db);
  await sql`VACUUM ANALYZE money_transactions`.execute(db);
  await sql`VACUUM ANALYZE balances`.execute(db);
}

type Query = Record<string, string>;

/** Every combination of the filters of DESIGN.md section 4, with every ordering. */
export function filterCombinations(): Query[] {
  const options: Array<[string, Array<string | null>]> = [
    ['currency', [null, '1']],
    ['amount_type', [null, 'positive', 'negative']],
    ['tx_type', [null, 'EXCHANGE']],
    ['has_offer', [null, 'true', 'false']],
    ['search', [null, 'tushumi #12']],
    ['ordering', [...MONEY_TX_ORDERINGS]],
  ];
  let combos: Query[] = [{}];
  for (const [key, values] of options) {
    combos = combos.flatMap((c) => values.map((v) => (v === null ? c : { ...c, [key]: v })));
  }
  return combos;
}

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** Sequential requests (one client), pages 1 to 10 in turn: the latency a person sees. */
async function timeQuery(
  url: string,
  token: string,
  query: Query,
): Promise<{ p50: number; p95: number; max: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const page = count > 0 ? 1 + (i % Math.min(10, Math.ceil(count / 20))) : 1;
    const qs = new URLSearchParams({ ...query, page: String(page) }).toString();
    const started = performance.now();
    const res = await fetch(`${url}/api/finance/money-transactions/by-user/?${qs}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { count?: number };
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`by-user ${qs}: ${res.status} ${JSON.stringify(body)}`);
    count = body.count ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0, count };
}

export async function benchMoneyList(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users, tokens } = await ctx.createBusinessWithUsers(['Kassir'] as const);
  // Nine more departments of the same business (the measured user's neighbours in the ledger).
  const extra = await sql<{ id: number }>`INSERT INTO users (business_id, email, password_hash, role)
    SELECT ${businessId}, 'bench-' || g || '-' || ${businessId} || '@bench.uz', 'x', 'manager' FROM generate_series(1, ${USERS - 1}) g
    RETURNING id`.execute(ctx.db);
  const userIds = [users.Kassir.id, ...extra.rows.map((r) => r.id)];
  const seeded = performance.now();
  await seedLedger(ctx, businessId, userIds);
  console.log(
    `  seeded ${USERS * ROWS_PER_USER + USERS * 2} ledger rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // Access tokens live 5 minutes (DESIGN.md section 5): sign in again now and then.
  let token = tokens.Kassir;
  let signedAt = Date.now();
  const results: Measurement[] = [];
  let worst = { p95: 0, title: '' };
  for (const query of filterCombinations()) {
    const title =
      Object.entries(query)
        .map(([k, v]) => `${k}=${v}`)
        .join('&') || '(no filter)';
    if (Date.now() - signedAt > 120_000) {
      token = (await signIn(ctx.url, users.Kassir)).token ?? '';
      signedAt = Date.now();
    }
    const r = await timeQuery(ctx.url, token, query);
    results.push(timedOneByOne(title, SAMPLES, { p50: r.p50, p95: r.p95, p99: r.max }));
    if (r.p95 > worst.p95) worst = { p95: r.p95, title };
    if (process.env.BENCH_VERBOSE || r.p95 >= 30) {
      console.log(
        `  ${title.padEnd(90)} count ${String(r.count).padStart(6)}  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms`,
      );
    }
  }
  const over = results.filter((m) => m.p95 >= 30).length;
  console.log(
    `  ${results.length} combinations (${SAMPLES} requests each, pages 1-10): worst p95 ${worst.p95.toFixed(1)} ms (${worst.title}); ${over} at or over the 30 ms bar`,
  );
  return results;
}
