import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import type { TestUser } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { balanceOf, fund, USD, UZS } from '../finance/finance.fixtures.ts';

// The administrators' balances grid, opening balances and corrections, and business settings
// (DESIGN.md section 9).

let t: TestApp;
let owner: ApiClient;
let admin: ApiClient;
let kassir: ApiClient;
let manager: ApiClient;
let other: ApiClient;
let users: Record<'Owner' | 'admin' | 'Kassir' | 'manager', TestUser>;
let outsider: TestUser;

beforeAll(async () => {
  const mine = await startWithUsers(['Owner', 'admin', 'Kassir', 'manager']);
  ({ t, users } = mine);
  ({ Owner: owner, admin, Kassir: kassir, manager } = mine.as);
  ({ client: other, user: outsider } = await signInOutsider(t));
  await fund(t.db, outsider, USD, '5');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const adjust = (client: ApiClient, body: Record<string, unknown>, key?: string) =>
  client.post('admin/balances/adjust/', body, key ? { 'Idempotency-Key': key } : {});

describe('POST api/admin/balances/adjust/', () => {
  it('opens a balance with one ADJUSTMENT row, replayed once per Idempotency-Key', async () => {
    const body = {
      user: users.Kassir.id,
      currency: USD,
      amount: '1500.5',
      reason_text: "Boshlang'ich qoldiq",
    };
    const res = await adjust(admin, body, 'open-kassir-usd');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user: users.Kassir.id,
      currency: USD,
      currency_code: 'USD',
      amount: '1500.50',
      rate_to_uzs: '12650.000000',
      amount_in_uzs: '18981325.00',
      on_hand: '1500.50',
      reason: "Boshlang'ich qoldiq",
    });
    const replay = await adjust(admin, body, 'open-kassir-usd');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(res.body);
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('1500.50');
    const rows = await t.db
      .selectFrom('money_transactions')
      .select(['tx_type', 'amount', 'created_by'])
      .where('user_id', '=', users.Kassir.id)
      .execute();
    expect(rows).toEqual([{ tx_type: 'ADJUSTMENT', amount: '1500.50', created_by: users.admin.id }]);
    // The same key with another body is refused.
    expect((await adjust(admin, { ...body, amount: '1' }, 'open-kassir-usd')).status).toBe(409);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'summary'])
      .where('action', '=', 'balance.adjust')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: users.admin.id,
        summary: `Balans tuzatildi: ${users.Kassir.email} 1500.50 USD (endi 1500.50): Boshlang'ich qoldiq`,
      },
    ]);
  });

  it('takes money away with a negative amount, and refuses to go below zero with the ledger detail', async () => {
    const correction = (amount: string) => ({
      user: users.Kassir.id,
      currency: USD,
      amount,
      reason_text: 'Kassadagi farq tuzatildi',
    });
    const ok = await adjust(owner, correction('-0.50'));
    expect(ok.status).toBe(201);
    expect(ok.body.on_hand).toBe('1500.00');
    const tooMuch = await adjust(owner, correction('-1500.01'));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toMatch(/USD/);
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('1500.00');
    const none = await adjust(owner, {
      user: users.manager.id,
      currency: UZS,
      amount: '-1',
      reason_text: 'Tuzatish kiritildi',
    });
    expect(none.status).toBe(409);
    expect(await balanceOf(t.db, users.manager.id, UZS)).toBeNull();
  });

  it("answers bad input with field errors, another business's ids as unknown", async () => {
    const good = { user: users.Kassir.id, currency: USD, amount: '1', reason_text: 'Tuzatish kiritildi' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '0' }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ amount: '1e3' }, 'amount'],
      [{ reason_text: 'qisqa' }, 'reason_text'],
      [{ reason_text: 'x'.repeat(501) }, 'reason_text'],
      [{ user: outsider.id }, 'user'],
      [{ user: 0 }, 'user'],
      [{ currency: 999 }, 'currency'],
    ];
    for (const [change, field] of cases) {
      const res = await adjust(owner, { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body[field], JSON.stringify(change)).toBeDefined();
    }
    // The outsider's business currency (their own EUR) is not ours.
    const eur = await other.post('finance/currencies/', { code: 'EUR', name: 'Yevro', rate_to_uzs: '14000' });
    expect((await adjust(owner, { ...good, currency: eur.body.id })).status).toBe(400);
    expect(await balanceOf(t.db, outsider.id, USD)).toBe('5.00');
  });

  it('is for administrators only', async () => {
    const body = { user: users.Kassir.id, currency: USD, amount: '1', reason_text: 'Tuzatish kiritildi' };
    expect((await adjust(kassir, body)).status).toBe(403);
    expect((await adjust(manager, body)).status).toBe(403);
    expect((await kassir.get('admin/balances/')).status).toBe(403);
    expect((await manager.get('admin/settings/')).status).toBe(403);
  });
});

describe('GET api/admin/balances/', () => {
  it('shows departments x currencies with totals in UZS at the rates in force', async () => {
    await adjust(owner, {
      user: users.manager.id,
      currency: UZS,
      amount: '1000000',
      reason_text: "Boshlang'ich qoldiq",
    });
    const res = await admin.get('admin/balances/');
    expect(res.status).toBe(200);
    expect(res.body.currencies).toEqual([
      { id: USD, code: 'USD', rate_to_uzs: '12650.000000' },
      { id: UZS, code: 'UZS', rate_to_uzs: '1.000000' },
    ]);
    const byEmail = Object.fromEntries(
      res.body.rows.map((r: { user: { email: string } }) => [r.user.email, r]),
    );
    expect(Object.keys(byEmail).sort()).toEqual(
      [users.Owner, users.admin, users.Kassir, users.manager].map((u) => u.email).sort(),
    );
    expect(byEmail[users.Kassir.email]).toMatchObject({
      on_hand: ['1500.00', '0.00'],
      total_uzs: '18975000.00',
    });
    expect(byEmail[users.manager.email]).toMatchObject({
      on_hand: ['0.00', '1000000.00'],
      total_uzs: '1000000.00',
    });
    expect(res.body.totals).toEqual(['1500.00', '1000000.00']);
    expect(res.body.total_uzs).toBe('19975000.00');

    // A new rate changes today's value, not the ledger.
    await owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: '13000' });
    expect((await admin.get('admin/balances/')).body.total_uzs).toBe('20500000.00');
  });
});

describe('api/admin/settings/', () => {
  it('reads and changes the name, follow_cbu and low_stock_email, audited', async () => {
    const read = await owner.get('admin/settings/');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      name: expect.any(String),
      follow_cbu: false,
      low_stock_email: false,
      weight_barcodes: 'off',
      sale_roles: [],
      purchase_roles: [],
      sales_need_shift: false,
    });
    const changed = await admin.patch('admin/settings/', { name: '  Yangi nom MChJ ', follow_cbu: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      name: 'Yangi nom MChJ',
      follow_cbu: true,
      low_stock_email: false,
      weight_barcodes: 'off',
      sale_roles: [],
      purchase_roles: [],
      sales_need_shift: false,
    });
    expect((await owner.get('admin/settings/')).body).toEqual(changed.body);
    // Another business's settings are its own.
    expect((await other.get('admin/settings/')).body.follow_cbu).toBe(false);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'settings.update')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('Markaziy bank kurslari yoqildi');
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(201) },
      { follow_cbu: 'yes' },
      { name: 'a\u0000b' },
    ]) {
      expect((await owner.patch('admin/settings/', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await owner.get('admin/settings/')).body).toEqual(changed.body);
  });
});
