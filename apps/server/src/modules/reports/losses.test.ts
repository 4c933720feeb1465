import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// The losses report (DESIGN.md sections 11, 20 and 22) through the real API: a shift closed short
// in sums and dollars, a transfer received short and a stock count with a shortage and a surplus
// (and a reversed count, left out), in one list valued in UZS with each kind's total; every
// department reads its own.

const { t, as, users, businessId } = await startWithUsers(['Kassir', 'Bozorchi', 'Omborchi', 'Owner']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

let variants: TestVariant[];
let usdRate: string;
const v = (i: number) => (variants[i] as TestVariant).id;

interface Row {
  kind: string;
  department: { id: number };
  source: { number: string };
  variant: { id: number } | null;
  qty: string | null;
  currency_code: string | null;
  amount: string | null;
  amount_uzs: string;
}

async function count(lines: Array<[number, string]>): Promise<number> {
  const keeper = as.Omborchi;
  const started = await keeper.post('stock-counts/', { scope: 'list', variants: lines.map(([i]) => v(i)) });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const put = await keeper.put(`stock-counts/${started.body.id}/counted/`, {
    lines: lines.map(([i, counted]) => ({ variant: v(i), counted })),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const posted = await keeper.post(`stock-counts/${started.body.id}/post/`, {});
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return started.body.id;
}

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 4);
  usdRate = (
    await t.db
      .selectFrom('business_currencies')
      .select('rate_to_uzs')
      .where('business_id', '=', businessId)
      .where('currency_id', '=', USD)
      .executeTakeFirstOrThrow()
  ).rate_to_uzs;

  // A shift closed 5,000 sums and 2 dollars short.
  await fund(t.db, { id: users.Kassir.id, businessId }, UZS, '500000');
  await fund(t.db, { id: users.Kassir.id, businessId }, USD, '100');
  const shift = await as.Kassir.post('shifts/', {
    opening: [
      { currency: UZS, amount: '500000' },
      { currency: USD, amount: '100' },
    ],
  });
  expect(shift.status).toBe(201);
  const closed = await as.Kassir.post(`shifts/${shift.body.id}/close/`, {
    counted: [
      { currency: UZS, amount: '495000' },
      { currency: USD, amount: '98' },
    ],
  });
  expect(closed.status).toBe(200);

  // Omborchi -> Bozorchi: 10 sent, 8 received, from a 1,000 UZS lot: 2,000 lost.
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId: v(0),
    qty: '10',
    unitCost: '1000',
    currencyId: UZS,
  });
  const offer = await as.Omborchi.post('offers/offers/', {
    from_user: users.Omborchi.id,
    to_user: users.Bozorchi.id,
    item_lines: [{ variant: v(0), quantity: '10' }],
    reason_text: 'Do‘konga',
  });
  expect(offer.status).toBe(201);
  await as.Omborchi.post(`offers/offers/${offer.body.id}/submit/`);
  const approved = await as.Bozorchi.post(`offers/offers/${offer.body.id}/approve/`, {
    received: [{ variant: v(0), qty: '8', reason_text: 'Singan' }],
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);

  // A count: 3 short of a 500 UZS lot (-1,500), 1 over at the last cost 200 (+200).
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId: v(1),
    qty: '10',
    unitCost: '500',
    currencyId: UZS,
  });
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId: v(2),
    qty: '5',
    unitCost: '200',
    currencyId: UZS,
  });
  await count([
    [1, '7'],
    [2, '6'],
  ]);
  // A count posted and reversed is left out.
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId: v(3),
    qty: '4',
    unitCost: '900',
    currencyId: UZS,
  });
  const reversed = await count([[3, '1']]);
  const undone = await as.Omborchi.post(`stock-counts/${reversed}/reverse/`, {});
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
});

