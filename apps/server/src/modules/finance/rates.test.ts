import { startOfBusinessDay } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CbuFeed, RECORDED_CBU, startCbuFeed } from '../../../test/cbu-feed.ts';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { loadConfig } from '../../config.ts';
import { createCaches } from '../../lib/caches.ts';
import { fund, USD, UZS } from './finance.fixtures.ts';
import { followingBusinesses, importDue, nextCbuImport, startCbuSchedule } from './rates.schedule.ts';

// Currencies and rates per business, and the Central Bank import (DESIGN.md section 9), against a
// local server that answers as the CBU feed does.

let t: TestApp;
let cbu: CbuFeed;
let owner: ApiClient;
let admin: ApiClient;
let kassir: ApiClient;
let manager: ApiClient;
let other: ApiClient;
let businessId: number;
let otherBusinessId: number;

beforeAll(async () => {
  cbu = await startCbuFeed();
  t = await startTestApp({ env: { CBU_RATES_URL: cbu.url, CBU_TIMEOUT_MS: '500' } });
  const mine = await createSignedInUsers(t.db, t.url, ['Owner', 'admin', 'Kassir', 'manager'] as const);
  ({ Owner: owner, admin, Kassir: kassir, manager } = mine.as);
  businessId = mine.businessId;
  await fund(t.db, mine.users.manager, USD, '100');
  const theirs = await createSignedInUsers(t.db, t.url, ['Owner'] as const);
  other = theirs.as.Owner;
  otherBusinessId = theirs.businessId;
});
beforeEach(() => {
  cbu.answer = { kind: 'json', body: RECORDED_CBU };
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  // The rate in force is always the newest history row.
  const drift = await sql`
    SELECT bc.business_id, bc.currency_id FROM business_currencies bc
    WHERE bc.rate_id <> (SELECT max(id) FROM currency_rates r
                         WHERE r.business_id = bc.business_id AND r.currency_id = bc.currency_id)
       OR bc.rate_to_uzs <> (SELECT rate_to_uzs FROM currency_rates r WHERE r.id = bc.rate_id)`.execute(t.db);
  expect(drift.rows).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await cbu.close();
});

const usdOf = async (client: ApiClient) =>
  (await client.get('finance/currencies/')).body.find((c: { code: string }) => c.code === 'USD');

