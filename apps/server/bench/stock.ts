import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { balanceRowsSince } from '../src/modules/inventory/inventory.repository.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, measure } from './measure.ts';

// Bars of docs/benchmarks.md: a department holding 10,000 variants. Bars: inventory/stocks/my-balance/ p95
// under 50 ms on PostgreSQL, and the Inventory page filters and sorts those rows without a
// visible freeze (measured in Chromium through Playwright: input to rendered result).

const VARIANTS = 10_000;
const PER_PRODUCT = 10;

/**
 * The department's stock in a few set-based statements that keep the ledger rules: one receipt
 * per variant, its lot, its ENTRY move, and a balance equal to it. A second department holds the
 * same variants, so the query must pick one department's rows out of twice as many.
 */
export async function seedHolding(
  ctx: BenchContext,
  businessId: number,
  departments: number[],
  variants = VARIANTS,
): Promise<void> {
  const db = ctx.db;
  const unit = await sql<{ id: number }>`INSERT INTO units (business_id, name, measure, fixed_rate_to_base)
    VALUES (${businessId}, 'Dona', 'D', 1) RETURNING id`.execute(db);
  const unitId = unit.rows[0]?.id;
  await sql`INSERT INTO colors (business_id, name, code)
    SELECT ${businessId}, 'Rang ' || g, lpad(to_hex((g * 2654435) % 16777216), 6, '0') FROM generate_series(1, 12) g`.execute(
    db,
  );
  await sql`INSERT INTO sizes (business_id, size, label)
    SELECT ${businessId}, (38 + g * 2)::text, '' FROM generate_series(1, 8) g`.execute(db);
  await sql`INSERT INTO products (business_id, name, model, code, unit_id, type)
    SELECT ${businessId}, 'Mahsulot ' || g, 'M-' || g, 100000 + g, ${unitId}, 'FINISHED'
    FROM generate_series(1, ${variants / PER_PRODUCT}) g`.execute(db);
  await sql`INSERT INTO variants (business_id, product_id, sku, color_id, size_id)
    SELECT ${businessId}, p.id, 'SKU-' || p.code || '-' || g,
      (SELECT id FROM colors WHERE business_id = ${businessId} ORDER BY id OFFSET (g % 12) LIMIT 1),
      (SELECT id FROM sizes WHERE business_id = ${businessId} ORDER BY id OFFSET (g % 8) LIMIT 1)
    FROM products p CROSS JOIN generate_series(1, ${PER_PRODUCT}) g WHERE p.business_id = ${businessId}`.execute(
    db,
  );
  for (const department of departments) {
    await sql`WITH e AS (
        INSERT INTO stock_entries (business_id, department_id, variant_id, qty_received, unit_cost, currency_id, type, created_by)
        SELECT ${businessId}, ${department}, v.id, (((v.id % 500) + 1) || '.' || lpad((v.id % 1000)::text, 3, '0'))::numeric, 12.5, 1, 'PURCHASE', ${department}
        FROM variants v WHERE v.business_id = ${businessId}
        RETURNING id, variant_id, qty_received),
      l AS (
        INSERT INTO stock_lots (business_id, department_id, variant_id, qty_received, qty_remaining, unit_cost, currency_id, entry_id)
        SELECT ${businessId}, ${department}, e.variant_id, e.qty_received, e.qty_received, 12.5, 1, e.id FROM e
        RETURNING id, variant_id, qty_received, entry_id),
      m AS (
        INSERT INTO stock_moves (business_id, department_id, variant_id, qty, kind, entry_id, lot_id)
        SELECT ${businessId}, ${department}, l.variant_id, l.qty_received, 'ENTRY', l.entry_id, l.id FROM l)
      INSERT INTO stock_balances (business_id, department_id, variant_id, qty_on_hand)
      SELECT ${businessId}, ${department}, l.variant_id, l.qty_received FROM l`.execute(db);
  }
  await sql`ANALYZE`.execute(db);
}

