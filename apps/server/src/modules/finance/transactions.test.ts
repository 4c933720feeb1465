import { D, type DecimalValue } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { fund, USD, UZS } from './finance.fixtures.ts';

// GET finance/money-transactions/by-user/ (DESIGN.md section 4): pages of 20, filters, ordering,
// search, out-of-range 404, over one department's ledger of 34 rows built through the API.

let t: TestApp;
let kassir: ApiClient;
let manager: ApiClient;
let users: Record<'Kassir' | 'manager', TestUser>;
let offerId: number;
const LIST = 'finance/money-transactions/by-user/';

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager'] as const);
  ({ users } = setup);
  kassir = setup.as.Kassir;
  manager = setup.as.manager;
  await fund(t.db, users.Kassir, USD, '1000');
  await fund(t.db, users.Kassir, UZS, '10000000');
  const path = 'finance/money-transactions/external-transaction/';
  for (let i = 0; i < 20; i++) {
    const res = await kassir.post(path, {
      currency: 'USD',
      amount: i + 1,
      reason_text: `Tushum #${i}`,
      is_income: true,
    });
    expect(res.status).toBe(201);
  }
  for (let i = 0; i < 5; i++) {
    const res = await kassir.post(path, {
      currency: 'UZS',
      amount: 1000 * (i + 1),
      reason_text: `Xarajat ${i}__`,
      is_income: false,
    });
    expect(res.status).toBe(201);
  }
  for (let i = 0; i < 3; i++) {
    const res = await kassir.post('offers/exchanges/', {
      from_currency: USD,
      to_currency: UZS,
      from_amount: 10,
    });
    expect(res.status).toBe(201);
  }
  const offer = await kassir.post('offers/offers/', {
    from_user: users.Kassir.id,
    to_user: users.manager.id,
    money_lines: [{ currency: USD, amount: '7.25' }],
    reason_text: "Bo'limga o'tkazma",
  });
  offerId = offer.body.id;
  expect((await kassir.post(`offers/offers/${offerId}/submit/`)).status).toBe(200);
  expect((await manager.post(`offers/offers/${offerId}/approve/`)).status).toBe(200);
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

type Row = {
  id: number;
  amount: string;
  currency: { id: number; code: string };
  created_at: string;
  offer: number | null;
};
const list = async (query = '') => kassir.get(`${LIST}${query ? `?${query}` : ''}`);
const amounts = (rows: Row[]) => rows.map((r) => new D(r.amount));

describe('pages', () => {
  it('answers 20 rows newest first with count, next and previous', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(34);
    expect(res.body.results).toHaveLength(20);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toMatch(/by-user\/\?page=2$/);
    const first = res.body.results[0];
    expect(first).toEqual({
      id: expect.any(Number),
      amount: '-7.25',
      currency: { id: USD, code: 'USD' },
      rate_to_uzs: '12650.000000',
      amount_in_uzs: '-91712.50',
      offer: offerId,
      reason: "Bo'limga o'tkazma",
      tx_type: 'OFFER',
      exchange_group: null,
      created_at: expect.any(String),
    });
    const times = res.body.results.map((r: Row) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers the last page and keeps filters in the links', async () => {
    const res = await list('page=2&ordering=amount');
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(14);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toContain('page=1');
    expect(res.body.previous).toContain('ordering=amount');
  });

  it.each(['page=3', 'page=0', 'page=-1', 'page=abc', 'page=1.5'])('answers 404 for %s', async (q) => {
    const res = await list(q);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Noto'g'ri sahifa.");
  });

  it('answers page 1 of an empty list, and 404 for page 2', async () => {
    const res = await list('search=nothing-matches-this');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await list('search=nothing-matches-this&page=2')).status).toBe(404);
  });
});

describe('filters', () => {
  it('by currency id', async () => {
    const res = await list('currency=2');
    expect(res.body.count).toBe(1 + 5 + 3);
    expect(res.body.results.every((r: Row) => r.currency.code === 'UZS')).toBe(true);
  });

  it('by amount sign', async () => {
    const neg = await list('amount_type=negative');
    expect(neg.body.count).toBe(5 + 3 + 1);
    expect(amounts(neg.body.results).every((a) => a.lt(0))).toBe(true);
    const pos = await list('amount_type=positive');
    expect(pos.body.count).toBe(34 - 9);
  });

  it('by tx_type', async () => {
    const res = await list('tx_type=EXCHANGE');
    expect(res.body.count).toBe(6);
    expect(res.body.results.every((r: { exchange_group: string | null }) => r.exchange_group !== null)).toBe(
      true,
    );
    expect((await list('tx_type=ADJUSTMENT')).body.count).toBe(2);
  });

  it('by offer: has_offer and offer__isnull', async () => {
    expect((await list('has_offer=true')).body.count).toBe(1);
    expect((await list('has_offer=false')).body.count).toBe(33);
    expect((await list('offer__isnull=true')).body.count).toBe(33);
    expect((await list('offer__isnull=false')).body.results.map((r: Row) => r.offer)).toEqual([offerId]);
  });

  it('combined, with ordering by amount', async () => {
    const res = await list('currency=1&amount_type=positive&tx_type=EXTERNAL&ordering=-amount');
    expect(res.body.count).toBe(20);
    expect(res.body.results.map((r: Row) => r.amount).slice(0, 3)).toEqual(['20.00', '19.00', '18.00']);
  });

  it('orders by amount ascending and by time ascending', async () => {
    const asc = amounts((await list('ordering=amount')).body.results);
    expect(asc.every((a, i) => i === 0 || a.gte(asc[i - 1] as DecimalValue))).toBe(true);
    const oldest = await list('ordering=created_at');
    expect(oldest.body.results[0].reason).toBe('Test opening balance');
  });

  it('searches reason text (LIKE characters are literal) and ids', async () => {
    const res = await list('search=tushum%20%231');
    expect(res.body.count).toBe(11);
    expect((await list('search=%25')).body.count).toBe(0);
    expect((await list('search=__')).body.count).toBe(5);
    const some = (await list()).body.results[5] as Row;
    const byId = await list(`search=${some.id}`);
    expect(byId.body.results.map((r: Row) => r.id)).toContain(some.id);
  });

  it.each(['ordering=price', 'currency=abc', 'amount_type=zero', 'tx_type=GIFT', 'has_offer=maybe'])(
    'refuses %s with 400',
    async (q) => {
      const res = await list(q);
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    },
  );
});

describe('scope', () => {
  it("lists only the caller's rows", async () => {
    const res = await manager.get(LIST);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ amount: '7.25', offer: offerId });
    const other = await createSignedInUsers(t.db, t.url, ['Kassir'] as const);
    expect((await other.as.Kassir.get(LIST)).body.count).toBe(0);
  });
});
