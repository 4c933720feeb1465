import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { balanceOf, fund, ledgerCount, ledgerRowsOf, USD, UZS } from './finance.fixtures.ts';
import { recordRate } from './finance.repository.ts';

// POST offers/exchanges/ (DESIGN.md section 3 "Exchange"): money, so the finance module's, at
// the path of spec.md section 7.

let t: TestApp;
let me: ApiClient;
let user: TestUser;
const PATH = 'offers/exchanges/';

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  me = setup.as.manager;
  user = setup.users.manager;
  await fund(t.db, user, USD, '1000');
  await fund(t.db, user, UZS, '50000000');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

describe('POST offers/exchanges/', () => {
  it('exchanges USD to UZS at the USD rate: two legs sharing one exchange_group', async () => {
    const res = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '100' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      exchange_group: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rate: '12650.000000',
      outgoing: {
        id: expect.any(Number),
        amount: '-100.00',
        currency: USD,
        currency_code: 'USD',
        rate_to_uzs: '12650.000000',
        amount_in_uzs: '-1265000.00',
      },
      incoming: {
        id: expect.any(Number),
        amount: '1265000.00',
        currency: UZS,
        currency_code: 'UZS',
        rate_to_uzs: '1.000000',
        amount_in_uzs: '1265000.00',
      },
      created_at: expect.any(String),
    });
    const legs = await t.db
      .selectFrom('money_transactions')
      .select(['tx_type', 'exchange_group', 'user_id'])
      .where('exchange_group', '=', res.body.exchange_group)
      .execute();
    expect(legs).toHaveLength(2);
    expect(legs.every((l) => l.tx_type === 'EXCHANGE' && l.user_id === user.id)).toBe(true);
    expect(await balanceOf(t.db, user.id, USD)).toBe('900.00');
    expect(await balanceOf(t.db, user.id, UZS)).toBe('51265000.00');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', res.body.exchange_group)
      .executeTakeFirst();
    expect(audit?.action).toBe('exchange.create');
  });

  it('divides for UZS to USD, rounding half-up to 2 decimals', async () => {
    const res = await me.post(PATH, { from_currency: UZS, to_currency: USD, from_amount: 1_000_000 });
    expect(res.status).toBe(201);
    // 1 000 000 / 12 650 = 79.0513...
    expect(res.body.incoming).toMatchObject({
      amount: '79.05',
      currency_code: 'USD',
      rate_to_uzs: '12650.000000',
    });
    expect(res.body.outgoing).toMatchObject({ amount: '-1000000.00', rate_to_uzs: '1.000000' });
  });

  it('applies a positive custom rate and records it as the USD leg rate', async () => {
    const res = await me.post(PATH, {
      from_currency: USD,
      to_currency: UZS,
      from_amount: '10.50',
      custom_rate: '12800.5',
    });
    expect(res.status).toBe(201);
    expect(res.body.rate).toBe('12800.500000');
    expect(res.body.outgoing).toMatchObject({
      amount: '-10.50',
      rate_to_uzs: '12800.500000',
      amount_in_uzs: '-134405.25',
    });
    expect(res.body.incoming).toMatchObject({ amount: '134405.25', rate_to_uzs: '1.000000' });
    const back = await me.post(PATH, {
      from_currency: UZS,
      to_currency: USD,
      from_amount: '130000',
      custom_rate: 13000,
    });
    expect(back.body.incoming).toMatchObject({ amount: '10.00', rate_to_uzs: '13000.000000' });
  });

  it('ignores a zero custom rate (the estimate rule: custom only if positive)', async () => {
    const res = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: 1, custom_rate: 0 });
    expect(res.status).toBe(201);
    expect(res.body.incoming.amount).toBe('12650.00');
    expect(res.body.outgoing.rate_to_uzs).toBe('12650.000000');
  });

  it('refuses a result that rounds to 0, changing nothing', async () => {
    const before = await ledgerCount(t.db);
    const res = await me.post(PATH, { from_currency: UZS, to_currency: USD, from_amount: 50 });
    expect(res.status).toBe(400);
    expect(res.body.from_amount).toBeDefined();
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('refuses a shortfall with 409 naming the currency', async () => {
    const usd = await balanceOf(t.db, user.id, USD);
    const res = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '100000' });
    expect(res.status).toBe(409);
    // Amounts as tables show them, 2 decimals and grouped as the reader's language groups
    // (DESIGN.md section 16), formatted when the answer is rendered.
    expect(res.body.detail).toMatch(
      /^USD balansida mablag' yetarli emas: \d{1,3}( \d{3})*\.\d{2} USD bor, 100 000\.00 USD kerak\.$/,
    );
    const ru = await me.post(
      PATH,
      { from_currency: USD, to_currency: UZS, from_amount: '100000' },
      { 'accept-language': 'ru' },
    );
    expect(ru.body.detail).toMatch(
      /^Недостаточно средств на балансе USD: есть [\d\s]+,\d{2} USD, нужно 100\s000,00 USD\.$/,
    );
    expect(await balanceOf(t.db, user.id, USD)).toBe(usd);
  });

  it.each([
    [{ to_currency: USD }, 'to_currency'],
    [{ from_currency: 99 }, 'from_currency'],
    [{ to_currency: 99 }, 'to_currency'],
    [{ from_amount: 0 }, 'from_amount'],
    [{ from_amount: '-1' }, 'from_amount'],
    [{ from_amount: '1.005' }, 'from_amount'],
    [{ from_amount: 'ten' }, 'from_amount'],
    [{ from_amount: undefined }, 'from_amount'],
    [{ from_currency: 'USD' }, 'from_currency'],
    [{ custom_rate: -1 }, 'custom_rate'],
    [{ custom_rate: '1.0000001' }, 'custom_rate'],
    [{ custom_rate: 'abc' }, 'custom_rate'],
  ])('refuses %j with 400 on %s', async (patch, field) => {
    const before = await ledgerCount(t.db);
    const res = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '1', ...patch });
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeDefined();
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'exchange-key-1' };
    const body = { from_currency: USD, to_currency: UZS, from_amount: '2' };
    const first = await me.post(PATH, body, headers);
    const again = await me.post(PATH, body, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const groups = await ledgerRowsOf(t.db, { exchangeGroup: first.body.exchange_group });
    expect(groups).toHaveLength(2);
    expect((await me.post(PATH, { ...body, from_amount: '3' }, headers)).status).toBe(409);
  });

  it('replays the first answer for the same key and body with or without the trailing slash', async () => {
    // The trailing slash is optional (DESIGN.md section 4): both reach the same route.
    const headers = { 'idempotency-key': 'exchange-key-slash' };
    const body = { from_currency: USD, to_currency: UZS, from_amount: '4' };
    const before = await ledgerCount(t.db, user.id);
    const first = await me.post(PATH, body, headers);
    const again = await me.post(PATH.replace(/\/$/, ''), body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const legs = await ledgerRowsOf(t.db, { exchangeGroup: first.body.exchange_group });
    expect(legs).toHaveLength(2);
    expect(await ledgerCount(t.db, user.id)).toBe(before + 2);
  });

  it('starts afresh with a key older than 24 hours (DESIGN.md section 4)', async () => {
    const headers = { 'idempotency-key': 'exchange-key-old' };
    const first = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '1' }, headers);
    expect(first.status).toBe(201);
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('user_id', '=', user.id)
      .where('key', '=', 'exchange-key-old')
      .execute();
    const again = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '2' }, headers);
    expect(again.status).toBe(201);
    expect(again.body.exchange_group).not.toBe(first.body.exchange_group);
    expect(again.body.outgoing.amount).toBe('-2.00');
    // The key now holds the new answer.
    const replay = await me.post(PATH, { from_currency: USD, to_currency: UZS, from_amount: '2' }, headers);
    expect(replay.body).toEqual(again.body);
  });

  it('uses the rate in force after a rate change, though the server keeps the rates it read', async () => {
    const body = { from_currency: USD, to_currency: UZS, from_amount: '1' };
    expect((await me.post(PATH, body)).body.incoming.amount).toBe('12650.00');
    // Set directly, as another server process would: this one's copy of the rates is stale.
    const setRate = (rate: string) =>
      recordRate(t.db, {
        businessId: user.businessId,
        currencyId: USD,
        rateToUzs: rate,
        source: 'MANUAL',
        createdBy: null,
      });
    await setRate('13000.000000');
    try {
      const res = await me.post(PATH, body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ rate: '13000.000000', incoming: { amount: '13000.00' } });
      expect(res.body.outgoing.rate_to_uzs).toBe('13000.000000');
    } finally {
      await setRate('12650.000000');
    }
  });

  it('needs a signed-in user', async () => {
    expect(
      (await new ApiClient(t.url).post(PATH, { from_currency: 1, to_currency: 2, from_amount: 1 })).status,
    ).toBe(401);
  });
});
