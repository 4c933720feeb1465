import { D } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import {
  createVariants,
  giveStock,
  balanceOf as stockOf,
  type TestVariant,
} from '../inventory/inventory.fixtures.ts';

// Stock counts (DESIGN.md section 20) through the real API on the real database: a scope's lines
// with their expected quantities, counted quantities typed and scanned, moves during the count
// taken into account, every variance and its value before posting, a shortage out first-in
// first-out and a surplus in at the last cost, exactly once; the ledgers' invariants after each.

const { t, as, users, businessId } = await startWithUsers(['Omborchi', 'Bozorchi', 'Owner', 'Kassir']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const keeper = as.Omborchi;
const seller = as.Bozorchi;
type Line = { line: number; variant: { id: number; sku: string }; [k: string]: unknown };
type Variances = { lines: Line[]; counted_lines: number; shortage_uzs: string; surplus_uzs: string };

let vs: TestVariant[];
const v = (i: number) => (vs[i] as TestVariant).id;
const sku = (i: number) => (vs[i] as TestVariant).sku;

beforeAll(async () => {
  vs = await createVariants(t.db, businessId, 30);
});

const give = (who: { id: number }, i: number, qty: string, unitCost: string, currencyId = UZS) =>
  giveStock(t.db, { businessId, departmentId: who.id, variantId: v(i), qty, unitCost, currencyId });
const start = async (client = keeper, body: Record<string, unknown> = {}) => {
  const res = await client.post('stock-counts/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: number;
    number: string;
    department: { id: number };
    lines: Array<Record<string, unknown>>;
  };
};
const listOf = (...idx: number[]) => ({ scope: 'list', variants: idx.map(v) });
const variances = async (id: number, client = keeper) =>
  (await client.get(`stock-counts/${id}/variances/`)).body as Variances;
const lineOf = (res: Variances, i: number) => res.lines.find((l) => l.variant.id === v(i)) as Line;
const counted = (id: number, lines: Array<[number, string | null]>, client = keeper) =>
  client.put(`stock-counts/${id}/counted/`, {
    lines: lines.map(([i, c]) => ({ variant: v(i), counted: c })),
  });
const docRows = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM documents WHERE kind = 'STOCK_COUNT'`.execute(t.db))
      .rows[0]?.n,
  );

describe('starting a count', () => {
  it('records each line of its scope with the balance at that moment, not yet counted', async () => {
    await give(users.Omborchi, 0, '10', '1000');
    await give(users.Omborchi, 1, '5', '2000');
    const count = await start(keeper, { scope: 'all' });
    expect(count.number).toMatch(/^C-\d{6}$/);
    const byVariant = new Map(count.lines.map((l) => [(l.variant as { id: number }).id, l]));
    expect(byVariant.get(v(0))).toMatchObject({ expected: '10.000', counted: null });
    expect(byVariant.get(v(1))).toMatchObject({ expected: '5.000', counted: null });
    expect(byVariant.has(v(2)), 'a variant not held is not in an "all" count').toBe(false);
    expect(await keeper.delete(`stock-counts/${count.id}/`)).toMatchObject({ status: 204 });
  });

  it('covers one product type, and a scan of another type is refused', async () => {
    const raw = await createVariants(t.db, businessId, 2);
    await t.db
      .updateTable('products')
      .set({ type: 'RAW' })
      .where('id', '=', raw[0]?.productId ?? 0)
      .execute();
    for (const r of raw)
      await giveStock(t.db, {
        businessId,
        departmentId: users.Omborchi.id,
        variantId: r.id,
        qty: '3',
        unitCost: '10',
        currencyId: UZS,
      });
    const count = await start(keeper, { scope: 'type', product_type: 'RAW' });
    expect(count.lines.map((l) => (l.variant as { id: number }).id).sort()).toEqual(
      raw.map((r) => r.id).sort(),
    );
    const res = await keeper.post(`stock-counts/${count.id}/scan/`, { code: sku(0) });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(sku(0));
    await keeper.delete(`stock-counts/${count.id}/`);
  });

  it('refuses a list naming an unknown variant, or nothing to count, and keeps nothing', async () => {
    const before = await docRows();
    const res = await keeper.post('stock-counts/', { scope: 'list', variants: [v(0), 99999999] });
    expect(res.status).toBe(400);
    expect(res.body['variants.1']).toBeDefined();
    expect((await keeper.post('stock-counts/', { scope: 'type', product_type: 'SEMI' })).status).toBe(400);
    expect((await keeper.post('stock-counts/', { scope: 'type' })).status).toBe(400);
    expect(await docRows()).toBe(before);
  });
});

describe('variances', () => {
  it('take the sale and the receipt made during the count into account', async () => {
    await give(users.Bozorchi, 3, '10', '100');
    await give(users.Bozorchi, 4, '10', '100');
    const count = await start(seller, listOf(3, 4));
    // During the count: 3 of v3 sold, 4 of v4 received at a new cost.
    const sale = await seller.post('sales/?post=true', {
      currency: UZS,
      lines: [{ variant: v(3), qty: '3', price: '150' }],
    });
    expect(sale.status).toBe(201);
    await give(users.Bozorchi, 4, '4', '125.50');
    expect(
      (
        await counted(
          count.id,
          [
            [3, '6'],
            [4, '15'],
          ],
          seller,
        )
      ).status,
    ).toBe(200);
    const res = await variances(count.id, seller);
    expect(lineOf(res, 3)).toMatchObject({
      expected: '10.000',
      moves_since: '-3.000',
      expected_now: '7.000',
      counted: '6.000',
      variance: '-1.000',
      unit_cost: '100.00',
      value: '-100.00',
      value_uzs: '-100.00',
    });
    expect(lineOf(res, 4)).toMatchObject({
      expected: '10.000',
      moves_since: '4.000',
      expected_now: '14.000',
      variance: '1.000',
      unit_cost: '125.50',
      value: '125.50',
      cost_known: true,
    });
    expect(res).toMatchObject({ shortage_uzs: '100.00', surplus_uzs: '125.50', counted_lines: 2 });

    const posted = await seller.post(`stock-counts/${count.id}/post/`, {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(await stockOf(t.db, users.Bozorchi.id, v(3))).toBe('6.000');
    expect(await stockOf(t.db, users.Bozorchi.id, v(4))).toBe('15.000');
    const entry = await t.db
      .selectFrom('stock_entries')
      .selectAll()
      .where('variant_id', '=', v(4))
      .where('type', '=', 'ADJUSTMENT')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ qty_received: '1.000', unit_cost: '125.50', currency_id: UZS });
    // As posted, the variances stay what posting fixed.
    expect(lineOf(await variances(count.id, seller), 3)).toMatchObject({
      variance: '-1.000',
      value_uzs: '-100.00',
    });
  });

  it('writes a shortage out of the oldest lots first, and values it at the last cost', async () => {
    const old = await give(users.Omborchi, 5, '2', '100');
    const newer = await give(users.Omborchi, 5, '5', '300');
    const count = await start(keeper, listOf(5));
    await counted(count.id, [[5, '3']]);
    expect(lineOf(await variances(count.id), 5)).toMatchObject({ variance: '-4.000', value: '-1200.00' });
    expect((await keeper.post(`stock-counts/${count.id}/post/`, {})).status).toBe(200);
    const moves = await t.db
      .selectFrom('stock_moves')
      .innerJoin('stock_exits as e', 'e.id', 'stock_moves.exit_id')
      .select(['stock_moves.lot_id', 'stock_moves.qty', 'e.type'])
      .where('e.variant_id', '=', v(5))
      .orderBy('stock_moves.lot_id')
      .execute();
    expect(moves).toEqual([
      { lot_id: old.lotId, qty: '-2.000', type: 'ADJUSTMENT' },
      { lot_id: newer.lotId, qty: '-2.000', type: 'ADJUSTMENT' },
    ]);
    expect(await stockOf(t.db, users.Omborchi.id, v(5))).toBe('3.000');
  });

  it("values a foreign cost in UZS at its lot's rate; a surplus never costed comes in at zero", async () => {
    const lot = await give(users.Omborchi, 6, '4', '12.50', USD);
    const count = await start(keeper, listOf(6, 7, 8));
    await counted(count.id, [
      [6, '6'],
      [7, '2'],
    ]);
    const rate = (
      await t.db
        .selectFrom('stock_lots')
        .select('rate_to_uzs')
        .where('id', '=', lot.lotId)
        .executeTakeFirstOrThrow()
    ).rate_to_uzs;
    const res = await variances(count.id);
    expect(lineOf(res, 6)).toMatchObject({
      variance: '2.000',
      value: '25.00',
      currency: USD,
      value_uzs: new D(25).times(rate).toFixed(2),
    });
    expect(lineOf(res, 7)).toMatchObject({
      expected: '0.000',
      variance: '2.000',
      cost_known: false,
      value: '0.00',
    });
    expect(lineOf(res, 8)).toMatchObject({ counted: null, variance: null, value: null });
    expect((await keeper.post(`stock-counts/${count.id}/post/`, {})).status).toBe(200);
    expect(await stockOf(t.db, users.Omborchi.id, v(6))).toBe('6.000');
    expect(await stockOf(t.db, users.Omborchi.id, v(7))).toBe('2.000');
    const uncounted = await t.db
      .selectFrom('stock_entries')
      .select('id')
      .where('variant_id', '=', v(8))
      .execute();
    expect(uncounted, 'an uncounted line is left as it is').toEqual([]);
  });
});

describe('counting', () => {
  it('a scan adds one by SKU or barcode; a variant not on a list count is added with its balance', async () => {
    await give(users.Omborchi, 9, '2', '50');
    await give(users.Omborchi, 10, '7', '50');
    await t.db.updateTable('variants').set({ barcode: '4780000000091' }).where('id', '=', v(9)).execute();
    const count = await start(keeper, listOf(9));
    expect((await keeper.post(`stock-counts/${count.id}/scan/`, { code: sku(9) })).body).toMatchObject({
      counted: '1.000',
    });
    const second = await keeper.post(`stock-counts/${count.id}/scan/`, { code: '4780000000091' });
    expect(second.body).toMatchObject({ counted: '2.000', variance: '0.000' });
    // Sent again with its key after a lost answer, a scan counts once.
    const key = { 'idempotency-key': `scan-${count.id}` };
    const once = await keeper.post(`stock-counts/${count.id}/scan/`, { code: sku(9) }, key);
    expect(once.body).toMatchObject({ counted: '3.000' });
    expect((await keeper.post(`stock-counts/${count.id}/scan/`, { code: sku(9) }, key)).body).toEqual(
      once.body,
    );
    expect(lineOf(await variances(count.id), 9)).toMatchObject({ counted: '3.000' });
    const added = await keeper.post(`stock-counts/${count.id}/scan/`, { code: sku(10) });
    expect(added.body).toMatchObject({ expected: '7.000', counted: '1.000', variance: '-6.000' });
    const unknown = await keeper.post(`stock-counts/${count.id}/scan/`, { code: 'NO-SUCH-CODE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('NO-SUCH-CODE');
    await keeper.delete(`stock-counts/${count.id}/`);
  });

  it('refuses bad counted quantities, all at once, and changes nothing', async () => {
    await give(users.Omborchi, 11, '2', '50');
    const count = await start(keeper, listOf(11));
    await counted(count.id, [[11, '1']]);
    expect((await counted(count.id, [[11, '-1']])).status).toBe(400);
    expect((await counted(count.id, [[11, '1.0001']])).status).toBe(400);
    const outside = await counted(count.id, [
      [11, '5'],
      [12, '1'],
    ]);
    expect(outside.status).toBe(400);
    expect(outside.body['lines.1.variant']).toBeDefined();
    expect(lineOf(await variances(count.id), 11)).toMatchObject({ counted: '1.000' });
    expect((await counted(count.id, [[11, null]])).status).toBe(200);
    const nothing = await keeper.post(`stock-counts/${count.id}/post/`, {});
    expect(nothing.status).toBe(400);
    await keeper.delete(`stock-counts/${count.id}/`);
  });
});

describe('posting and reversal', () => {
  it('posts once: the same key answers again, a concurrent second post is refused', async () => {
    await give(users.Omborchi, 13, '5', '40');
    const count = await start(keeper, listOf(13));
    await counted(count.id, [[13, '4']]);
    const [a, b] = await Promise.all([
      keeper.post(`stock-counts/${count.id}/post/`, {}, { 'idempotency-key': 'count-a' }),
      keeper.post(`stock-counts/${count.id}/post/`, {}, { 'idempotency-key': 'count-b' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await keeper.post(
      `stock-counts/${count.id}/post/`,
      {},
      { 'idempotency-key': a.status === 200 ? 'count-a' : 'count-b' },
    );
    expect(again.status).toBe(200);
    expect(await stockOf(t.db, users.Omborchi.id, v(13))).toBe('4.000');
    expect((await counted(count.id, [[13, '5']])).status, 'a posted count is not changed').toBe(409);
    expect((await keeper.get(`stock-counts/${count.id}/print/`)).status, 'its print form').toBe(200);
    const history = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'stock_count')
      .where('entity_id', '=', String(count.id))
      .execute();
    expect(history.map((h) => h.action)).toContain('stock_count.post');
  });

  it('reverses by the opposite moves, and refuses once a surplus has left', async () => {
    await give(users.Omborchi, 14, '5', '40');
    await give(users.Omborchi, 15, '5', '40');
    const count = await start(keeper, listOf(14, 15));
    await counted(count.id, [
      [14, '3'],
      [15, '8'],
    ]);
    expect((await keeper.post(`stock-counts/${count.id}/post/`, {})).status).toBe(200);
    const reversed = await keeper.post(`stock-counts/${count.id}/reverse/`, {});
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.status).toBe('REVERSED');
    expect(await stockOf(t.db, users.Omborchi.id, v(14))).toBe('5.000');
    expect(await stockOf(t.db, users.Omborchi.id, v(15))).toBe('5.000');

    const second = await start(keeper, listOf(15));
    await counted(second.id, [[15, '9']]);
    await keeper.post(`stock-counts/${second.id}/post/`, {});
    // Everything of v15 leaves, the surplus's lot with it: the count is not reversed.
    const all = await start(keeper, listOf(15));
    await counted(all.id, [[15, '0']]);
    expect((await keeper.post(`stock-counts/${all.id}/post/`, {})).status).toBe(200);
    const refused = await keeper.post(`stock-counts/${second.id}/reverse/`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(sku(15));
    expect(await stockOf(t.db, users.Omborchi.id, v(15))).toBe('0.000');
  });
});

describe('who counts', () => {
  it("another department's count is not seen; the Owner counts a department; the cashier does not", async () => {
    await give(users.Omborchi, 16, '3', '10');
    const count = await start(keeper, listOf(16));
    expect((await seller.get(`stock-counts/${count.id}/`)).status).toBe(404);
    expect((await seller.post(`stock-counts/${count.id}/scan/`, { code: sku(16) })).status).toBe(404);
    expect((await seller.post(`stock-counts/${count.id}/post/`, {})).status).toBe(404);
    expect((await as.Kassir.post('stock-counts/', listOf(16))).status).toBe(403);
    expect(
      (await seller.post('stock-counts/', { ...listOf(16), department: users.Omborchi.id })).status,
    ).toBe(403);

    const owners = await start(as.Owner, { ...listOf(16), department: users.Omborchi.id });
    expect(owners.department.id).toBe(users.Omborchi.id);
    expect(owners.lines[0]).toMatchObject({ expected: '3.000' });
    await counted(owners.id, [[16, '2']], as.Owner);
    expect((await as.Owner.post(`stock-counts/${owners.id}/post/`, {})).status).toBe(200);
    expect(await stockOf(t.db, users.Omborchi.id, v(16))).toBe('2.000');
    await keeper.delete(`stock-counts/${count.id}/`);
  });
});
