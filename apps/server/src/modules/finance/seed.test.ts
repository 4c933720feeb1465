import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { DEMO_PASSWORD, seedCore } from '../../cli/seed/core.ts';
import { seedFinance } from '../../cli/seed/finance.ts';
import { seedRates } from '../../cli/seed/rates.ts';

// The demo money of DESIGN.md section 2, seeded through the ledger.

let t: TestApp;
let seconds = 0;
beforeAll(async () => {
  t = await startTestApp();
  const core = await seedCore(t.db);
  await seedRates(t.db, core);
  const started = performance.now();
  await seedFinance(t.db, core);
  seconds = (performance.now() - started) / 1000;
});
afterAll(() => t.close());

describe('the finance seed', () => {
  it('is fast and keeps every balance equal to its ledger sum', async () => {
    expect(seconds).toBeLessThan(5);
    await assertMoneyInvariants(t.db);
  });

  it('gives every demo user USD and UZS, and the Kassir more than 10 pages of transactions', async () => {
    const kassir = await signIn(t.url, { email: 'kassir@demo.uz', password: DEMO_PASSWORD });
    const page = await kassir.get('finance/money-transactions/by-user/');
    expect(page.body.count).toBeGreaterThan(200);
    for (const filter of ['tx_type=EXCHANGE', 'tx_type=EXTERNAL', 'has_offer=true', 'amount_type=negative']) {
      expect(
        (await kassir.get(`finance/money-transactions/by-user/?${filter}`)).body.count,
        filter,
      ).toBeGreaterThan(0);
    }
    const balances = await t.db.selectFrom('balances').select(['user_id', 'currency_id']).execute();
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(balances).toHaveLength(users.length * 2);
  });

  it('gives every demo user a hash of their own (own salt), each verifying the demo password', async () => {
    const hashes = (await t.db.selectFrom('users').select('password_hash').execute()).map(
      (u) => u.password_hash,
    );
    expect(hashes.length).toBeGreaterThan(1);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const email of ['kassir@demo.uz', 'owner@demo.uz'])
      await signIn(t.url, { email, password: DEMO_PASSWORD });
  });

  it('has money offers in every status, on both sides of the Kassir', async () => {
    const statuses = await t.db.selectFrom('offers').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'APPROVED',
      'CANCELED',
      'DRAFT',
      'PENDING',
      'REJECTED',
    ]);
    const kassir = await signIn(t.url, { email: 'kassir@demo.uz', password: DEMO_PASSWORD });
    expect((await kassir.get('offers/offers/get_incomes/')).body.length).toBeGreaterThan(5);
    expect((await kassir.get('offers/offers/get_outcomes/')).body.length).toBeGreaterThan(5);
  });

  it('has months of daily USD rates, mostly from the CBU, back at the opening rate today', async () => {
    const kassir = await signIn(t.url, { email: 'kassir@demo.uz', password: DEMO_PASSWORD });
    const history = await kassir.get('finance/currencies/1/rates/');
    expect(history.body.count).toBeGreaterThan(60);
    const [today] = history.body.results;
    expect(today).toMatchObject({ rate_to_uzs: '12650.000000', source: 'MANUAL' });
    const sources = await t.db
      .selectFrom('currency_rates')
      .select(['source', sql<number>`count(*)::int`.as('n')])
      .where('currency_id', '=', 1)
      .groupBy('source')
      .orderBy('source')
      .execute();
    expect(sources.find((s) => s.source === 'CBU')?.n).toBeGreaterThan(50);
    expect(sources.find((s) => s.source === 'MANUAL')?.n).toBeGreaterThan(1);
  });

  it('records on every seeded ledger row the rate in force when it was written', async () => {
    const off = await sql<{ id: number }>`
      SELECT m.id FROM money_transactions m
      WHERE m.rate_to_uzs <> (SELECT r.rate_to_uzs FROM currency_rates r
                              WHERE r.business_id = m.business_id AND r.currency_id = m.currency_id
                                AND r.created_at <= m.created_at
                              ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`.execute(t.db);
    expect(off.rows).toEqual([]);
    const distinct = await sql<{ n: number }>`
      SELECT count(DISTINCT rate_to_uzs)::int AS n FROM money_transactions WHERE currency_id = 1`.execute(
      t.db,
    );
    expect(distinct.rows[0]?.n).toBeGreaterThan(10);
  });
});
