import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { DEMO_PASSWORD, seedCore } from '../../cli/seed/core.ts';
import { seedFinance } from '../../cli/seed/finance.ts';

// The demo money of DESIGN.md section 2, seeded through the ledger.

let t: TestApp;
let seconds = 0;
beforeAll(async () => {
  t = await startTestApp();
  const core = await seedCore(t.db);
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
});
