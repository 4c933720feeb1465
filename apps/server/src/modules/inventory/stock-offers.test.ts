import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { balanceOf, createVariants, giveStock, type TestVariant } from './inventory.fixtures.ts';
import { applyOfferItems } from './inventory.offers.ts';

// Product offers' stock effect (DESIGN.md section 3 "Offers" and "Stock"), through the offers API.

type R = 'Omborchi' | 'Bozorchi';
let t: TestApp;
let as: Record<R, ApiClient>;
let users: Record<R, TestUser>;
let businessId: number;
let variants: TestVariant[];

beforeAll(async () => {
  t = await startTestApp();
  ({ as, users, businessId } = await createSignedInUsers(t.db, t.url, ['Omborchi', 'Bozorchi'] as const));
  variants = await createVariants(t.db, businessId, 5);
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

const v = (i: number) => variants[i] as TestVariant;
const from = () => users.Omborchi.id;
const to = () => users.Bozorchi.id;

/** An outcome from the Omborchi to the Bozorchi, submitted: PENDING, waiting for the Bozorchi. */
async function pendingOffer(lines: Array<{ variant: number; quantity: string }>): Promise<number> {
  const created = await as.Omborchi.post('offers/offers/', {
    from_user: from(),
    to_user: to(),
    item_lines: lines,
    reason_text: 'Bozorga tovar yuborish',
  });
  expect(created.status).toBe(201);
  expect((await as.Omborchi.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
  return created.body.id;
}

describe('approving a product offer', () => {
  it("moves the sender's lots to the receiver first-in first-out, at their unit cost and currency", async () => {
    const lot = (qty: string, unitCost: string, currencyId: number) =>
      giveStock(t.db, { businessId, departmentId: from(), variantId: v(0).id, qty, unitCost, currencyId });
    const older = await lot('4', '10.00', 1);
    const newer = await lot('6', '12.50', 2);
    const id = await pendingOffer([{ variant: v(0).id, quantity: '5.5' }]);
    const res = await as.Bozorchi.post(`offers/offers/${id}/approve/`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPROVED');
    // The answer is built from the offer read before the approval: it must be the offer as stored.
    expect(res.body).toEqual((await as.Bozorchi.get(`offers/offers/${id}/`)).body);
    expect(await balanceOf(t.db, from(), v(0).id)).toBe('4.500');
    expect(await balanceOf(t.db, to(), v(0).id)).toBe('5.500');
    const received = await t.db
      .selectFrom('stock_lots')
      .select(['source_lot_id', 'qty_received', 'qty_remaining', 'unit_cost', 'currency_id'])
      .where('offer_id', '=', id)
      .orderBy('id')
      .execute();
    expect(received).toEqual([
      {
        source_lot_id: older.lotId,
        qty_received: '4.000',
        qty_remaining: '4.000',
        unit_cost: '10.00',
        currency_id: 1,
      },
      {
        source_lot_id: newer.lotId,
        qty_received: '1.500',
        qty_remaining: '1.500',
        unit_cost: '12.50',
        currency_id: 2,
      },
    ]);
    const kinds = await t.db
      .selectFrom('stock_moves')
      .select(['kind', 'qty'])
      .where('offer_id', '=', id)
      .orderBy('id')
      .execute();
    expect(kinds).toEqual([
      { kind: 'OFFER_OUT', qty: '-4.000' },
      { kind: 'OFFER_OUT', qty: '-1.500' },
      { kind: 'OFFER_IN', qty: '4.000' },
      { kind: 'OFFER_IN', qty: '1.500' },
    ]);
    // The receiver now holds it: my-balance shows it, and it can be issued on.
    const mine = await as.Bozorchi.get('inventory/stocks/my-balance/');
    expect(mine.body.find((b: { variant: { id: number } }) => b.variant.id === v(0).id)?.qty_on_hand).toBe(
      '5.500',
    );
    const exit = await as.Bozorchi.post('inventory/stocks-exit/', {
      variant: v(0).id,
      qty_issued: '5.5',
      currency: 1,
    });
    expect(exit.status).toBe(201);
  });

  it('refuses a shortfall with a 409 naming the variant; nothing moves and the offer stays PENDING', async () => {
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(1).id, qty: '10' });
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(2).id, qty: '1' });
    const id = await pendingOffer([
      { variant: v(1).id, quantity: '3' },
      { variant: v(2).id, quantity: '2' },
    ]);
    const res = await as.Bozorchi.post(`offers/offers/${id}/approve/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(v(2).sku);
    expect(res.body.detail).toContain("qoldig'i yetarli emas: 1.000 bor");
    expect((await as.Bozorchi.get(`offers/offers/${id}/`)).body.status).toBe('PENDING');
    expect(await balanceOf(t.db, from(), v(1).id)).toBe('10.000');
    expect(await balanceOf(t.db, to(), v(1).id)).toBeNull();
    // Once the stock is there, the same offer goes through, once.
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(2).id, qty: '1' });
    expect((await as.Bozorchi.post(`offers/offers/${id}/approve/`)).status).toBe(200);
    expect((await as.Bozorchi.post(`offers/offers/${id}/approve/`)).status).toBe(409);
    expect(await balanceOf(t.db, to(), v(1).id)).toBe('3.000');
    expect(await balanceOf(t.db, to(), v(2).id)).toBe('2.000');
    expect(await balanceOf(t.db, from(), v(2).id)).toBe('0.000');
  });

  it('moves nothing on reject or cancel', async () => {
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(3).id, qty: '2' });
    const rejected = await pendingOffer([{ variant: v(3).id, quantity: '1' }]);
    expect((await as.Bozorchi.post(`offers/offers/${rejected}/reject/`)).status).toBe(200);
    const canceled = await pendingOffer([{ variant: v(3).id, quantity: '1' }]);
    expect((await as.Omborchi.post(`offers/offers/${canceled}/cancel/`)).status).toBe(200);
    expect(await balanceOf(t.db, from(), v(3).id)).toBe('2.000');
    expect(await balanceOf(t.db, to(), v(3).id)).toBeNull();
  });

  it('applies once per Idempotency-Key on approve', async () => {
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(4).id, qty: '3' });
    const id = await pendingOffer([{ variant: v(4).id, quantity: '1' }]);
    const key = { 'idempotency-key': `approve-${id}` };
    const first = await as.Bozorchi.post(`offers/offers/${id}/approve/`, {}, key);
    const again = await as.Bozorchi.post(`offers/offers/${id}/approve/`, {}, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t.db, to(), v(4).id)).toBe('1.000');
  });
});

describe('applyOfferItems', () => {
  it('adds up two lines of one variant and does nothing for no lines', async () => {
    const [variant] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await giveStock(t.db, { businessId, departmentId: from(), variantId: variant.id, qty: '5' });
    const offer = await t.db
      .insertInto('offers')
      .values({
        business_id: businessId,
        kind: 'PRODUCT',
        created_by: from(),
        from_user_id: from(),
        to_user_id: to(),
        reason: 'Ichki harakat',
      })
      .returning(['id', 'business_id', 'from_user_id', 'to_user_id'])
      .executeTakeFirstOrThrow();
    await inTransaction(t.db, (trx) =>
      applyOfferItems(trx, offer, [
        { variant_id: variant.id, quantity: '1.250' },
        { variant_id: variant.id, quantity: '2' },
      ]),
    );
    await inTransaction(t.db, (trx) => applyOfferItems(trx, offer, []));
    expect(await balanceOf(t.db, from(), variant.id)).toBe('1.750');
    expect(await balanceOf(t.db, to(), variant.id)).toBe('3.250');
  });
});