describe('currencies and rates per business', () => {
  it('gives every new business USD and UZS, UZS at 1', async () => {
    const res = await kassir.get('finance/currencies/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: USD, code: 'USD', name: 'AQSH dollari', rate_to_uzs: '12650.000000' },
      { id: UZS, code: 'UZS', name: "O'zbek so'mi", rate_to_uzs: '1.000000' },
    ]);
  });

  it("sets a rate from now: this business's exchanges follow it, another business's do not", async () => {
    const set = await admin.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: '12800.5' });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ rate_to_uzs: '12800.500000', source: 'MANUAL', rate_date: null });
    expect(set.body.created_by).toMatchObject({ email: expect.stringContaining('@') });
    expect((await usdOf(kassir)).rate_to_uzs).toBe('12800.500000');
    expect((await usdOf(other)).rate_to_uzs).toBe('12650.000000');

    const exchange = await manager.post('offers/exchanges/', {
      from_currency: USD,
      to_currency: UZS,
      from_amount: '1',
    });
    expect(exchange.status).toBe(201);
    expect(exchange.body.incoming.amount).toBe('12800.50');
    expect(exchange.body.outgoing.rate_to_uzs).toBe('12800.500000');

    const history = await kassir.get(`finance/currencies/${USD}/rates/`);
    expect(history.status).toBe(200);
    expect(history.body.results.map((r: { rate_to_uzs: string }) => r.rate_to_uzs)).toEqual([
      '12800.500000',
      '12650.000000',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('business_id', '=', businessId)
      .where('action', '=', 'currency.rate')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      "Kurs o'rnatildi: 1 USD = 12800.500000 UZS (avval 12650.000000)",
    ]);
  });

  it('adds a currency (the global row made once), 409 when the business has it', async () => {
    const added = await owner.post('finance/currencies/', {
      code: 'EUR',
      name: 'Yevro',
      rate_to_uzs: '13900',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ code: 'EUR', name: 'Yevro', rate_to_uzs: '13900.000000' });
    expect(
      (await owner.post('finance/currencies/', { code: 'EUR', name: 'Yevro', rate_to_uzs: '1' })).status,
    ).toBe(409);
    expect(
      (await owner.post('finance/currencies/', { code: 'UZS', name: "So'm", rate_to_uzs: '1' })).status,
    ).toBe(409);
    // Another business adds the same code: the same global row, its own rate.
    const theirs = await other.post('finance/currencies/', {
      code: 'EUR',
      name: 'Euro',
      rate_to_uzs: '14000',
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).toBe(added.body.id);
    expect(theirs.body.rate_to_uzs).toBe('14000.000000');
    expect((await kassir.get('finance/currencies/')).body.map((c: { code: string }) => c.code)).toEqual([
      'USD',
      'UZS',
      'EUR',
    ]);
  });

  it("refuses another business's currency, an unknown one, and the pivot", async () => {
    const gbp = await other.post('finance/currencies/', { code: 'GBP', name: 'Funt', rate_to_uzs: '15500' });
    expect((await owner.post(`finance/currencies/${gbp.body.id}/rates/`, { rate_to_uzs: '1' })).status).toBe(
      404,
    );
    expect((await owner.get(`finance/currencies/${gbp.body.id}/rates/`)).status).toBe(404);
    expect((await owner.post('finance/currencies/999999/rates/', { rate_to_uzs: '1' })).status).toBe(404);
    // A money offer or an exchange in a currency the business lacks is refused too.
    expect(
      (
        await manager.post('offers/exchanges/', {
          from_currency: USD,
          to_currency: gbp.body.id,
          from_amount: '1',
        })
      ).status,
    ).toBe(400);
    const pivot = await owner.post(`finance/currencies/${UZS}/rates/`, { rate_to_uzs: '2' });
    expect(pivot.status).toBe(400);
    expect(pivot.body.rate_to_uzs[0]).toContain('asosiy valyuta');
  });

  it('answers bad input with field errors and changes nothing', async () => {
    const before = await t.db
      .selectFrom('currency_rates')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    for (const rate of ['0', '-5', 'abc', '1.1234567', '100000000000000', '']) {
      const res = await owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: rate });
      expect(res.status, rate).toBe(400);
      expect(res.body.rate_to_uzs).toBeDefined();
    }
    for (const body of [
      { code: 'eur', name: 'x', rate_to_uzs: '1' },
      { code: 'EURO', name: 'x', rate_to_uzs: '1' },
      { code: 'CHF', name: '', rate_to_uzs: '1' },
      { code: 'CHF', name: 'Frank', rate_to_uzs: '0' },
    ]) {
      expect((await owner.post('finance/currencies/', body)).status).toBe(400);
    }
    const after = await t.db
      .selectFrom('currency_rates')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('lets only administrators write; every role reads', async () => {
    for (const client of [kassir, manager]) {
      expect((await client.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: '1' })).status).toBe(403);
      expect(
        (await client.post('finance/currencies/', { code: 'CNY', name: 'Yuan', rate_to_uzs: '1700' })).status,
      ).toBe(403);
      expect((await client.post('finance/rates/import-cbu/')).status).toBe(403);
      expect((await client.get(`finance/currencies/${USD}/rates/`)).status).toBe(200);
    }
  });
});

