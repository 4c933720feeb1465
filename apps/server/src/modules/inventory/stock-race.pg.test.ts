import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, createVariants, giveStock, type TestVariant } from './inventory.fixtures.ts';

// Real PostgreSQL concurrency (DESIGN.md section 3 "Stock"): exits and product approvals racing
// on one variant never take more than there is, and the ledger, lots and balances agree.

type R = 'Omborchi' | 'Bozorchi';
let t: TestApp;
let as: Record<R, ApiClient>;
let users: Record<R, TestUser>;
let businessId: number;

beforeAll(async () => {
  t = await startTestApp({ poolSize: 30 });
  ({ as, users, businessId } = await createSignedInUsers(t.db, t.url, ['Omborchi', 'Bozorchi'] as const));
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

async function pendingOffer(
  creator: ApiClient,
  fromId: number,
  toId: number,
  lines: Array<{ variant: number; quantity: string }>,
) {
  const created = await creator.post('offers/offers/', {
    from_user: fromId,
    to_user: toId,
    item_lines: lines,
    reason_text: 'Poyga sinovi uchun',
  });
  expect(created.status).toBe(201);
  expect((await creator.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
  return created.body.id as number;
}

describe('stock under concurrent load', () => {
  it('many exits and approvals in both directions on one variant never overdraw it', async () => {
    const [v, w] = (await createVariants(t.db, businessId, 2)) as [TestVariant, TestVariant];
    const trader = users.Bozorchi.id;
    const store = users.Omborchi.id;
    for (const qty of ['7', '8', '5'])
      await giveStock(t.db, { businessId, departmentId: trader, variantId: v.id, qty });
    await giveStock(t.db, { businessId, departmentId: store, variantId: v.id, qty: '6' });
    await giveStock(t.db, { businessId, departmentId: store, variantId: w.id, qty: '50' });
    await giveStock(t.db, { businessId, departmentId: trader, variantId: w.id, qty: '50' });

    // Trader -> store offers (approved by the store) and store -> trader offers (approved by the
    // trader) with two lines each, so their locks cross unless taken in one order.
    const outgoing = await Promise.all(
      Array.from({ length: 8 }, () =>
        pendingOffer(as.Bozorchi, trader, store, [
          { variant: w.id, quantity: '1' },
          { variant: v.id, quantity: '2' },
        ]),
      ),
    );
    const incoming = await Promise.all(
      Array.from({ length: 4 }, () =>
        pendingOffer(as.Omborchi, store, trader, [
          { variant: v.id, quantity: '1' },
          { variant: w.id, quantity: '1' },
        ]),
      ),
    );

    const exits = Array.from({ length: 30 }, () =>
      as.Bozorchi.post('inventory/stocks-exit/', { variant: v.id, qty_issued: '1.5', currency: 1 }),
    );
    const outApprovals = outgoing.map((id) => as.Omborchi.post(`offers/offers/${id}/approve/`));
    const inApprovals = incoming.map((id) => as.Bozorchi.post(`offers/offers/${id}/approve/`));
    const [exitRes, outRes, inRes] = await Promise.all([
      Promise.all(exits),
      Promise.all(outApprovals),
      Promise.all(inApprovals),
    ]);

    for (const res of [...exitRes, ...outRes, ...inRes]) expect([200, 201, 409]).toContain(res.status);
    expect(inRes.every((r) => r.status === 200)).toBe(true); // the store has enough of both
    const exitsDone = exitRes.filter((r) => r.status === 201).length;
    const outDone = outRes.filter((r) => r.status === 200).length;
    // 20 + 4 in = 24 available to the trader; each exit takes 1.5 and each outgoing offer 2.
    const expected = new D(24).minus(new D('1.5').times(exitsDone)).minus(new D(2).times(outDone));
    expect(expected.gte(0)).toBe(true);
    // Demand (45 + 16) far exceeds the supply of 24: some were refused.
    expect(exitsDone + outDone).toBeLessThan(exits.length + outgoing.length);
    expect(await balanceOf(t.db, trader, v.id)).toBe(expected.toFixed(3));
    expect(await balanceOf(t.db, store, v.id)).toBe(
      new D(6).minus(4).plus(new D(2).times(outDone)).toFixed(3),
    );
    for (const res of exitRes.filter((r) => r.status === 409)) expect(res.body.detail).toContain(v.sku);
  });

  it('two approvals of one offer racing move the stock exactly once', async () => {
    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await giveStock(t.db, { businessId, departmentId: users.Omborchi.id, variantId: v.id, qty: '10' });
    const id = await pendingOffer(as.Omborchi, users.Omborchi.id, users.Bozorchi.id, [
      { variant: v.id, quantity: '4' },
    ]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => as.Bozorchi.post(`offers/offers/${id}/approve/`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await balanceOf(t.db, users.Bozorchi.id, v.id)).toBe('4.000');
    expect(await balanceOf(t.db, users.Omborchi.id, v.id)).toBe('6.000');
  });

  it('concurrent exits with one Idempotency-Key apply once', async () => {
    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await giveStock(t.db, { businessId, departmentId: users.Bozorchi.id, variantId: v.id, qty: '10' });
    const key = { 'idempotency-key': `race-${v.id}` };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        as.Bozorchi.post('inventory/stocks-exit/', { variant: v.id, qty_issued: '3', currency: 2 }, key),
      ),
    );
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await balanceOf(t.db, users.Bozorchi.id, v.id)).toBe('7.000');
  });
});
