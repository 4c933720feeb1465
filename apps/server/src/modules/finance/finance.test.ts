import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp, withClockedApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { balanceOf, fund, ledgerCount, USD, UZS } from './finance.fixtures.ts';

let t: TestApp;
let as: Record<'Kassir' | 'manager' | 'Owner', ApiClient>;
let users: Record<'Kassir' | 'manager' | 'Owner', TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager', 'Owner'] as const);
  as = setup.as;
  users = setup.users;
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const external = (extra: Record<string, unknown> = {}) => ({
  currency: 'USD',
  amount: '250.50',
  reason_text: 'Mijozdan tushum',
  is_income: true,
  ...extra,
});

describe('GET finance/currencies/', () => {
  it('lists USD and UZS with fixed-scale rates', async () => {
    const res = await as.manager.get('finance/currencies/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 1, code: 'USD', name: expect.any(String), rate_to_uzs: '12650.000000' },
      { id: 2, code: 'UZS', name: expect.any(String), rate_to_uzs: '1.000000' },
    ]);
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(t.url).get('finance/currencies/')).status).toBe(401);
  });
});

describe('GET finance/balances/my-user/', () => {
  it('is empty before any money, then one row per currency with 2 decimals', async () => {
    expect((await as.Owner.get('finance/balances/my-user/')).body).toEqual([]);
    await fund(t.db, users.Owner, UZS, '1000000');
    await fund(t.db, users.Owner, USD, '12.5');
    const res = await as.Owner.get('finance/balances/my-user/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), currency: USD, currency_code: 'USD', on_hand: '12.50' },
      { id: expect.any(Number), currency: UZS, currency_code: 'UZS', on_hand: '1000000.00' },
    ]);
  });

  it("shows only the caller's own balances", async () => {
    const other = await createSignedInUsers(t.db, t.url, ['manager'] as const);
    expect((await other.as.manager.get('finance/balances/my-user/')).body).toEqual([]);
  });
});

describe('POST finance/money-transactions/external-transaction/', () => {
  it('records income on the cashier balance with the rate in force', async () => {
    const res = await as.Kassir.post('finance/money-transactions/external-transaction/', external());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      department: users.Kassir.id,
      amount: '250.50',
      currency: 'USD',
      rate_to_uzs: '12650.000000',
      amount_in_uzs: '3168825.00',
      reason: 'Mijozdan tushum',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('250.50');
    const row = await t.db
      .selectFrom('money_transactions')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tx_type: 'EXTERNAL',
      user_id: users.Kassir.id,
      offer_id: null,
      exchange_group: null,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'money_transaction')
      .where('entity_id', '=', String(res.body.id))
      .executeTakeFirst();
    expect(audit).toMatchObject({ action: 'external.income', actor_id: users.Kassir.id });
  });

  it('records an expense as a negative row; currency by id works too', async () => {
    const res = await as.Kassir.post(
      'finance/money-transactions/external-transaction/',
      external({ currency: USD, amount: 50, is_income: false, reason_text: "Ijara uchun to'lov" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '-50.00', amount_in_uzs: '-632500.00' });
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('200.50');
  });

  it('refuses an expense beyond the balance with 409 naming the currency, changing nothing', async () => {
    const before = await ledgerCount(t.db, users.Kassir.id);
    const res = await as.Kassir.post(
      'finance/money-transactions/external-transaction/',
      external({ amount: '200.51', is_income: false }),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('USD');
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('200.50');
    expect(await ledgerCount(t.db, users.Kassir.id)).toBe(before);
    const uzs = await as.Kassir.post(
      'finance/money-transactions/external-transaction/',
      external({ currency: 'UZS', amount: '1', is_income: false }),
    );
    expect(uzs.status).toBe(409);
    expect(uzs.body.detail).toContain('UZS');
  });

  it('is for the Kassir only', async () => {
    for (const client of [as.manager, as.Owner]) {
      const res = await client.post('finance/money-transactions/external-transaction/', external());
      expect(res.status).toBe(403);
    }
    expect(
      (await new ApiClient(t.url).post('finance/money-transactions/external-transaction/', external()))
        .status,
    ).toBe(401);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: '-5' }, 'amount'],
    [{ amount: 'abc' }, 'amount'],
    [{ amount: '1.001' }, 'amount'],
    [{ amount: '1e5' }, 'amount'],
    [{ amount: '10000000000000000000' }, 'amount'],
    [{ amount: null }, 'amount'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: 99 }, 'currency'],
    [{ currency: '' }, 'currency'],
    [{ reason_text: 'short' }, 'reason_text'],
    [{ reason_text: 'x'.repeat(501) }, 'reason_text'],
    [{ is_income: 'yes' }, 'is_income'],
    [{ is_income: undefined }, 'is_income'],
  ])('refuses bad input %j with a field error on %s and changes nothing', async (patch, field) => {
    const before = await ledgerCount(t.db);
    const res = await as.Kassir.post('finance/money-transactions/external-transaction/', external(patch));
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeDefined();
    expect(typeof res.body.detail).toBe('string');
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key and refuses another body with it', async () => {
    const headers = { 'idempotency-key': `ext-${Date.now()}` };
    const path = 'finance/money-transactions/external-transaction/';
    const first = await as.Kassir.post(path, external({ amount: '10' }), headers);
    const again = await as.Kassir.post(path, external({ amount: '10' }), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await as.Kassir.post(path, external({ amount: '11' }), headers);
    expect(other.status).toBe(409);
    const rows = await t.db
      .selectFrom('money_transactions')
      .select('id')
      .where('reason', '=', 'Mijozdan tushum')
      .where('amount', '=', '10.00')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('Idempotency-Key expiry (DESIGN.md section 4)', () => {
  it("counts a key's 24 hours on the server's clock", async () => {
    await withClockedApp(async (clocked, advance) => {
      const setup = await createSignedInUsers(clocked.db, clocked.url, ['Kassir'] as const);
      const post = () =>
        setup.as.Kassir.post('finance/money-transactions/external-transaction/', external({ amount: '7' }), {
          'idempotency-key': 'ext-clock',
        });
      const first = await post();
      expect(first.status).toBe(201);
      advance(23 * 3600_000);
      expect((await post()).body).toEqual(first.body);
      expect(await ledgerCount(clocked.db, setup.users.Kassir.id)).toBe(1);
      advance(2 * 3600_000);
      const fresh = await post();
      expect(fresh.status).toBe(201);
      expect(fresh.body).not.toEqual(first.body);
      expect(await ledgerCount(clocked.db, setup.users.Kassir.id)).toBe(2);
      await assertMoneyInvariants(clocked.db);
    });
  });
});

describe('the ledger', () => {
  it('refuses UPDATE and DELETE of money_transactions in the database', async () => {
    const row = await t.db.selectFrom('money_transactions').select('id').limit(1).executeTakeFirstOrThrow();
    await expect(
      sql`UPDATE money_transactions SET amount = 1 WHERE id = ${row.id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM money_transactions WHERE id = ${row.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it('refuses a negative balance in the database as the last line of defence', async () => {
    await expect(
      sql`UPDATE balances SET on_hand = -1 WHERE user_id = ${users.Kassir.id}`.execute(t.db),
    ).rejects.toThrow();
  });
});
