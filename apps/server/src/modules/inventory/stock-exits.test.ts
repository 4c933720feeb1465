import { D, StockBalanceSchema } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../test/client.ts';
import { auditOf, createSignedInUsers } from '../../../test/factories.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, countRows, createVariants, giveStock, type TestVariant } from './inventory.fixtures.ts';

const { t, as, users, businessId } = await startWithUsers(["Ta'minotchi", 'Bozorchi', 'Omborchi']);
afterAll(() => t.close());
const trader = as.Bozorchi;
const me = users.Bozorchi.id;
let variants: TestVariant[];

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 6);
});
afterEach(() => assertStockInvariants(t.db));

const v = (i: number) => variants[i] as TestVariant;
const give = (variant: number, qty: string, unitCost = '1.00', departmentId = me) =>
  giveStock(t.db, { businessId, departmentId, variantId: variant, qty, unitCost });
const exitBody = (extra: Record<string, unknown> = {}) => ({
  variant: v(0).id,
  qty_issued: '1',
  currency: 2,
  ...extra,
});

describe('POST inventory/stocks-exit/', () => {
  it('issues stock: 201 with the exit, the balance goes down, defaults SALE and a null price', async () => {
    await give(v(0).id, '10');
    const res = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ qty_issued: 2.5, location: 'Bozor', note: 'Sotildi' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      department: me,
      variant: { id: v(0).id, sku: v(0).sku, product: v(0).productId },
      qty_issued: '2.500',
      unit_price: null,
      currency: 2,
      currency_code: 'UZS',
      type: 'SALE',
      location: 'Bozor',
      note: 'Sotildi',
    });
    expect(await balanceOf(t.db, me, v(0).id)).toBe('7.500');
    const [audit] = await auditOf(t.db, 'stock_exit', res.body.id);
    expect(audit?.action).toBe('stock_exit.create');
  });

  it('consumes lots first-in first-out and records which lots it took', async () => {
    const first = await give(v(1).id, '10', '1.00');
    const second = await give(v(1).id, '5', '2.00');
    const res = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ variant: v(1).id, qty_issued: '12', unit_price: '3.5', type: 'WRITE_OFF' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unit_price: '3.50', type: 'WRITE_OFF' });
    const lots = await t.db
      .selectFrom('stock_lots')
      .select(['id', 'qty_remaining'])
      .where('id', 'in', [first.lotId, second.lotId])
      .orderBy('id')
      .execute();
    expect(lots.map((l) => l.qty_remaining)).toEqual(['0.000', '3.000']);
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['lot_id', 'qty', 'kind'])
      .where('exit_id', '=', res.body.id)
      .orderBy('lot_id')
      .execute();
    expect(moves).toEqual([
      { lot_id: first.lotId, qty: '-10.000', kind: 'EXIT' },
      { lot_id: second.lotId, qty: '-2.000', kind: 'EXIT' },
    ]);
  });

  it('refuses an issue beyond the stock on hand with a 409 naming the variant and what is available', async () => {
    await give(v(2).id, '3');
    const before = await countRows(t.db, 'stock_exits');
    const res = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ variant: v(2).id, qty_issued: '3.001' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(v(2).sku);
    expect(res.body.detail).toContain("qoldig'i yetarli emas: 3.000 bor");
    expect(await countRows(t.db, 'stock_exits')).toBe(before);
    expect(await balanceOf(t.db, me, v(2).id)).toBe('3.000');
    // The whole stock can go, and then nothing more.
    expect(
      (await trader.post('inventory/stocks-exit/', exitBody({ variant: v(2).id, qty_issued: '3' }))).status,
    ).toBe(201);
    const none = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ variant: v(2).id, qty_issued: '0.001' }),
    );
    expect(none.status).toBe(409);
    expect(none.body.detail).toContain("qoldig'i yetarli emas: 0.000 bor");
  });

  it('answers 409 with 0.000 available for a variant never held', async () => {
    const res = await trader.post('inventory/stocks-exit/', exitBody({ variant: v(3).id }));
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("qoldig'i yetarli emas: 0.000 bor");
  });

  it("does not issue another department's stock", async () => {
    await give(v(4).id, '8', '1.00', users.Omborchi.id);
    const res = await trader.post('inventory/stocks-exit/', exitBody({ variant: v(4).id, qty_issued: '1' }));
    expect(res.status).toBe(409);
    expect(await balanceOf(t.db, users.Omborchi.id, v(4).id)).toBe('8.000');
  });

  it('is for the Bozorchi only', async () => {
    for (const client of [as["Ta'minotchi"], as.Omborchi]) {
      expect((await client.post('inventory/stocks-exit/', exitBody())).status).toBe(403);
      expect((await client.get('inventory/stocks-exit/')).status).toBe(403);
    }
    expect((await new ApiClient(t.url).post('inventory/stocks-exit/', exitBody())).status).toBe(401);
  });

  it.each([
    ['qty_issued', { qty_issued: 0 }],
    ['qty_issued', { qty_issued: '-2' }],
    ['qty_issued', { qty_issued: '0.0001' }],
    ['qty_issued', { qty_issued: undefined }],
    ['unit_price', { unit_price: -1 }],
    ['unit_price', { unit_price: 'free' }],
    ['currency', { currency: undefined }],
    ['currency', { currency: 0 }],
    ['type', { type: 'PURCHASE' }],
    ['variant', { variant: 2_000_000 }],
    ['note', { note: 'n'.repeat(501) }],
  ])('refuses a bad %s with a 400 and changes nothing (%j)', async (field, extra) => {
    const before = await countRows(t.db, 'stock_moves');
    const res = await trader.post('inventory/stocks-exit/', exitBody(extra));
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeInstanceOf(Array);
    expect(await countRows(t.db, 'stock_moves')).toBe(before);
  });

  it('applies once per Idempotency-Key', async () => {
    await give(v(5).id, '5');
    const key = { 'idempotency-key': `exit-${Date.now()}` };
    const first = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ variant: v(5).id, qty_issued: '2' }),
      key,
    );
    const again = await trader.post(
      'inventory/stocks-exit/',
      exitBody({ variant: v(5).id, qty_issued: '2' }),
      key,
    );
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t.db, me, v(5).id)).toBe('3.000');
  });
});

