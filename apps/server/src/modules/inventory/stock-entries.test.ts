import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, countRows, createVariants, type TestVariant } from './inventory.fixtures.ts';

let t: TestApp;
let as: Record<"Ta'minotchi" | 'Bozorchi' | 'manager', ApiClient>;
let users: Record<"Ta'minotchi" | 'Bozorchi' | 'manager', TestUser>;
let variants: TestVariant[];
let foreignVariant: TestVariant;
let supplier: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ["Ta'minotchi", 'Bozorchi', 'manager'] as const);
  as = setup.as;
  users = setup.users;
  supplier = as["Ta'minotchi"];
  variants = await createVariants(t.db, setup.businessId, 3);
  const other = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  [foreignVariant] = (await createVariants(t.db, other.businessId, 1)) as [TestVariant];
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

const v = (i: number) => variants[i] as TestVariant;
const entryBody = (extra: Record<string, unknown> = {}) => ({
  variant: v(0).id,
  qty_received: '12.5',
  unit_cost: 1500,
  currency: 1,
  ...extra,
});

describe('POST inventory/stocks-entry/', () => {
  it('records a receipt: a lot, a ledger move and the balance, with fixed-scale decimals', async () => {
    const before = await balanceOf(t.db, users["Ta'minotchi"].id, v(0).id);
    const res = await supplier.post(
      'inventory/stocks-entry/',
      entryBody({ location: 'Ombor A', reason_text: 'Yetkazib berildi' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      department: users["Ta'minotchi"].id,
      variant: { id: v(0).id, product: v(0).productId, sku: v(0).sku },
      qty_received: '12.500',
      qty_remaining: '12.500',
      unit_cost: '1500.00',
      currency: 1,
      currency_code: 'USD',
      type: 'PURCHASE',
      location: 'Ombor A',
      reason_text: 'Yetkazib berildi',
    });
    expect(res.body.variant.label).toMatch(/^Ko'ylak \w+ M-1 \/ Qizil \/ L$/);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    expect(before).toBeNull();
    expect(await balanceOf(t.db, users["Ta'minotchi"].id, v(0).id)).toBe('12.500');
    const lot = await t.db
      .selectFrom('stock_lots')
      .selectAll()
      .where('entry_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(lot).toMatchObject({ qty_remaining: '12.500', unit_cost: '1500.00', currency_id: 1 });
  });

  it('accepts numeric strings and numbers, every entry type, and UZS', async () => {
    for (const type of ['PRODUCTION', 'RETURN', 'ADJUSTMENT', 'OTHER']) {
      const res = await supplier.post(
        'inventory/stocks-entry/',
        entryBody({ qty_received: 0.001, unit_cost: '0', currency: '2', type }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        qty_received: '0.001',
        unit_cost: '0.00',
        currency_code: 'UZS',
        type,
      });
    }
  });

  it('writes an audit row in the same transaction', async () => {
    const res = await supplier.post('inventory/stocks-entry/', entryBody());
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'stock_entry')
      .where('entity_id', '=', String(res.body.id))
      .executeTakeFirst();
    expect(audit).toMatchObject({ action: 'stock_entry.create', actor_id: users["Ta'minotchi"].id });
  });

  it("is for the Ta'minotchi only: 403 for other roles, 401 without a token", async () => {
    for (const client of [as.Bozorchi, as.manager]) {
      expect((await client.post('inventory/stocks-entry/', entryBody())).status).toBe(403);
      expect((await client.get('inventory/stocks-entry/')).status).toBe(403);
    }
    expect((await new ApiClient(t.url).post('inventory/stocks-entry/', entryBody())).status).toBe(401);
    expect((await new ApiClient(t.url).get('inventory/stocks-entry/')).status).toBe(401);
  });

  it.each([
    ['qty_received', { qty_received: 0 }],
    ['qty_received', { qty_received: '-1' }],
    ['qty_received', { qty_received: '1.0001' }],
    ['qty_received', { qty_received: 'abc' }],
    ['qty_received', { qty_received: '1e5' }],
    ['qty_received', { qty_received: '1234567890123456' }],
    ['qty_received', { qty_received: null }],
    ['unit_cost', { unit_cost: '-0.01' }],
    ['unit_cost', { unit_cost: '1.001' }],
    ['unit_cost', { unit_cost: '' }],
    ['currency', { currency: 3 }],
    ['currency', { currency: 'USD' }],
    ['type', { type: 'SALE' }],
    ['variant', { variant: 'x' }],
    ['variant', { variant: 999_999 }],
    ['location', { location: 'x'.repeat(201) }],
    ['reason_text', { reason_text: 'x'.repeat(501) }],
  ])('refuses a bad %s with a 400 field error and changes nothing (%j)', async (field, extra) => {
    const before = await countRows(t.db, 'stock_moves');
    const res = await supplier.post('inventory/stocks-entry/', entryBody(extra));
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeInstanceOf(Array);
    expect(res.body.detail).toBeTruthy();
    expect(await countRows(t.db, 'stock_moves')).toBe(before);
  });

  it("answers 400 for another business's variant, as if it did not exist", async () => {
    const res = await supplier.post('inventory/stocks-entry/', entryBody({ variant: foreignVariant.id }));
    expect(res.status).toBe(400);
    expect(res.body.variant[0]).toContain("bunday obyekt yo'q");
  });

  it('refuses a missing body and a non-JSON body with 4xx', async () => {
    expect((await supplier.post('inventory/stocks-entry/', {})).status).toBe(400);
    const raw = await supplier.request('POST', 'inventory/stocks-entry/', 'not json', {
      'content-type': 'application/json',
    });
    expect(raw.status).toBe(400);
  });

  it('applies once per Idempotency-Key and replays the first answer; another body is a 409', async () => {
    const key = { 'idempotency-key': `entry-${Date.now()}` };
    const first = await supplier.post(
      'inventory/stocks-entry/',
      entryBody({ variant: v(2).id, qty_received: 4 }),
      key,
    );
    const again = await supplier.post(
      'inventory/stocks-entry/',
      entryBody({ variant: v(2).id, qty_received: 4 }),
      key,
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t.db, users["Ta'minotchi"].id, v(2).id)).toBe('4.000');
    const other = await supplier.post(
      'inventory/stocks-entry/',
      entryBody({ variant: v(2).id, qty_received: 5 }),
      key,
    );
    expect(other.status).toBe(409);
    expect(await balanceOf(t.db, users["Ta'minotchi"].id, v(2).id)).toBe('4.000');
  });
});

describe('GET inventory/stocks-entry/', () => {
  it('lists only my entries, newest first by default, with the remaining quantity', async () => {
    const res = await supplier.get('inventory/stocks-entry/');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(3);
    expect(res.body.every((e: { department: number }) => e.department === users["Ta'minotchi"].id)).toBe(
      true,
    );
    const ids = res.body.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body[0]).toHaveProperty('qty_remaining');
  });

  it.each([
    ['qty_received', 'qty_received', 1],
    ['-qty_received', 'qty_received', -1],
    ['unit_cost', 'unit_cost', 1],
    ['-unit_cost', 'unit_cost', -1],
    ['created_at', 'created_at', 1],
  ])('orders by %s', async (ordering, field, sign) => {
    const res = await supplier.get(`inventory/stocks-entry/?ordering=${ordering}`);
    expect(res.status).toBe(200);
    const values: string[] = res.body.map((e: Record<string, string>) => e[field]);
    const cmp = (a: string, b: string) =>
      field === 'created_at' ? a.localeCompare(b) : new D(a).comparedTo(b);
    expect(values).toEqual([...values].sort((a, b) => sign * cmp(a, b)));
  });

  it('refuses an unknown ordering with a 400', async () => {
    const res = await supplier.get('inventory/stocks-entry/?ordering=drop');
    expect(res.status).toBe(400);
    expect(res.body.ordering).toBeInstanceOf(Array);
  });

  it('answers a page at a time with ?page=N, 50 a page, in the order of the whole list (DESIGN.md section 16)', async () => {
    const fresh = await createSignedInUsers(t.db, t.url, ["Ta'minotchi"] as const);
    const buyer = fresh.as["Ta'minotchi"];
    const mine = (await createVariants(t.db, fresh.businessId, 1))[0] as TestVariant;
    for (let i = 0; i < 53; i++) {
      const res = await buyer.post('inventory/stocks-entry/', {
        variant: mine.id,
        qty_received: String(i + 1),
        unit_cost: 1,
        currency: 1,
        location: i % 2 ? 'Ombor' : 'Do`kon',
      });
      expect(res.status).toBe(201);
    }
    const all = await buyer.get('inventory/stocks-entry/?ordering=qty_received');
    expect(all.body).toHaveLength(53);
    const first = await buyer.get('inventory/stocks-entry/?ordering=qty_received&page=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      count: 53,
      previous: null,
      next: '/api/inventory/stocks-entry/?ordering=qty_received&page=2',
    });
    expect(first.body.results).toHaveLength(50);
    const second = await buyer.get(first.body.next.replace('/api/', ''));
    expect(second.body).toMatchObject({
      count: 53,
      next: null,
      previous: '/api/inventory/stocks-entry/?ordering=qty_received&page=1',
    });
    expect([...first.body.results, ...second.body.results]).toEqual(all.body);
    // The location filter counts only its rows; a page past the end or not a number is DRF's 404.
    const shop = await buyer.get('inventory/stocks-entry/?location=Ombor&page=1');
    expect(shop.body.count).toBe(26);
    expect(shop.body.results.every((e: { location: string }) => e.location === 'Ombor')).toBe(true);
    for (const page of ['3', '0', 'x']) {
      const res = await buyer.get(`inventory/stocks-entry/?page=${page}`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Noto'g'ri sahifa.");
    }
    // An empty list has its page 1.
    const empty = await createSignedInUsers(t.db, t.url, ["Ta'minotchi"] as const);
    expect((await empty.as["Ta'minotchi"].get('inventory/stocks-entry/?page=1')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("shows a new Ta'minotchi an empty list", async () => {
    const fresh = await createSignedInUsers(t.db, t.url, ["Ta'minotchi"] as const);
    const res = await fresh.as["Ta'minotchi"].get('inventory/stocks-entry');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