describe('the Central Bank import', () => {
  it('sets a CBU rate per unit for every currency the business has, and reports the rest unchanged', async () => {
    // Give the business KRW (quoted per 10 units) and KZT, and one the feed does not carry.
    await owner.post('finance/currencies/', { code: 'KRW', name: 'Von', rate_to_uzs: '8' });
    await owner.post('finance/currencies/', { code: 'AZN', name: 'Manat', rate_to_uzs: '7000' });
    const res = await owner.post('finance/rates/import-cbu/');
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-11-20');
    expect(res.body.updated).toEqual(
      expect.arrayContaining([
        { code: 'USD', rate_to_uzs: '12034.560000' },
        { code: 'EUR', rate_to_uzs: '13961.080000' },
        { code: 'KRW', rate_to_uzs: '8.215000' },
      ]),
    );
    expect(res.body.unchanged).toEqual([{ code: 'AZN', rate_to_uzs: '7000.000000' }]);
    const [latest] = (await owner.get(`finance/currencies/${USD}/rates/`)).body.results;
    expect(latest).toMatchObject({ source: 'CBU', rate_date: '2026-11-20', rate_to_uzs: '12034.560000' });

    // The same feed again: nothing new to write.
    const again = await owner.post('finance/rates/import-cbu/');
    expect(again.body.updated).toEqual([]);
    expect(again.body.unchanged.map((u: { code: string }) => u.code)).toContain('USD');
    // Another business was not touched.
    expect((await usdOf(other)).rate_to_uzs).toBe('12650.000000');
  });

  const failures: Array<[string, CbuFeed['answer'], RegExp]> = [
    ['unreachable (HTTP 500)', { kind: 'status', status: 500 }, /HTTP 500/],
    ['slow', { kind: 'slow', ms: 3_000 }, /javob bermadi/],
    ['not JSON', { kind: 'json', body: '<html>maintenance</html>' }, /JSON emas/],
    ['not a list', { kind: 'json', body: '{"error":"busy"}' }, /ro'yxat emas/],
    ['an empty list', { kind: 'json', body: '[]' }, /ro'yxat emas/],
    [
      'a row without a rate',
      { kind: 'json', body: JSON.stringify([{ Ccy: 'USD', Nominal: '1', Date: '20.11.2026' }]) },
      /qator/,
    ],
    [
      'a rate that is not a number',
      {
        kind: 'json',
        body: JSON.stringify([{ Ccy: 'USD', Rate: '12,034.56', Nominal: '1', Date: '20.11.2026' }]),
      },
      /qator/,
    ],
    [
      'an impossible date',
      { kind: 'json', body: JSON.stringify([{ Ccy: 'USD', Rate: '1', Nominal: '1', Date: '31.02.2026' }]) },
      /sana/,
    ],
    [
      'a zero nominal',
      { kind: 'json', body: JSON.stringify([{ Ccy: 'USD', Rate: '1', Nominal: '0', Date: '20.11.2026' }]) },
      /qator/,
    ],
  ];
  for (const [name, answer, detail] of failures) {
    it(`answers 502 and changes no rate when the feed is ${name}`, async () => {
      const before = await owner.get('finance/currencies/');
      const rows = await t.db
        .selectFrom('currency_rates')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirst();
      cbu.answer = answer;
      const res = await owner.post('finance/rates/import-cbu/');
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(detail);
      expect(res.body.detail).toContain("Kurslar o'zgarmadi");
      expect((await owner.get('finance/currencies/')).body).toEqual(before.body);
      expect(
        await t.db.selectFrom('currency_rates').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
      ).toEqual(rows);
    });
  }

  it('schedules the daily import at 16:05 in Tashkent (11:05 UTC)', () => {
    expect(nextCbuImport(new Date('2026-11-24T03:00:00Z')).toISOString()).toBe('2026-11-24T11:05:00.000Z');
    expect(nextCbuImport(new Date('2026-11-24T11:05:00Z')).toISOString()).toBe('2026-11-25T11:05:00.000Z');
    expect(nextCbuImport(new Date('2026-11-24T20:30:00Z')).toISOString()).toBe('2026-11-25T11:05:00.000Z');
    // 23:30 UTC is already the 25th in Tashkent.
    expect(startOfBusinessDay(new Date('2026-11-24T23:30:00Z')).toISOString()).toBe(
      '2026-11-24T19:00:00.000Z',
    );
    expect(startOfBusinessDay(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-11-23T19:00:00.000Z',
    );
  });

  it('imports at start for a business that follows the CBU and has not imported today', async () => {
    // Both follow the CBU; this business imported today (the tests above), the other has not.
    expect((await owner.patch('admin/settings/', { follow_cbu: true })).status).toBe(200);
    expect((await other.patch('admin/settings/', { follow_cbu: true })).status).toBe(200);
    expect(await followingBusinesses(t.db)).toEqual(expect.arrayContaining([businessId, otherBusinessId]));
    const due = await followingBusinesses(t.db, startOfBusinessDay(new Date()));
    expect(due).toContain(otherBusinessId);
    expect(due).not.toContain(businessId);

    // The schedule, as a server starting now runs it, imports for it at once.
    const requests = cbu.requests;
    const deps = {
      db: t.db,
      caches: createCaches(),
      config: loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(32), CBU_RATES_URL: cbu.url }),
      clock: () => new Date(),
      log: t.app.log,
    };
    const stop = startCbuSchedule(deps);
    try {
      await expect
        .poll(async () => followingBusinesses(t.db, startOfBusinessDay(new Date())), { timeout: 10_000 })
        .not.toContain(otherBusinessId);
    } finally {
      await stop();
    }
    expect(cbu.requests).toBe(requests + 1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'summary'])
      .where('business_id', '=', otherBusinessId)
      .where('action', '=', 'currency.import-cbu')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: null,
      summary: expect.stringContaining('Markaziy bank kurslari (2026-11-20)'),
    });
    expect((await usdOf(other)).rate_to_uzs).toBe('12034.560000');

    // Two server processes' 16:05 runs at once: one import per business, not two.
    const since = new Date();
    await Promise.all([importDue(deps, since), importDue(deps, since)]);
    const imports = await t.db
      .selectFrom('audit_log')
      .select(['business_id'])
      .where('action', '=', 'currency.import-cbu')
      .where('created_at', '>=', since)
      .orderBy('business_id')
      .execute();
    expect(imports.map((i) => i.business_id)).toEqual([businessId, otherBusinessId]);
    await owner.patch('admin/settings/', { follow_cbu: false });
    await other.patch('admin/settings/', { follow_cbu: false });
  });
});