describe('GET inventory/stocks-exit/', () => {
  it('lists my exits newest first, and orders by quantity and price', async () => {
    const res = await trader.get('inventory/stocks-exit/');
    expect(res.status).toBe(200);
    const ids = res.body.map((x: { id: number }) => x.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byQty = await trader.get('inventory/stocks-exit/?ordering=-qty_issued');
    const qtys: string[] = byQty.body.map((x: { qty_issued: string }) => x.qty_issued);
    expect(qtys).toEqual([...qtys].sort((a, b) => new D(b).comparedTo(a)));
    const byPrice = await trader.get('inventory/stocks-exit/?ordering=unit_price');
    expect(byPrice.status).toBe(200);
    expect(byPrice.body.at(-1).unit_price).toBeNull();
    expect((await trader.get('inventory/stocks-exit/?ordering=qty_received')).status).toBe(400);
  });

  it('answers a page at a time with ?page=N (DESIGN.md section 16)', async () => {
    await give(v(5).id, '100');
    for (let i = 0; i < 51; i++)
      expect((await trader.post('inventory/stocks-exit/', exitBody({ variant: v(5).id }))).status).toBe(201);
    const all = await trader.get('inventory/stocks-exit/');
    const first = await trader.get('inventory/stocks-exit/?page=1');
    expect(first.body).toMatchObject({
      count: all.body.length,
      previous: null,
      next: '/api/inventory/stocks-exit/?page=2',
    });
    expect(first.body.results).toEqual(all.body.slice(0, 50));
    const second = await trader.get('inventory/stocks-exit/?page=2');
    expect(second.body.results).toEqual(all.body.slice(50, 100));
  });
});

describe('GET inventory/stocks/my-balance/', () => {
  it('lists what I hold above zero, with the variant object', async () => {
    const res = await trader.get('inventory/stocks/my-balance/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    // Built by PostgreSQL, so check the documented shape strictly.
    expect(() => z.array(StockBalanceSchema.strict()).parse(res.body)).not.toThrow();
    for (const b of res.body) expect(new Date(b.updated_at).toISOString()).toBe(b.updated_at);
    const byVariant = new Map(res.body.map((b: { variant: { id: number } }) => [b.variant.id, b]));
    expect(byVariant.get(v(0).id)).toMatchObject({
      qty_on_hand: '7.500',
      variant: {
        id: v(0).id,
        sku: v(0).sku,
        product: v(0).productId,
        product_code: v(0).productCode,
        color_name: 'Qizil',
        color_code: '#ff0000',
        size_label: 'L',
      },
    });
    // Issued to zero: gone from the list; never held or another department's: absent.
    expect(byVariant.has(v(2).id)).toBe(false);
    expect(byVariant.has(v(3).id)).toBe(false);
    expect(byVariant.has(v(4).id)).toBe(false);
  });

  it('follows catalogue edits: the variant object stays the one the catalogue gives', async () => {
    // The rows are kept as JSON text by triggers (migration 0008): a rename of the product, the
    // colour (name or code), the size or the SKU must reach them.
    const [w] = await createVariants(t.db, businessId, 1);
    if (!w) throw new Error('no variant');
    await give(w.id, '3');
    const variantOf = async () =>
      (await trader.get('inventory/stocks/my-balance/')).body.find(
        (b: { variant: { id: number } }) => b.variant.id === w.id,
      )?.variant;
    const catalogue = async () => {
      const { sku, barcode, label, product, product_code, color_name, color_code, size_label } = (
        await trader.get(`catalog/variants/${w.id}/`)
      ).body;
      return { id: w.id, sku, barcode, label, product, product_code, color_name, color_code, size_label };
    };
    expect(await variantOf()).toMatchObject(await catalogue());

    const ids = await t.db
      .selectFrom('variants')
      .select(['color_id', 'size_id'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('products')
      .set({ name: 'Shim "yozgi"', model: 'Z-9' })
      .where('id', '=', w.productId)
      .execute();
    await t.db
      .updateTable('colors')
      .set({ code: '#00ff00' })
      .where('id', '=', Number(ids.color_id))
      .execute();
    await t.db.updateTable('sizes').set({ label: ' ' }).where('id', '=', Number(ids.size_id)).execute();
    await t.db
      .updateTable('variants')
      // The barcode too: the counter scans from the device's copy offline (DESIGN.md section 23).
      .set({ sku: `${w.sku}-B`, barcode: `BC-${w.id}` })
      .where('id', '=', w.id)
      .execute();
    const after = await variantOf();
    expect(after).toMatchObject({
      sku: `${w.sku}-B`,
      barcode: `BC-${w.id}`,
      product_name: 'Shim "yozgi"',
      label: 'Shim "yozgi" Z-9 / Qizil / 42',
      color_code: '#00ff00',
      size_label: '42',
    });
    expect(after).toMatchObject(await catalogue());
  });

  it('sends an ETag: the same answer again is a 304, and any change is a new answer', async () => {
    // The server keeps the last answer per department while its version holds (inventory.service
    // myBalances): a stale answer after a change would show stock that is not there.
    const [w] = await createVariants(t.db, businessId, 1);
    if (!w) throw new Error('no variant');
    await give(w.id, '5');
    const qtyOf = (body: Array<{ variant: { id: number }; qty_on_hand: string }>) =>
      body.find((b) => b.variant.id === w.id)?.qty_on_hand;
    const first = await trader.get('inventory/stocks/my-balance/');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(qtyOf(first.body)).toBe('5.000');

    const again = await trader.get('inventory/stocks/my-balance/');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(etag);
    const notModified = await trader.get('inventory/stocks/my-balance/', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();

    // Another department's stock moving leaves mine as it was.
    await give(w.id, '1', '1.00', users["Ta'minotchi"].id);
    expect((await trader.get('inventory/stocks/my-balance/', { 'if-none-match': etag })).status).toBe(304);

    expect(
      (await trader.post('inventory/stocks-exit/', exitBody({ variant: w.id, qty_issued: '2' }))).status,
    ).toBe(201);
    const afterExit = await trader.get('inventory/stocks/my-balance/', { 'if-none-match': etag });
    expect(afterExit.status).toBe(200);
    expect(qtyOf(afterExit.body)).toBe('3.000');
    const etag2 = afterExit.headers.get('etag');
    expect(etag2).not.toBe(etag);

    // A catalogue edit changes the answer without a stock move.
    await t.db.updateTable('products').set({ name: 'Kurtka' }).where('id', '=', w.productId).execute();
    const afterRename = await trader.get('inventory/stocks/my-balance/', { 'if-none-match': etag2 ?? '' });
    expect(afterRename.status).toBe(200);
    expect(
      afterRename.body.find((b: { variant: { id: number } }) => b.variant.id === w.id).variant.product_name,
    ).toBe('Kurtka');

    // Issued to zero: gone, with a new version.
    expect(
      (await trader.post('inventory/stocks-exit/', exitBody({ variant: w.id, qty_issued: '3' }))).status,
    ).toBe(201);
    const empty = await trader.get('inventory/stocks/my-balance/', {
      'if-none-match': afterRename.headers.get('etag') ?? '',
    });
    expect(empty.status).toBe(200);
    expect(qtyOf(empty.body)).toBeUndefined();
  });

  it('is open to every signed-in role and empty for a new user; 401 without a token', async () => {
    const res = await as.Omborchi.get('inventory/stocks/my-balance');
    expect(res.status).toBe(200);
    expect(res.body.map((b: { variant: { id: number } }) => b.variant.id)).toEqual([v(4).id]);
    const fresh = await createSignedInUsers(t.db, t.url, ['Kassir'] as const);
    expect((await fresh.as.Kassir.get('inventory/stocks/my-balance/')).body).toEqual([]);
    expect((await new ApiClient(t.url).get('inventory/stocks/my-balance/')).status).toBe(401);
  });
});
