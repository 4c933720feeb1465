import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { businessDay } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';
import { cashFlowRows } from '../src/modules/reports/cash-flow.repository.ts';
import type * as repo from '../src/modules/reports/reports.repository.ts';
import { salesRows } from '../src/modules/reports/sales.repository.ts';
import { stockMovementRows } from '../src/modules/reports/stock-movement.repository.ts';
import { signIn, type TestUser } from '../test/factories.ts';
import {
  moneyDailyDrift,
  salesDailyDrift,
  salesDayTotalsDrift,
  salesProductMonthsDrift,
  salesVariantMonthsDrift,
  stockDailyDrift,
} from '../test/summary-drift.ts';
import { seedAttributes } from './catalog.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';

// DESIGN.md section 11's bars: over a business with 1,000,000 money ledger rows and 1,000,000
// stock moves, each report answers a month in p95 < 100 ms and a year in p95 < 300 ms on
// PostgreSQL; a 100,000-row export streams (its time, and the server's memory, which must not
// grow with the rows). The business: 10 departments, 25,000 products x 4 variants, a year of
// receipts, FIFO sales in UZS and USD, write-offs and transfers between departments (product
// offers), and a year of money rows of every type, all written as the ledgers' rules require,
// backdated, in time order, through the summaries' statement triggers (at most 50,000 rows a
// statement). BENCH_REPORT_SAMPLES sets the requests per measurement (30);
// BENCH_REPORTS_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of each report page that misses its bar.

const DEPARTMENTS = 10;
const PRODUCTS = 25_000;
const VARIANTS_PER_PRODUCT = 4;
const MONEY_PAIRS = 500_000;
/** Rows a statement inserts into a ledger (its summary trigger builds an array of them). */
const CHUNK = 50_000;
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 30);
const WARM_UP = 3;
const MONTH_BAR_MS = 100;
const YEAR_BAR_MS = 300;

const lit = (v: number | string) => sql.lit(v);

function log(message: string): void {
  console.log(`  ${message}`);
}

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  log(`${label.padEnd(58)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  return result;
}

// ---------------------------------------------------------------- seeding

interface Seeded {
  businessId: number;
  departments: number[];
  usd: number;
  uzs: number;
}

/**
 * A moment in slot k (0 = oldest) of eight 45-day slots that tile the 360 days before `anchor`;
 * `seed` spreads the moments of a slot over its 45 days, so the ledgers are as busy every day.
 */
function slotAt(anchor: RawBuilder<unknown>, k: number, seed: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${anchor} - make_interval(secs => ((${lit(360 - 45 * k)} - ((${seed})::bigint * 7919 + ${lit(k * 104729)}) % 45000 / 1000.0) * 86400)::float8)`;
}

/** The USD rate recorded at a moment: 12,650 today, 0.70 less for each day before. */
function usdRateAt(anchor: RawBuilder<unknown>, at: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`round(12650 - 0.7 * extract(epoch FROM (${anchor} - ${at})) / 86400, 2)`;
}

async function seedCatalog(db: Database, businessId: number): Promise<void> {
  const b = lit(businessId);
  await seedAttributes(db, businessId);
  await sql`INSERT INTO products (business_id, name, model, code, unit_id, type)
    SELECT ${b}, (ARRAY['Ko''ylak','Shim','Futbolka','Kurtka','Paxta mato','Jinsi mato','Ip','Tugma','Molniya',
                        'Sviter','Palto','Yubka','Ro''mol','Trikotaj','Kalava','Astar'])[1 + i % 16] || ' ' || i,
      'M-' || (i * 7 % 1000), 300000 + i, (SELECT min(id) FROM units WHERE business_id = ${b}) + i % 3,
      (ARRAY['RAW','SEMI','FINISHED'])[1 + i % 3]
    FROM generate_series(1, ${lit(PRODUCTS)}) AS i`.execute(db);
  // One variant in 47 has a low-stock threshold (40): most of them end at or under it.
  await sql`INSERT INTO variants (business_id, product_id, sku, color_id, size_id, min_qty)
    SELECT ${b}, p.id, 'SKU-' || p.code || '-' || g,
      CASE WHEN (p.id + g) % 5 = 0 THEN NULL ELSE c.first + (p.id + g) % 8 END,
      CASE WHEN g = 4 THEN NULL ELSE s.first + (p.id + g) % 6 END,
      CASE WHEN (p.id * 4 + g) % 47 = 0 THEN 40 END
    FROM products p CROSS JOIN generate_series(1, ${lit(VARIANTS_PER_PRODUCT)}) AS g,
      (SELECT min(id) AS first FROM colors WHERE business_id = ${b}) c,
      (SELECT min(id) AS first FROM sizes WHERE business_id = ${b}) s
    WHERE p.business_id = ${b}
    ORDER BY p.id, g`.execute(db);
}

/**
 * The stock of a year. Each variant i lives in department A = i mod 10 and follows one story over
 * eight 45-day slots, quantities times f = 1 + (i mod 7) / 4 (10 moves a variant, 1,000,000 in all):
 *   0 receipt of lot 1 (100; a quarter of the variants a year and more ago, before the year's window)
 *   1 sale of 10 from lot 1        2 sale of 25 from lot 1
 *   3 transfer of 20 from lot 1 to department B = A + 1 (an approved product offer of 25 variants:
 *     OFFER_OUT of lot 1, OFFER_IN of a new lot 3 in B with source_lot_id and offer_id)
 *   4 receipt of lot 2 (80)
 *   5 sale of 60: the 45 left of lot 1, then 15 of lot 2 (first in, first out: two EXIT moves)
 *   6 sale of 30 from lot 2 (a write-off for one variant in ten)
 *   7 department B sells 8 of lot 3
 * Left: lot 1 0, lot 2 35, lot 3 12; A holds 35, B 12. Lots cost UZS, or USD for a quarter of
 * the variants; a third sell in USD. USD rows record the rate of their day.
 */