describe('the losses report', () => {
  it('lists the three kinds side by side in UZS with a total per kind and in all', async () => {
    const res = await as.Owner.get('reports/losses/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.results as Row[];
    const usdUzs = new D(-2).times(usdRate).toFixed(2);
    expect(rows.filter((r) => r.kind === 'SHIFT_DIFF')).toEqual([
      expect.objectContaining({
        currency_code: 'UZS',
        amount: '-5000.00',
        amount_uzs: '-5000.00',
        variant: null,
      }),
      expect.objectContaining({ currency_code: 'USD', amount: '-2.00', amount_uzs: usdUzs }),
    ]);
    expect(rows.filter((r) => r.kind === 'TRANSIT_LOSS')).toEqual([
      expect.objectContaining({
        department: expect.objectContaining({ id: users.Omborchi.id }),
        variant: expect.objectContaining({ id: v(0) }),
        qty: '-2.000',
        amount_uzs: '-2000.00',
      }),
    ]);
    const counted = rows.filter((r) => r.kind === 'STOCK_COUNT');
    expect(counted).toHaveLength(2);
    expect(counted.find((r) => r.variant?.id === v(1))).toMatchObject({
      qty: '-3.000',
      amount_uzs: '-1500.00',
    });
    expect(counted.find((r) => r.variant?.id === v(2))).toMatchObject({ qty: '1.000', amount_uzs: '200.00' });
    expect(counted.some((r) => r.variant?.id === v(3))).toBe(false);
    const shiftTotal = new D(-5000).plus(usdUzs);
    expect(res.body.totals).toEqual({
      shift_diff_uzs: shiftTotal.toFixed(2),
      transit_loss_uzs: '-2000.00',
      stock_count_uzs: '-1300.00',
      total_uzs: shiftTotal.minus(3300).toFixed(2),
    });
    // The rows add up to the total, exactly.
    expect(rows.reduce((sum, r) => sum.plus(r.amount_uzs), new D(0)).toFixed(2)).toBe(
      res.body.totals.total_uzs,
    );

    // One kind's rows; the totals stay every kind's.
    const only = await as.Owner.get('reports/losses/?kind=STOCK_COUNT');
    expect(only.body.results.map((r: Row) => r.kind)).toEqual(['STOCK_COUNT', 'STOCK_COUNT']);
    expect(only.body.totals).toEqual(res.body.totals);
    expect((await as.Owner.get('reports/losses/?kind=LOST')).status).toBe(400);

    // The same rows as a file.
    const csv = await fetch(`${t.url}/api/reports/losses/?format=csv`, {
      headers: { authorization: `Bearer ${as.Owner.token ?? ''}` },
    });
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const text = await csv.text();
    expect(text).toContain('Smena farqi');
    expect(text).toContain("Yo'ldagi yo'qotish");
    expect(text).toContain('Inventarizatsiya');
  });

  it('gives a department its own: the cashier its shifts, a receiver the losses of what it received', async () => {
    const cashier = await as.Kassir.get('reports/losses/');
    expect(cashier.body.results.map((r: Row) => r.kind)).toEqual(['SHIFT_DIFF', 'SHIFT_DIFF']);
    expect(cashier.body.totals).toMatchObject({ transit_loss_uzs: '0.00', stock_count_uzs: '0.00' });
    const receiver = await as.Bozorchi.get('reports/losses/');
    expect(receiver.body.results.map((r: Row) => r.kind)).toEqual(['TRANSIT_LOSS']);
    const keeper = await as.Omborchi.get('reports/losses/');
    expect(keeper.body.results.map((r: Row) => r.kind).sort()).toEqual([
      'STOCK_COUNT',
      'STOCK_COUNT',
      'TRANSIT_LOSS',
    ]);
    // Another department's is refused; the Owner may ask for one.
    expect((await as.Kassir.get(`reports/losses/?department=${users.Omborchi.id}`)).status).toBe(403);
    const one = await as.Owner.get(`reports/losses/?department=${users.Kassir.id}`);
    expect(one.body.count).toBe(2);
  });
});