/** Issues a small stock exit, then times one my-balance read; posts the times back. */
const AFTER_CHANGE_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
(async () => {
  const { url, token, variants } = workerData;
  const times = [];
  for (const variant of variants) {
    const exit = await fetch(url + '/api/inventory/stocks-exit/', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ variant, qty_issued: '0.001', currency: 2 }),
    });
    if (exit.status !== 201) throw new Error('stock exit failed: ' + exit.status + ' ' + (await exit.text()));
    const t0 = performance.now();
    const res = await fetch(url + '/api/inventory/stocks/my-balance/', { headers: { authorization: 'Bearer ' + token } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  parentPort.postMessage(times);
})().catch((e) => { throw e; });
`;

export async function benchStock(ctx: BenchContext): Promise<Measurement[]> {
  const { businessId, users, tokens } = await ctx.createBusinessWithUsers(['Bozorchi', 'Omborchi'] as const);
  const started = Date.now();
  await seedHolding(ctx, businessId, [users.Bozorchi.id, users.Omborchi.id]);
  console.log(`  seeded ${VARIANTS} variants held by 2 departments in ${Date.now() - started} ms`);

  const probe = await fetch(`${ctx.url}/api/inventory/stocks/my-balance/`, {
    headers: { authorization: `Bearer ${tokens.Bozorchi}` },
  });
  const body = await probe.text();
  console.log(`  my-balance answers ${JSON.parse(body).length} rows, ${(body.length / 1024).toFixed(0)} KiB`);

  // The query alone, to tell database time from HTTP time.
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await balanceRowsSince(ctx.db, { businessId, id: users.Bozorchi.id }, -1n);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  my-balance query alone (every row): p50 ${times[10]?.toFixed(1)} ms, max ${times[19]?.toFixed(1)} ms`,
  );

  // The server keeps a department's rows and reads only those changed since (inventory.service
  // myBalances), so the load runs below measure a department whose stock does not move. Here
  // every request follows a stock exit, so each one reads the changed row and rebuilds the whole
  // answer. The client runs in a worker thread, as autocannon does, so that reading 3 MB does not
  // share the server's event loop.
  const held = await sql<{ variant_id: number }>`SELECT variant_id FROM stock_balances
    WHERE department_id = ${users.Bozorchi.id} ORDER BY variant_id LIMIT 60`.execute(ctx.db);
  const afterChange = await new Promise<number[]>((resolve, reject) => {
    const worker = new Worker(AFTER_CHANGE_CLIENT, {
      eval: true,
      workerData: { url: ctx.url, token: tokens.Bozorchi, variants: held.rows.map((r) => r.variant_id) },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  afterChange.sort((a, b) => a - b);
  const pct = (p: number) => afterChange[Math.ceil((p / 100) * afterChange.length) - 1]?.toFixed(1);
  console.log(
    `  my-balance right after a stock exit (${afterChange.length} requests, 1 connection): p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
  );

  const results: Measurement[] = [];
  for (const connections of [1, 4]) {
    results.push(
      await measure({
        title: `my-balance, 10,000 rows, ${connections} connection(s)`,
        url: ctx.url,
        token: tokens.Bozorchi,
        paths: '/api/inventory/stocks/my-balance/',
        connections,
      }),
    );
  }
  await measureInventoryPage(ctx.url, users.Bozorchi);
  return results;
}

/** The page's count of all 10,000 rows, grouped as Uzbek groups a number (DESIGN.md section 16). */
const ALL_ROWS = /^Jami: 10[\s\u00a0\u202f]?000$/;

/** Input-to-render times of the Inventory page over the 10,000 rows, in Chromium. */
async function measureInventoryPage(url: string, user: { email: string; password: string }): Promise<void> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`  Inventory page: skipped (no Chromium at ${chromium})`);
    return;
  }
  const { chromium: launcher } = await import('playwright');
  const browser = await launcher.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
    // The page in Uzbek, whatever the browser's own language (the labels below are Uzbek).
    await context.addInitScript(() => window.localStorage.setItem('language', 'uz'));
    const page = await context.newPage();
    await page.request.post('/api/auth/login/', { data: { email: user.email, password: user.password } });
    let t0 = Date.now();
    await page.goto('/inventory');
    await page.getByText(ALL_ROWS).waitFor({ timeout: 60_000 });
    const timings: Array<[string, number]> = [['first load (fetch + render)', Date.now() - t0]];
    const first = () =>
      page.evaluate(() => document.querySelector('[data-testid="inventory-row"]')?.textContent ?? '');

    const step = async (name: string, act: () => Promise<void>, done: () => Promise<unknown>) => {
      t0 = Date.now();
      await act();
      await done();
      timings.push([name, Date.now() - t0]);
    };
    const search = page.getByLabel('Qidirish');
    await step(
      'search "SKU-100500" (10,000 -> 10 rows)',
      () => search.fill('SKU-100500'),
      () => page.getByText('Jami: 10', { exact: true }).waitFor(),
    );
    await step(
      'clear search (back to 10,000)',
      () => search.fill(''),
      () => page.getByText(ALL_ROWS).waitFor(),
    );
    for (const [label, column] of [
      ['sort by quantity', 'Miqdor'],
      ['sort by quantity, reversed', 'Miqdor'],
      ['sort by SKU', 'SKU'],
    ] as const) {
      const before = await first();
      await step(
        `${label} (10,000 rows)`,
        () => page.getByRole('columnheader', { name: column }).getByRole('button').click(),
        () =>
          page.waitForFunction(
            (b) => document.querySelector('[data-testid="inventory-row"]')?.textContent !== b,
            before,
          ),
      );
    }
    const colour = page.getByLabel('Rang');
    const option = await colour.locator('option').nth(3).textContent();
    await step(
      'filter by colour',
      () => colour.selectOption({ label: option ?? '' }).then(() => undefined),
      () => page.getByText(/Jami: \d{3,4}$/).waitFor(),
    );
    for (const [name, ms] of timings)
      console.log(`  Inventory page: ${name.padEnd(44)} ${String(ms).padStart(5)} ms`);
  } finally {
    await browser.close();
  }
}