async function seedStock(c: Database, s: Seeded, anchor: RawBuilder<unknown>): Promise<void> {
  const b = lit(s.businessId);
  const depts = sql.raw(`ARRAY[${s.departments.join(',')}]::int[]`);
  const usd = lit(s.usd);
  const uzs = lit(s.uzs);
  const i = sql`v.i`;
  await step('plan: 100,000 variant stories', async () => {
    await sql`CREATE TEMP TABLE splan AS
      SELECT v.id AS variant_id, v.i,
             (${depts})[1 + v.i % ${lit(DEPARTMENTS)}] AS a, (${depts})[1 + (v.i + 1) % ${lit(DEPARTMENTS)}] AS b,
             (1 + (v.i % 7) * 0.25)::numeric AS f,
             (v.i / 250) * 10 + v.i % 10 AS o,
             CASE WHEN v.i % 4 = 1 THEN ${usd} ELSE ${uzs} END AS lot_cur,
             (CASE WHEN v.i % 4 = 1 THEN 2.40 + (v.i % 10) * 0.05 ELSE 30000 + (v.i % 50) * 100 END)::numeric AS cost1,
             CASE WHEN v.i % 3 = 0 THEN ${usd} ELSE ${uzs} END AS sale_cur,
             (CASE WHEN v.i % 3 = 0 THEN 3.50 + (v.i % 20) * 0.10 ELSE 42000 + (v.i % 60) * 250 END)::numeric AS price,
             CASE WHEN v.i % 4 = 0
                  THEN ${anchor} - make_interval(secs => ((365 + (v.i::bigint * 7919) % 30000 / 1000.0) * 86400)::float8)
                  ELSE ${slotAt(anchor, 0, i)} END AS t0,
             ${slotAt(anchor, 1, i)} AS t1, ${slotAt(anchor, 2, i)} AS t2,
             ${slotAt(anchor, 3, sql`(v.i / 250) * 10 + v.i % 10`)} AS t3,
             ${slotAt(anchor, 4, i)} AS t4, ${slotAt(anchor, 5, i)} AS t5,
             ${slotAt(anchor, 6, i)} AS t6, ${slotAt(anchor, 7, i)} AS t7
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS i FROM variants WHERE business_id = ${b}) v`.execute(
      c,
    );
    await sql`ANALYZE splan`.execute(c);
  });

  await step('receipts: 200,000 stock_entries and their lots', async () => {
    await sql`CREATE TEMP TABLE pent AS
      SELECT variant_id, a AS dept, 1 AS which, 100 * f AS qty, 0::numeric AS remaining, cost1 AS unit_cost,
             lot_cur AS currency_id, t0 AS at FROM splan
      UNION ALL
      SELECT variant_id, a, 2, 80 * f, 35 * f, round(cost1 * 1.04, 2), lot_cur, t4 FROM splan`.execute(c);
    await sql`ANALYZE pent`.execute(c);
    await sql`CREATE TEMP TABLE lots (variant_id int, which int, lot_id int, entry_id int)`.execute(c);
    await sql`WITH e AS (
        INSERT INTO stock_entries (business_id, department_id, variant_id, qty_received, unit_cost, currency_id, type, created_by, created_at)
        SELECT ${b}, dept, variant_id, qty, unit_cost, currency_id, 'PURCHASE', dept, at FROM pent ORDER BY at
        RETURNING id, variant_id, created_at
      ), l AS (
        INSERT INTO stock_lots (business_id, department_id, variant_id, qty_received, qty_remaining, unit_cost,
                                currency_id, entry_id, rate_to_uzs, created_at)
        SELECT ${b}, p.dept, p.variant_id, p.qty, p.remaining, p.unit_cost, p.currency_id, e.id,
               CASE WHEN p.currency_id = ${usd} THEN ${usdRateAt(anchor, sql`p.at`)} ELSE 1 END, p.at
        FROM e JOIN pent p ON p.variant_id = e.variant_id AND p.at = e.created_at
        ORDER BY p.at
        RETURNING id, variant_id, entry_id, created_at
      )
      INSERT INTO lots SELECT l.variant_id, p.which, l.id, l.entry_id
      FROM l JOIN pent p ON p.variant_id = l.variant_id AND p.at = l.created_at`.execute(c);
  });

  await step('transfers: 4,000 approved product offers, 100,000 lots', async () => {
    await sql`CREATE TEMP TABLE offer_ids (o int PRIMARY KEY, offer_id int NOT NULL)`.execute(c);
    await sql`WITH ins AS (
        INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason,
                            created_at, submitted_at, decided_at, decided_by)
        SELECT ${b}, 'PRODUCT', 'APPROVED', a, a, b, 'Bench ko''chirish #' || o,
               t3 - interval '2 hours', t3 - interval '1 hour', t3, b
        FROM (SELECT DISTINCT o, a, b, t3 FROM splan) t ORDER BY t3
        RETURNING id, reason)
      INSERT INTO offer_ids SELECT split_part(reason, '#', 2)::int, id FROM ins`.execute(c);
    await sql`INSERT INTO offer_item_lines (business_id, offer_id, variant_id, quantity)
      SELECT ${b}, oi.offer_id, s.variant_id, 20 * s.f FROM splan s JOIN offer_ids oi ON oi.o = s.o
      ORDER BY oi.offer_id, s.variant_id`.execute(c);
    await sql`ANALYZE offer_ids`.execute(c);
    await sql`ANALYZE lots`.execute(c);
    // The moved lot keeps its source's cost and currency; its rate comes from the source lot
    // (the BEFORE INSERT trigger fills it, as for a real transfer).
    await sql`WITH ins AS (
        INSERT INTO stock_lots (business_id, department_id, variant_id, qty_received, qty_remaining, unit_cost,
                                currency_id, source_lot_id, offer_id, created_at)
        SELECT ${b}, s.b, s.variant_id, 20 * s.f, 12 * s.f, s.cost1, s.lot_cur, l.lot_id, oi.offer_id, s.t3
        FROM splan s JOIN lots l ON l.variant_id = s.variant_id AND l.which = 1 JOIN offer_ids oi ON oi.o = s.o
        ORDER BY s.t3
        RETURNING id, variant_id)
      INSERT INTO lots (variant_id, which, lot_id) SELECT variant_id, 3, id FROM ins`.execute(c);
    await sql`ANALYZE lots`.execute(c);
  });

  await step('exits: 500,000 stock_exits (sales in UZS and USD, write-offs)', async () => {
    await sql`CREATE TEMP TABLE pexit AS
      SELECT variant_id, slot, dept, qty, type, currency_id, CASE WHEN type = 'SALE' THEN price END AS unit_price, at
      FROM (
        SELECT variant_id, 1 AS slot, a AS dept, 10 * f AS qty, 'SALE' AS type, sale_cur AS currency_id, price, t1 AS at FROM splan
        UNION ALL SELECT variant_id, 2, a, 25 * f, 'SALE', sale_cur, price, t2 FROM splan
        UNION ALL SELECT variant_id, 5, a, 60 * f, 'SALE', sale_cur, price, t5 FROM splan
        UNION ALL SELECT variant_id, 6, a, 30 * f, CASE WHEN i % 10 = 0 THEN 'WRITE_OFF' ELSE 'SALE' END, sale_cur, price, t6 FROM splan
        UNION ALL SELECT variant_id, 7, b, 8 * f, 'SALE', sale_cur, price, t7 FROM splan
      ) x`.execute(c);
    await sql`ANALYZE pexit`.execute(c);
    await sql`CREATE TEMP TABLE exit_ids (variant_id int, slot int, exit_id int)`.execute(c);
    await sql`WITH ins AS (
        INSERT INTO stock_exits (business_id, department_id, variant_id, qty_issued, unit_price, currency_id, type,
                                 created_by, created_at, rate_to_uzs)
        SELECT ${b}, dept, variant_id, qty, unit_price, currency_id, type, dept, at,
               CASE WHEN currency_id = ${usd} THEN ${usdRateAt(anchor, sql`at`)} ELSE 1 END
        FROM pexit ORDER BY at
        RETURNING id, variant_id, created_at)
      INSERT INTO exit_ids SELECT p.variant_id, p.slot, ins.id
      FROM ins JOIN pexit p ON p.variant_id = ins.variant_id AND p.at = ins.created_at`.execute(c);
    await sql`ANALYZE exit_ids`.execute(c);
  });

  await step('plan: 1,000,000 stock moves in time order', async () => {
    await sql`CREATE TEMP TABLE pmove AS
      WITH w AS (
        SELECT s.*, oi.offer_id, l1.lot_id AS lot1, l1.entry_id AS entry1, l2.lot_id AS lot2, l2.entry_id AS entry2,
               l3.lot_id AS lot3, x1.exit_id AS x1, x2.exit_id AS x2, x5.exit_id AS x5, x6.exit_id AS x6, x7.exit_id AS x7
        FROM splan s
        JOIN offer_ids oi ON oi.o = s.o
        JOIN lots l1 ON l1.variant_id = s.variant_id AND l1.which = 1
        JOIN lots l2 ON l2.variant_id = s.variant_id AND l2.which = 2
        JOIN lots l3 ON l3.variant_id = s.variant_id AND l3.which = 3
        JOIN exit_ids x1 ON x1.variant_id = s.variant_id AND x1.slot = 1
        JOIN exit_ids x2 ON x2.variant_id = s.variant_id AND x2.slot = 2
        JOIN exit_ids x5 ON x5.variant_id = s.variant_id AND x5.slot = 5
        JOIN exit_ids x6 ON x6.variant_id = s.variant_id AND x6.slot = 6
        JOIN exit_ids x7 ON x7.variant_id = s.variant_id AND x7.slot = 7
      )
      SELECT row_number() OVER (ORDER BY m.at, m.variant_id, m.ord) AS seq, m.*
      FROM (
        SELECT a AS dept, variant_id, 100 * f AS qty, 'ENTRY' AS kind, entry1 AS entry_id, NULL::int AS exit_id,
               NULL::int AS offer_id, lot1 AS lot_id, t0 AS at, 1 AS ord FROM w
        UNION ALL SELECT a, variant_id, -10 * f, 'EXIT', NULL, x1, NULL, lot1, t1, 2 FROM w
        UNION ALL SELECT a, variant_id, -25 * f, 'EXIT', NULL, x2, NULL, lot1, t2, 3 FROM w
        UNION ALL SELECT a, variant_id, -20 * f, 'OFFER_OUT', NULL, NULL, offer_id, lot1, t3, 4 FROM w
        UNION ALL SELECT b, variant_id, 20 * f, 'OFFER_IN', NULL, NULL, offer_id, lot3, t3, 5 FROM w
        UNION ALL SELECT a, variant_id, 80 * f, 'ENTRY', entry2, NULL, NULL, lot2, t4, 6 FROM w
        UNION ALL SELECT a, variant_id, -45 * f, 'EXIT', NULL, x5, NULL, lot1, t5, 7 FROM w
        UNION ALL SELECT a, variant_id, -15 * f, 'EXIT', NULL, x5, NULL, lot2, t5, 8 FROM w
        UNION ALL SELECT a, variant_id, -30 * f, 'EXIT', NULL, x6, NULL, lot2, t6, 9 FROM w
        UNION ALL SELECT b, variant_id, -8 * f, 'EXIT', NULL, x7, NULL, lot3, t7, 10 FROM w
      ) m`.execute(c);
    await sql`CREATE INDEX ON pmove (seq)`.execute(c);
    await sql`ANALYZE pmove`.execute(c);
  });

  const total = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pmove`.execute(c)).rows[0]?.n ?? 0,
  );
  await step(
    `stock_moves: ${total.toLocaleString('en')} rows, ${CHUNK.toLocaleString('en')} a statement`,
    async () => {
      for (let lo = 0; lo < total; lo += CHUNK) {
        await sql`INSERT INTO stock_moves (business_id, department_id, variant_id, qty, kind, entry_id, exit_id, offer_id, lot_id, created_at)
        SELECT ${b}, dept, variant_id, qty, kind, entry_id, exit_id, offer_id, lot_id, at
        FROM pmove WHERE seq > ${lit(lo)} AND seq <= ${lit(lo + CHUNK)} ORDER BY seq`.execute(c);
      }
    },
  );

  await step('stock_balances = the moves summed, and 6 pending offers', async () => {
    await sql`INSERT INTO stock_balances (business_id, department_id, variant_id, qty_on_hand, updated_at)
      SELECT ${b}, department_id, variant_id, sum(qty), max(created_at) FROM stock_moves
      WHERE business_id = ${b} GROUP BY department_id, variant_id ORDER BY department_id, variant_id`.execute(
      c,
    );
    await sql`WITH o AS (
        INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason, created_at, submitted_at)
        SELECT ${b}, 'PRODUCT', 'PENDING', (${depts})[1 + g], (${depts})[1 + g], (${depts})[1 + (g + 1) % ${lit(DEPARTMENTS)}],
               'Bench kutilayotgan #' || g, ${anchor} - make_interval(hours => g + 1), ${anchor} - make_interval(hours => g + 1)
        FROM generate_series(0, 5) g
        RETURNING id, from_user_id)
      INSERT INTO offer_item_lines (business_id, offer_id, variant_id, quantity)
      SELECT ${b}, o.id, (SELECT min(b.variant_id) FROM stock_balances b WHERE b.department_id = o.from_user_id), 1 FROM o`.execute(
      c,
    );
  });
}

/**
 * A year of money: an opening ADJUSTMENT per department and currency 400 days ago, then 500,000
 * pairs of rows, one pair every 63 seconds, oldest first: external income and costs (60%),
 * exchanges of one department between USD and UZS balanced in UZS (30%), approved money offers
 * from one department to another (5%), adjustments (5%). Balances and the by-user list's counts
 * are set to the ledger's sums.
 */
async function seedMoney(c: Database, s: Seeded, anchor: RawBuilder<unknown>): Promise<void> {
  const b = lit(s.businessId);
  const depts = sql.raw(`ARRAY[${s.departments.join(',')}]::int[]`);
  const usd = lit(s.usd);
  const uzs = lit(s.uzs);
  const n = lit(MONEY_PAIRS);
  await step('plan: 1,000,000 money rows', async () => {
    await sql`CREATE TEMP TABLE mplan AS
      SELECT row_number() OVER (ORDER BY p, r) AS seq, m.* FROM (
        SELECT p, r, kind, at,
               CASE WHEN kind = 'OFFER' AND r = 1 THEN u2 ELSE u END AS user_id, u, u2,
               currency_id, amount, CASE WHEN currency_id = ${usd} THEN usd_rate ELSE 1 END AS rate,
               CASE kind WHEN 'EXTERNAL' THEN (CASE WHEN amount > 0 THEN 'Naqd savdo tushumi #' ELSE 'Ijara va xarajatlar #' END) || p
                         WHEN 'EXCHANGE' THEN 'Almashtirish #' || p
                         WHEN 'OFFER' THEN 'Bench pul o''tkazmasi #' || p
                         ELSE 'Tuzatish #' || p END AS reason,
               CASE WHEN kind = 'EXCHANGE' THEN md5('bench-' || ${b} || '-' || p)::uuid END AS grp
        FROM (
          SELECT p, r, kind, at, u, u2, usd_rate,
                 CASE WHEN kind = 'EXCHANGE' THEN (CASE WHEN (r = 0) = (dir = 0) THEN ${usd} ELSE ${uzs} END) ELSE cur END AS currency_id,
                 CASE kind
                   WHEN 'EXTERNAL' THEN sign * (CASE WHEN cur = ${usd} THEN mag / 100.0 ELSE mag * 10 END)
                   WHEN 'ADJUSTMENT' THEN sign * (CASE WHEN cur = ${usd} THEN (1 + mag / 10) / 100.0 ELSE (1 + mag / 10) * 10 END)
                   WHEN 'OFFER' THEN (CASE WHEN r = 0 THEN -1 ELSE 1 END) * (CASE WHEN cur = ${usd} THEN mag0 / 100.0 ELSE mag0 * 10 END)
                   ELSE (CASE WHEN r = 0 THEN -1 ELSE 1 END)
                        * (CASE WHEN (r = 0) = (dir = 0) THEN (1 + p % 50000) / 100.0 ELSE round((1 + p % 50000) / 100.0 * usd_rate, 2) END)
                 END::numeric(20,2) AS amount
          FROM (
            SELECT p, r,
                   (${depts})[1 + p % ${lit(DEPARTMENTS)}] AS u, (${depts})[1 + (p + 3) % ${lit(DEPARTMENTS)}] AS u2,
                   CASE WHEN (p / 10) % 2 = 0 THEN ${usd} ELSE ${uzs} END AS cur,
                   CASE WHEN h < 60 THEN 'EXTERNAL' WHEN h < 90 THEN 'EXCHANGE' WHEN h < 95 THEN 'OFFER' ELSE 'ADJUSTMENT' END AS kind,
                   (p / 20) % 2 AS dir,
                   ${anchor} - interval '365 days' * (1 - p / ${n}::float8) AS at,
                   round(12650 - 0.7 * 365 * (1 - p / ${n}::numeric), 2) AS usd_rate,
                   1 + (p::bigint * 7919 + r * 104729) % 500000 AS mag,
                   1 + (p::bigint * 7919) % 500000 AS mag0,
                   CASE WHEN abs(hashint8(p::bigint * 2 + r) % 10) < 6 THEN 1 ELSE -1 END AS sign
            FROM generate_series(0, ${lit(MONEY_PAIRS - 1)}) p CROSS JOIN generate_series(0, 1) r
              CROSS JOIN LATERAL (SELECT (p::bigint * 7919) % 100 AS h) hh
          ) x
        ) y
      ) m`.execute(c);
    await sql`CREATE INDEX ON mplan (seq)`.execute(c);
    await sql`ANALYZE mplan`.execute(c);
  });

  await step('money offers: approved, with their lines', async () => {
    await sql`CREATE TEMP TABLE moff (p int PRIMARY KEY, offer_id int NOT NULL)`.execute(c);
    await sql`WITH ins AS (
        INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason,
                            created_at, submitted_at, decided_at, decided_by)
        SELECT ${b}, 'MONEY', 'APPROVED', u, u, u2, reason, at - interval '1 hour', at - interval '30 minutes', at, u2
        FROM mplan WHERE kind = 'OFFER' AND r = 0 ORDER BY p
        RETURNING id, reason)
      INSERT INTO moff SELECT split_part(reason, '#', 2)::int, id FROM ins`.execute(c);
    await sql`INSERT INTO offer_money_lines (business_id, offer_id, currency_id, amount)
      SELECT ${b}, moff.offer_id, m.currency_id, m.amount FROM mplan m JOIN moff ON moff.p = m.p
      WHERE m.kind = 'OFFER' AND m.r = 1 ORDER BY moff.offer_id`.execute(c);
    await sql`ANALYZE moff`.execute(c);
  });

  await step(`money_transactions: 1,000,020 rows, ${CHUNK.toLocaleString('en')} a statement`, async () => {
    await sql`INSERT INTO money_transactions
        (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, reason, tx_type, created_by, created_at)
      SELECT ${b}, d.id, cur.currency_id, cur.amount, cur.rate, money_amount_in_uzs(cur.amount, cur.rate),
             'Boshlang''ich qoldiq', 'ADJUSTMENT', d.id, ${anchor} - interval '400 days'
      FROM unnest(${depts}) AS d(id)
      CROSS JOIN (VALUES (${usd}, 5000000.00, 12370.00), (${uzs}, 50000000000.00, 1)) AS cur(currency_id, amount, rate)
      ORDER BY d.id, cur.currency_id`.execute(c);
    for (let lo = 0; lo < MONEY_PAIRS * 2; lo += CHUNK) {
      await sql`INSERT INTO money_transactions
          (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, offer_id, reason, tx_type,
           exchange_group, created_by, created_at)
        SELECT ${b}, m.user_id, m.currency_id, m.amount, m.rate, money_amount_in_uzs(m.amount, m.rate),
               moff.offer_id, m.reason, m.kind, m.grp, m.user_id, m.at
        FROM mplan m LEFT JOIN moff ON moff.p = m.p AND m.kind = 'OFFER'
        WHERE m.seq > ${lit(lo)} AND m.seq <= ${lit(lo + CHUNK)} ORDER BY m.seq`.execute(c);
    }
  });

  await step('balances and money_tx_counts = the ledger summed', async () => {
    await sql`INSERT INTO balances (business_id, user_id, currency_id, on_hand)
      SELECT ${b}, user_id, currency_id, sum(amount) FROM money_transactions
      WHERE business_id = ${b} GROUP BY user_id, currency_id ORDER BY user_id, currency_id
      ON CONFLICT (user_id, currency_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`.execute(c);
    await sql`INSERT INTO money_tx_counts (user_id, currency_id, positive, tx_type, has_offer, n, business_id)
      SELECT user_id, currency_id, amount > 0, tx_type, offer_id IS NOT NULL, count(*), ${b} FROM money_transactions
      WHERE business_id = ${b} GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (user_id, currency_id, positive, tx_type, has_offer) DO UPDATE SET n = EXCLUDED.n`.execute(
      c,
    );
  });
}

async function seedBusiness(
  ctx: BenchContext,
  businessId: number,
  department: TestUser,
): Promise<{ seeded: Seeded; seconds: number }> {
  const t0 = performance.now();
  const extra = await sql<{
    id: number;
  }>`INSERT INTO users (business_id, email, password_hash, role, first_name, last_name, code)
    SELECT ${businessId}, 'bench-reports-' || g || '-' || ${businessId} || '@bench.uz', 'x',
           (ARRAY['Bozorchi', 'Omborchi', 'Ta''minotchi', 'Kassir'])[1 + g % 4], 'Bo''lim', g::text, 'D-' || g
    FROM generate_series(1, ${DEPARTMENTS - 1}) g ORDER BY g
    RETURNING id`.execute(ctx.db);
  const currencies = await sql<{ id: number; code: string }>`SELECT id, code FROM currencies
    WHERE code IN ('USD', 'UZS')`.execute(ctx.db);
  const seeded: Seeded = {
    businessId,
    departments: [department.id, ...extra.rows.map((r) => r.id)],
    usd: currencies.rows.find((r) => r.code === 'USD')?.id ?? 1,
    uzs: currencies.rows.find((r) => r.code === 'UZS')?.id ?? 2,
  };
  await step(`catalogue: ${PRODUCTS.toLocaleString('en')} products x ${VARIANTS_PER_PRODUCT} variants`, () =>
    seedCatalog(ctx.db, businessId),
  );
  // One connection for the whole seed: its temp tables hold the plan and the ids written. The
  // pool lends it to the server afterwards, so nothing of the seed's session may stay on it.
  await ctx.db.connection().execute(async (c) => {
    try {
      const anchor = sql`${lit(new Date().toISOString())}::timestamptz`;
      await seedStock(c, seeded, anchor);
      await seedMoney(c, seeded, anchor);
    } finally {
      await sql`DISCARD ALL`.execute(c);
    }
  });
  await step('VACUUM ANALYZE, CHECKPOINT', async () => {
    for (const table of [
      'products',
      'variants',
      'offers',
      'offer_item_lines',
      'offer_money_lines',
      'stock_entries',
      'stock_lots',
      'stock_exits',
      'stock_moves',
      'stock_balances',
      'stock_daily',
      'sales_daily',
      'money_transactions',
      'money_daily',
      'balances',
      'money_tx_counts',
    ]) {
      await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(ctx.db);
    }
    // The seed dirtied gigabytes of buffers: write them now, not while the reports are timed.
    await sql`CHECKPOINT`.execute(ctx.db).catch(() => log('(no CHECKPOINT: not a superuser)'));
  });
  return { seeded, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- verification

/** The ledgers' rules and the summaries against the raw rows, for the whole business: throws on any difference. */
async function verify(db: Database, businessId: number): Promise<void> {
  const b = lit(businessId);
  const checks: Array<[string, RawBuilder<unknown>]> = [
    [
      'every stock balance equals the sum of its moves',
      sql`SELECT coalesce(b.department_id, m.department_id) AS department_id, coalesce(b.variant_id, m.variant_id) AS variant_id,
                 b.qty_on_hand, m.total
          FROM (SELECT * FROM stock_balances WHERE business_id = ${b}) b
          FULL JOIN (SELECT department_id, variant_id, sum(qty) AS total FROM stock_moves WHERE business_id = ${b}
                     GROUP BY 1, 2) m ON m.department_id = b.department_id AND m.variant_id = b.variant_id
          WHERE coalesce(b.qty_on_hand, 0) <> coalesce(m.total, 0)`,
    ],
    [
      "every lot's remaining quantity equals the sum of its moves",
      sql`SELECT l.id, l.qty_remaining, m.total FROM stock_lots l
          LEFT JOIN (SELECT lot_id, sum(qty) AS total FROM stock_moves WHERE business_id = ${b} GROUP BY lot_id) m ON m.lot_id = l.id
          WHERE l.business_id = ${b} AND l.qty_remaining <> coalesce(m.total, 0)`,
    ],
    [
      'the open lots add up to the balance',
      sql`SELECT b.department_id, b.variant_id, b.qty_on_hand, l.total FROM stock_balances b
          LEFT JOIN (SELECT department_id, variant_id, sum(qty_remaining) AS total FROM stock_lots WHERE business_id = ${b}
                     GROUP BY 1, 2) l ON l.department_id = b.department_id AND l.variant_id = b.variant_id
          WHERE b.business_id = ${b} AND b.qty_on_hand <> coalesce(l.total, 0)`,
    ],
    [
      'no stock is negative, and no lot runs below zero at any moment',
      sql`SELECT 'balance' AS what, id FROM stock_balances WHERE business_id = ${b} AND qty_on_hand < 0
          UNION ALL SELECT 'lot', id FROM stock_lots WHERE business_id = ${b} AND qty_remaining < 0
          UNION ALL SELECT 'lot history', lot_id FROM (
            SELECT lot_id, sum(qty) OVER (PARTITION BY lot_id ORDER BY created_at, id) AS running
            FROM stock_moves WHERE business_id = ${b}) r WHERE running < 0`,
    ],
    ['stock_daily equals the stock moves summed', stockDailyDrift(businessId)],
    [
      'stock_daily_totals equals stock_daily summed over the variants',
      sql`SELECT * FROM (SELECT department_id, day, currency_id, sum(entry_qty) AS entry_qty, sum(exit_qty) AS exit_qty,
                                sum(offer_in_qty) AS offer_in_qty, sum(offer_out_qty) AS offer_out_qty, sum(cost) AS cost
                         FROM stock_daily WHERE business_id = ${b} GROUP BY 1, 2, 3) raw
          FULL JOIN (SELECT * FROM stock_daily_totals WHERE business_id = ${b}) t USING (department_id, day, currency_id)
          WHERE raw.entry_qty IS DISTINCT FROM t.entry_qty OR raw.exit_qty IS DISTINCT FROM t.exit_qty
             OR raw.offer_in_qty IS DISTINCT FROM t.offer_in_qty OR raw.offer_out_qty IS DISTINCT FROM t.offer_out_qty
             OR raw.cost IS DISTINCT FROM t.cost`,
    ],
    [
      'stock_variant_totals equals the stock moves per variant and department, and per variant',
      sql`WITH raw AS (
            SELECT department_id, variant_id, sum(qty) AS qty, max(business_day(created_at)) AS moved_on
            FROM stock_moves WHERE business_id = ${b} GROUP BY 1, 2
            UNION ALL
            SELECT NULL, variant_id, sum(qty), max(business_day(created_at)) FILTER (WHERE kind IN ('ENTRY', 'EXIT'))
            FROM stock_moves WHERE business_id = ${b} GROUP BY 2
          )
          SELECT * FROM raw FULL JOIN (SELECT * FROM stock_variant_totals WHERE business_id = ${b}) t
            ON t.variant_id = raw.variant_id AND t.department_id IS NOT DISTINCT FROM raw.department_id
          WHERE raw.qty IS DISTINCT FROM t.qty OR raw.moved_on IS DISTINCT FROM t.moved_on`,
    ],
    ['sales_daily equals the SALE exits summed', salesDailyDrift(businessId)],
    ['sales_day_totals equals sales_daily per department and day', salesDayTotalsDrift(businessId)],
    ['sales_variant_months equals sales_daily per month and variant', salesVariantMonthsDrift(businessId)],
    ['sales_product_months equals sales_daily per month and product', salesProductMonthsDrift(businessId)],
    [
      'every money balance equals its ledger sum, none negative',
      sql`SELECT coalesce(b.user_id, l.user_id) AS user_id, coalesce(b.currency_id, l.currency_id) AS currency_id, b.on_hand, l.total
          FROM (SELECT b.* FROM balances b JOIN users u ON u.id = b.user_id WHERE u.business_id = ${b}) b
          FULL JOIN (SELECT user_id, currency_id, sum(amount) AS total FROM money_transactions WHERE business_id = ${b}
                     GROUP BY 1, 2) l ON l.user_id = b.user_id AND l.currency_id = b.currency_id
          WHERE coalesce(b.on_hand, 0) <> coalesce(l.total, 0) OR b.on_hand < 0`,
    ],
    [
      'each exchange is two legs of one department, balanced in UZS',
      sql`SELECT exchange_group, count(*) AS legs, sum(amount_in_uzs) AS drift FROM money_transactions
          WHERE business_id = ${b} AND tx_type = 'EXCHANGE' GROUP BY exchange_group
          HAVING count(*) <> 2 OR count(DISTINCT user_id) <> 1 OR count(DISTINCT currency_id) <> 2 OR sum(amount) = 0
              OR abs(sum(amount_in_uzs)) > 0.01`,
    ],
    [
      'each money offer moved its line once, from its sender to its receiver',
      sql`SELECT o.id FROM offers o JOIN offer_money_lines l ON l.offer_id = o.id
          JOIN LATERAL (SELECT count(*) AS n,
                               coalesce(sum(amount) FILTER (WHERE user_id = o.to_user_id), 0) AS got,
                               coalesce(sum(amount) FILTER (WHERE user_id = o.from_user_id), 0) AS sent
                        FROM money_transactions t WHERE t.offer_id = o.id) t ON true
          WHERE o.business_id = ${b} AND o.kind = 'MONEY' AND (t.n <> 2 OR t.got <> l.amount OR t.sent <> -l.amount)`,
    ],
    ['money_daily equals the money rows summed', moneyDailyDrift(businessId)],
  ];
  for (const [rule, query] of checks) {
    const t0 = performance.now();
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM (${query}) bad LIMIT 5`.execute(db);
    if (rows.length > 0) {
      throw new Error(`reports bench: seeded data breaks "${rule}": ${JSON.stringify(rows)}`);
    }
    log(`ok: ${rule.padEnd(68)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM stock_moves WHERE business_id = ${b}) AS stock_moves,
      (SELECT count(*) FROM money_transactions WHERE business_id = ${b}) AS money_rows,
      (SELECT count(*) FROM stock_daily WHERE business_id = ${b}) AS stock_daily,
      (SELECT count(*) FROM sales_daily WHERE business_id = ${b}) AS sales_daily,
      (SELECT count(*) FROM money_daily WHERE business_id = ${b}) AS money_daily,
      (SELECT sum(qty)::text FROM stock_moves WHERE business_id = ${b}) AS moves_qty,
      (SELECT sum(entry_qty + offer_in_qty - exit_qty - offer_out_qty)::text FROM stock_daily WHERE business_id = ${b}) AS daily_qty,
      (SELECT sum(amount)::text FROM money_transactions WHERE business_id = ${b}) AS money_sum,
      (SELECT sum(inflow - outflow)::text FROM money_daily WHERE business_id = ${b}) AS daily_money_sum`.execute(
    db,
  );
  const t = rows[0] ?? {};
  if (t.moves_qty !== t.daily_qty || t.money_sum !== t.daily_money_sum) {
    throw new Error(`reports bench: summaries differ from the ledgers: ${JSON.stringify(t)}`);
  }
  log(
    `rows: ${t.stock_moves} stock moves -> ${t.stock_daily} stock_daily, ${t.sales_daily} sales_daily; ` +
      `${t.money_rows} money rows -> ${t.money_daily} money_daily`,
  );
  log(
    `sums: stock moves ${t.moves_qty} = stock_daily ${t.daily_qty}; money ${t.money_sum} = money_daily ${t.daily_money_sum}`,
  );
}

// ---------------------------------------------------------------- measuring

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** Access tokens live 5 minutes (DESIGN.md section 5): signs in again when the last is 2 minutes old. */
function tokenSource(url: string): (user: TestUser) => Promise<string> {
  const cache = new Map<string, { token: string; at: number }>();
  return async (user) => {
    const held = cache.get(user.email);
    if (held && Date.now() - held.at < 120_000) return held.token;
    const token = (await signIn(url, user)).token ?? '';
    cache.set(user.email, { token, at: Date.now() });
    return token;
  };
}

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  rows: number;
}

/** Sequential GETs on one connection: WARM_UP, then SAMPLES timed to the last byte of the body. */
async function timeGet(url: string, token: string, path: string): Promise<Timing> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { count?: number; series?: unknown[] };
    const ms = performance.now() - started;
    if (res.status !== 200)
      throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    if (i >= WARM_UP) times.push(ms);
    rows = body.count ?? body.series?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rows };
}

interface ReportCase {
  name: string;
  path: string;
  params: Record<string, string>;
  /** The page statement the JSON answer runs, for BENCH_REPORTS_EXPLAIN. */
  statement?: (scope: repo.ReportScope) => RawBuilder<unknown>;
}

const REPORTS: ReportCase[] = [
  { name: 'dashboard', path: 'dashboard/', params: {} },
  ...(['product', 'variant', 'department', 'day'] as const).map(
    (group): ReportCase => ({
      name: `sales group_by=${group}`,
      path: 'sales/',
      params: { group_by: group },
      statement: (scope) =>
        salesRows(scope, group, group === 'day' ? 'key' : '-revenue_uzs', { limit: 50, offset: 0 }),
    }),
  ),
  {
    name: 'stock-movement',
    path: 'stock-movement/',
    params: {},
    statement: (scope) => stockMovementRows(scope, undefined, 'label'),
  },
  ...(['day', 'month'] as const).map(
    (grain): ReportCase => ({
      name: `cash-flow group_by=${grain} by_type`,
      path: 'cash-flow/',
      params: { group_by: grain, by_type: 'true' },
      statement: (scope) =>
        cashFlowRows(scope, { currencyId: undefined, grain, byType: true, descending: false }),
    }),
  ),
];

interface ExportResult {
  title: string;
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number | null;
  pages: number | null;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
  /** heapUsed after a full GC once the download ended: what the export left behind. */
  heapAfter: number;
}

let collect: (() => void) | undefined;
/** A full garbage collection, so that heapUsed before and after counts live objects only. */
async function fullGc(): Promise<void> {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  await new Promise((r) => setTimeout(r, 200));
  collect();
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Downloads a file as a browser would, chunk by chunk, keeping nothing: time to the first and
 * the last byte, CSV rows and PDF pages counted on the way, and the process's RSS and heap
 * sampled every 20 ms (the server under test runs in this process).
 */
async function timeExport(url: string, token: string, title: string, path: string): Promise<ExportResult> {
  await fullGc();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 20);
  try {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    const disposition = res.headers.get('content-disposition') ?? '';
    if (!disposition.startsWith('attachment')) throw new Error(`GET ${path}: no attachment (${disposition})`);
    const csv = path.includes('format=csv');
    const pdf = path.includes('format=pdf');
    let firstByteMs = 0;
    let bytes = 0;
    let newlines = 0;
    let pages = 0;
    let tail = '';
    let end = Buffer.alloc(0);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
      end = Buffer.concat([end, value]).subarray(-256);
      if (csv) for (const byte of value) if (byte === 10) newlines++;
      if (pdf) {
        const text = tail + Buffer.from(value).toString('latin1');
        pages += text.match(/\/Type \/Page[^s]/g)?.length ?? 0;
        tail = text.slice(-16);
        if (/\/Type \/Page[^s]/.test(tail)) tail = '';
      }
    }
    const ms = performance.now() - started;
    // A file cut short still ends the response: each format's last bytes say it is whole.
    const last = end.toString('latin1');
    const whole = csv
      ? /\r\nJami[^\r\n]*\r\n$/.test(last)
      : pdf
        ? last.trimEnd().endsWith('%%EOF')
        : last.includes('PK\u0005\u0006');
    if (!whole)
      throw new Error(`GET ${path}: the file is not whole; it ends ${JSON.stringify(last.slice(-80))}`);
    const m = process.memoryUsage();
    clearInterval(sampler);
    await fullGc();
    return {
      title,
      ms,
      firstByteMs,
      bytes,
      // The header line and the totals line are not rows.
      rows: csv ? newlines - 2 : null,
      pages: pdf ? pages : null,
      rssBefore: before.rss,
      rssPeak: Math.max(rssPeak, m.rss),
      heapBefore: before.heapUsed,
      heapPeak: Math.max(heapPeak, m.heapUsed),
      heapAfter: process.memoryUsage().heapUsed,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchReports(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users } = await ctx.createBusinessWithUsers(['Owner', 'Omborchi'] as const);
  log(
    `seeding business ${businessId}: ${DEPARTMENTS} departments (the measured one is user ${users.Omborchi.id})`,
  );
  const { seeded, seconds } = await seedBusiness(ctx, businessId, users.Omborchi);
  log(`seeded in ${seconds.toFixed(1)} s`);
  const verified = performance.now();
  await verify(ctx.db, businessId);
  log(`verified in ${((performance.now() - verified) / 1000).toFixed(1)} s`);

  const settings = await sql<{
    version: string;
    jit: string;
    work_mem: string;
    shared_buffers: string;
  }>`SELECT
      current_setting('server_version') AS version, current_setting('jit') AS jit,
      current_setting('work_mem') AS work_mem, current_setting('shared_buffers') AS shared_buffers`.execute(
    ctx.db,
  );
  const st = settings.rows[0];
  log(
    `PostgreSQL ${st?.version}: jit ${st?.jit}, work_mem ${st?.work_mem}, shared_buffers ${st?.shared_buffers}`,
  );
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  log(`load average before measuring: ${load()} (other work on the machine shows here)`);

  const today = businessDay(new Date());
  const periods = [
    { name: 'month', from: `${today.slice(0, 8)}01`, to: today, bar: MONTH_BAR_MS },
    {
      name: 'year',
      from: new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10),
      to: today,
      bar: YEAR_BAR_MS,
    },
  ];
  const scopes = [
    { name: 'business', user: users.Owner, departmentId: null as number | null },
    { name: `department`, user: users.Omborchi, departmentId: seeded.departments[0] ?? null },
  ];
  log(
    `periods: month ${periods[0]?.from}..${periods[0]?.to}, year ${periods[1]?.from}..${periods[1]?.to}; ` +
      `${SAMPLES} requests each after ${WARM_UP} warm-up, 1 connection, to the last byte`,
  );

  const tokenOf = tokenSource(ctx.url);
  const results: Measurement[] = [];
  const table: string[] = [];
  const missed: Array<{ report: ReportCase; scope: repo.ReportScope; title: string }> = [];
  for (const period of periods) {
    for (const scope of scopes) {
      for (const report of REPORTS) {
        const qs = new URLSearchParams({ ...report.params, date_from: period.from, date_to: period.to });
        const title = `${report.name} | ${period.name} | ${scope.name}`;
        const t = await timeGet(ctx.url, await tokenOf(scope.user), `/api/reports/${report.path}?${qs}`);
        const met = t.p95 < period.bar;
        results.push(timedOneByOne(title, SAMPLES, t));
        const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
        const line = `${title.padEnd(52)} ${String(t.rows).padStart(6)} rows  p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  p99 ${ms(t.p99)}  p95 < ${period.bar} ms: ${met ? 'met' : 'NOT MET'}`;
        log(line);
        table.push(line);
        if (!met) {
          missed.push({
            report,
            title,
            scope: { businessId, departmentId: scope.departmentId, from: period.from, to: period.to },
          });
        }
      }
    }
  }

  log(`load average after the reports: ${load()}`);

  // Exports: the year's sales by variant (about 100,000 rows) in each format, a month's first
  // (fewer rows: the server's memory must not grow with the rows), and the year's stock movement.
  const exports: ExportResult[] = [];
  const year = periods[1];
  const month = periods[0];
  if (year && month) {
    for (const format of ['csv', 'xlsx', 'pdf']) {
      // A one-day export first, unmeasured: the format's first use (code paths, fonts) is not counted.
      const day = new URLSearchParams({ group_by: 'variant', format, date_from: year.to, date_to: year.to });
      await timeExport(ctx.url, await tokenOf(users.Owner), 'warm-up', `/api/reports/sales/?${day}`);
      for (const period of [month, year]) {
        const qs = new URLSearchParams({
          group_by: 'variant',
          format,
          date_from: period.from,
          date_to: period.to,
        });
        exports.push(
          await timeExport(
            ctx.url,
            await tokenOf(users.Owner),
            `sales group_by=variant ${format}, ${period.name}`,
            `/api/reports/sales/?${qs}`,
          ),
        );
        printExport(exports.at(-1));
      }
    }
    const qs = new URLSearchParams({ format: 'csv', date_from: year.from, date_to: year.to });
    exports.push(
      await timeExport(
        ctx.url,
        await tokenOf(users.Owner),
        'stock-movement csv, year',
        `/api/reports/stock-movement/?${qs}`,
      ),
    );
    printExport(exports.at(-1));
  }

  console.log('\n  reports: summary');
  for (const line of table) log(line);
  for (const e of exports) printExport(e);
  for (const e of exports) {
    results.push(timedOneByOne(`export ${e.title}`, 1, { p50: e.ms, p95: e.ms, p99: e.ms }));
  }
  log(
    `bars: ${table.filter((l) => l.endsWith(': met')).length} of ${table.length} met` +
      (missed.length ? `; not met: ${missed.map((m) => m.title).join('; ')}` : ''),
  );

  if (process.env.BENCH_REPORTS_EXPLAIN === '1') {
    for (const m of missed) {
      if (!m.report.statement) continue;
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
        SELECT * FROM (${m.report.statement(m.scope)}) r LIMIT 50 OFFSET 0`.execute(ctx.db);
      console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) of the page of ${m.title}:`);
      for (const r of rows) console.log(`    ${r['QUERY PLAN']}`);
    }
  }
  return results;
}

function printExport(e: ExportResult | undefined): void {
  if (!e) return;
  const what = [
    e.rows !== null ? `${e.rows.toLocaleString('en')} rows` : null,
    e.pages !== null ? `${e.pages.toLocaleString('en')} pages` : null,
    `${mib(e.bytes)}`,
  ]
    .filter(Boolean)
    .join(', ');
  log(
    `export ${e.title.padEnd(36)} ${(e.ms / 1000).toFixed(2).padStart(6)} s (first byte ${e.firstByteMs.toFixed(0)} ms), ${what}; ` +
      `RSS ${mib(e.rssBefore)} -> peak ${mib(e.rssPeak)} (+${mib(e.rssPeak - e.rssBefore)}), ` +
      `heapUsed ${mib(e.heapBefore)} -> peak ${mib(e.heapPeak)} (+${mib(e.heapPeak - e.heapBefore)}), after GC ${mib(e.heapAfter)}`,
  );
}
