import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, balanceOf as moneyOf, UZS } from '../finance/finance.fixtures.ts';
import {
  createVariants,
  giveStock,
  balanceOf as stockOf,
  type TestVariant,
} from '../inventory/inventory.fixtures.ts';

// Returns (DESIGN.md section 20) through the real API on the real database: a sale's goods back
// to the lots they left at their cost, a purchase's out to the supplier first-in first-out, at
// most what is left of each line (under the source's lock), refunded in cash or on the debt; the
// ledgers' and documents' invariants after every test.

const { t, as, users, businessId } = await startWithUsers(['Bozorchi', "Ta'minotchi", 'Owner', 'Omborchi']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const seller = as.Bozorchi;
const me = users.Bozorchi;
const buyer = as["Ta'minotchi"];
const buyerUser = users["Ta'minotchi"];
let variants: TestVariant[];
let customer: number;
let supplier: number;
const v = (i: number) => (variants[i] as TestVariant).id;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 10);
  customer = (await seller.post('crm/counterparties/', { name: 'Aziz aka', kind: 'CUSTOMER' })).body.id;
  supplier = (await buyer.post('crm/counterparties/', { name: 'Tekstil MChJ', kind: 'SUPPLIER' })).body.id;
  await fund(t.db, { id: buyerUser.id, businessId }, UZS, '10000000');
});

const give = (variant: number, qty: string, unitCost: string) =>
  giveStock(t.db, { businessId, departmentId: me.id, variantId: variant, qty, unitCost, currencyId: UZS });

type Body = Record<string, unknown>;
const sell = async (body: Body) => {
  const res = await seller.post('sales/?post=true', { currency: UZS, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; number: string; total: string; lines: Array<{ id: number }> };
};
const lineOf = (doc: { lines: Array<{ id: number }> }, i = 0) => (doc.lines[i] as { id: number }).id;
const saleReturn = (source: number, lines: Array<[number, string]>, refund = 'cash', key?: string) =>
  seller.post(
    'returns/?post=true',
    { source_kind: 'sale', source, refund, lines: lines.map(([l, qty]) => ({ source_line: l, qty })) },
    key ? { 'idempotency-key': key } : undefined,
  );
const lotsOf = (variant: number) =>
  t.db
    .selectFrom('stock_lots')
    .select(['unit_cost', 'qty_remaining'])
    .where('department_id', '=', me.id)
    .where('variant_id', '=', variant)
    .orderBy('id')
    .execute();

describe('returning a sale', () => {
  it('gives back to the lots consumed last first, at their cost, and refunds the cash', async () => {
    await give(v(0), '2', '1000.00');
    await give(v(0), '3', '2000.00');
    const sale = await sell({ lines: [{ variant: v(0), qty: '4', price: '10000' }] });
    expect(await lotsOf(v(0))).toEqual([
      { unit_cost: '1000.00', qty_remaining: '0.000' },
      { unit_cost: '2000.00', qty_remaining: '1.000' },
    ]);
    const cash = (await moneyOf(t.db, me.id, UZS)) ?? '0';
    const res = await saleReturn(sale.id, [[lineOf(sale), '3']]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'RETURN',
      status: 'POSTED',
      number: expect.stringMatching(/^R-\d{6}$/),
      total: '30000.00',
      refund: 'CASH',
      source: { id: sale.id, kind: 'SALE', number: sale.number },
      department: { id: me.id },
    });
    expect(res.body.lines[0]).toMatchObject({ qty: '3.000', price: '10000.00', source_line: lineOf(sale) });
    // Two from the 2000 lot (consumed last), one from the 1000 lot.
    expect(await lotsOf(v(0))).toEqual([
      { unit_cost: '1000.00', qty_remaining: '1.000' },
      { unit_cost: '2000.00', qty_remaining: '3.000' },
    ]);
    expect(await stockOf(t.db, me.id, v(0))).toBe('4.000');
    expect(await moneyOf(t.db, me.id, UZS)).toBe(new D(cash).minus(30000).toFixed(2));
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['kind', 'qty'])
      .where('document_line_id', '=', res.body.lines[0].id)
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { kind: 'EXIT_REVERSAL', qty: '2.000' },
      { kind: 'EXIT_REVERSAL', qty: '1.000' },
    ]);
  });

  it('caps a second return at what is left (409 naming the line), and the last units take the exact rest', async () => {
    await give(v(1), '3', '500.00');
    const sale = await sell({ lines: [{ variant: v(1), qty: '3', price: '3400', discount: '200' }] });
    expect(sale.total).toBe('10000.00');
    const first = await saleReturn(sale.id, [[lineOf(sale), '1']]);
    expect(first.body.total).toBe('3333.33');
    const beyond = await saleReturn(sale.id, [[lineOf(sale), '3']]);
    expect(beyond.status).toBe(409);
    expect(beyond.body['lines.0.qty']).toBeDefined();
    expect(beyond.body.detail).toContain(variants[1]?.sku);
    const rest = await saleReturn(sale.id, [[lineOf(sale), '2']]);
    expect(rest.status).toBe(201);
    expect(rest.body.total).toBe('6666.67');
    expect((await saleReturn(sale.id, [[lineOf(sale), '0.001']])).status).toBe(409);
  });

  it('concurrent returns of one sale never return more than was sold', async () => {
    await give(v(2), '4', '100.00');
    const sale = await sell({ lines: [{ variant: v(2), qty: '4', price: '1000' }] });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saleReturn(sale.id, [[lineOf(sale), '1']], 'cash', `race-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(await stockOf(t.db, me.id, v(2))).toBe('4.000');
  });

  it('refuses a cash refund beyond the balance and writes nothing', async () => {
    await give(v(3), '1', '100.00');
    const sale = await sell({ lines: [{ variant: v(3), qty: '1', price: '50000' }] });
    const cash = (await moneyOf(t.db, me.id, UZS)) ?? '0';
    await fund(t.db, { id: me.id, businessId }, UZS, new D(cash).minus(100).neg().toFixed(2));
    const res = await saleReturn(sale.id, [[lineOf(sale), '1']]);
    expect(res.status).toBe(409);
    expect(await stockOf(t.db, me.id, v(3))).toBe('0.000');
    expect(await moneyOf(t.db, me.id, UZS)).toBe('100.00');
    await fund(t.db, { id: me.id, businessId }, UZS, '1000000');
  });

  it("lowers the customer's debt, removes it once nothing is left, and refuses without a debt", async () => {
    await give(v(4), '3', '100.00');
    const sale = await sell({
      counterparty: customer,
      lines: [{ variant: v(4), qty: '2', price: '10000' }],
      payment: { on_credit: '20000' },
    });
    const debt = (await seller.get(`sales/${sale.id}/`)).body.debt as number;
    const half = await saleReturn(sale.id, [[lineOf(sale), '1']], 'debt');
    expect(half.status).toBe(201);
    expect(half.body.refund).toBe('DEBT');
    const row = () =>
      t.db.selectFrom('debts').select(['amount', 'paid']).where('id', '=', debt).executeTakeFirst();
    expect(await row()).toEqual({ amount: '10000.00', paid: '0.00' });
    expect((await saleReturn(sale.id, [[lineOf(sale), '1']], 'debt')).status).toBe(201);
    expect(await row()).toBeUndefined();
    const paidInCash = await sell({ lines: [{ variant: v(4), qty: '1', price: '10000' }] });
    const refused = await saleReturn(paidInCash.id, [[lineOf(paidInCash), '1']], 'debt');
    expect(refused.status).toBe(409);
  });

  it('a debt with payments is lowered only down to what was paid', async () => {
    await give(v(4), '2', '100.00');
    const sale = await sell({
      counterparty: customer,
      lines: [{ variant: v(4), qty: '2', price: '10000' }],
      payment: { on_credit: '20000' },
    });
    const debt = (await seller.get(`sales/${sale.id}/`)).body.debt as number;
    expect((await seller.post(`debts/${debt}/payments/`, { amount: '15000' })).status).toBe(201);
    expect((await saleReturn(sale.id, [[lineOf(sale), '1']], 'debt')).status).toBe(409);
  });

  it('nets the return out of the sales report on its day, revenue and cost', async () => {
    await give(v(5), '2', '3000.00');
    const sale = await sell({ lines: [{ variant: v(5), qty: '2', price: '9000' }] });
    const today = (await seller.get(`sales/${sale.id}/`)).body.date;
    const row = async () =>
      (
        (
          await as.Owner.get(
            `reports/sales/?group_by=variant&date_from=${today}&date_to=${today}&page_size=1000`,
          )
        ).body.results as Array<{ key: string; qty: string; revenue_uzs: string; cogs_uzs: string }>
      ).find((r) => r.key === String(v(5)));
    expect(await row()).toMatchObject({ qty: '2.000', revenue_uzs: '18000.00', cogs_uzs: '6000.00' });
    expect((await saleReturn(sale.id, [[lineOf(sale), '1']])).status).toBe(201);
    expect(await row()).toMatchObject({ qty: '1.000', revenue_uzs: '9000.00', cogs_uzs: '3000.00' });
  });
});

describe('returning a purchase', () => {
  const purchase = async (variant: number, qty: string, cost: string, onCredit = false) => {
    const total = new D(qty).times(cost).toFixed(2);
    const res = await buyer.post('purchases/?post=true', {
      counterparty: supplier,
      currency: UZS,
      lines: [{ variant, qty, unit_cost: cost }],
      payment: onCredit ? { on_credit: total } : undefined,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; lines: Array<{ id: number }> };
  };
  const purchaseReturn = (source: number, lines: Array<[number, string]>, refund = 'cash') =>
    buyer.post('returns/?post=true', {
      source_kind: 'purchase',
      source,
      refund,
      lines: lines.map(([l, qty]) => ({ source_line: l, qty })),
    });

  it('sends the goods back first-in first-out and takes the cash back', async () => {
    await purchase(v(6), '2', '100');
    const second = await purchase(v(6), '3', '200');
    const cash = (await moneyOf(t.db, buyerUser.id, UZS)) ?? '0';
    const res = await purchaseReturn(second.id, [[lineOf(second), '3']]);
    expect(res.status).toBe(201);
    expect(res.body.total).toBe('600.00');
    expect(await moneyOf(t.db, buyerUser.id, UZS)).toBe(new D(cash).plus(600).toFixed(2));
    const lots = await t.db
      .selectFrom('stock_lots')
      .select(['unit_cost', 'qty_remaining'])
      .where('department_id', '=', buyerUser.id)
      .where('variant_id', '=', v(6))
      .orderBy('id')
      .execute();
    expect(lots).toEqual([
      { unit_cost: '100.00', qty_remaining: '0.000' },
      { unit_cost: '200.00', qty_remaining: '2.000' },
    ]);
    const exit = await t.db
      .selectFrom('stock_exits')
      .select(['type', 'qty_issued', 'amount'])
      .where('document_line_id', '=', res.body.lines[0].id)
      .executeTakeFirst();
    expect(exit).toEqual({ type: 'RETURN', qty_issued: '3.000', amount: '600.00' });
    const reversed = await buyer.post(`returns/${res.body.id}/reverse/`);
    expect(reversed.status).toBe(200);
    expect(await moneyOf(t.db, buyerUser.id, UZS)).toBe(cash);
    expect(await stockOf(t.db, buyerUser.id, v(6))).toBe('5.000');
  });

  it('refuses a shortfall naming the line, and lowers the payable', async () => {
    const bought = await purchase(v(7), '5', '100', true);
    await t.db
      .updateTable('businesses')
      .set({ sale_roles: ["Ta'minotchi"] })
      .where('id', '=', businessId)
      .execute();
    try {
      const sold = await buyer.post('sales/?post=true', { lines: [{ variant: v(7), qty: '4', price: '1' }] });
      expect(sold.status).toBe(201);
    } finally {
      await t.db.updateTable('businesses').set({ sale_roles: [] }).where('id', '=', businessId).execute();
    }
    const short = await purchaseReturn(bought.id, [[lineOf(bought), '3']], 'debt');
    expect(short.status).toBe(409);
    expect(short.body['lines.0.qty']).toBeDefined();
    const ok = await purchaseReturn(bought.id, [[lineOf(bought), '1']], 'debt');
    expect(ok.status).toBe(201);
    const debt = await t.db
      .selectFrom('debts')
      .select(['amount', 'direction'])
      .where('document_id', '=', bought.id)
      .executeTakeFirst();
    expect(debt).toEqual({ amount: '400.00', direction: 'PAYABLE' });
  });
});

describe('drafts, posting, roles and reversal', () => {
  it('checks the source and its lines on the draft, which writes nothing', async () => {
    await give(v(8), '5', '100.00');
    const sale = await sell({ lines: [{ variant: v(8), qty: '2', price: '500' }] });
    const other = await sell({ lines: [{ variant: v(8), qty: '1', price: '500' }] });
    const draft = await seller.post('returns/', {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(other), qty: '1' }],
    });
    expect(draft.status).toBe(400);
    expect(draft.body['lines.0.source_line']).toBeDefined();
    const wrongKind = await seller.post('returns/', {
      source_kind: 'purchase',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(sale), qty: '1' }],
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.source).toBeDefined();
    const unposted = (await seller.post('sales/', { lines: [{ variant: v(8), qty: '1', price: '1' }] })).body;
    const notPosted = await seller.post('returns/', {
      source_kind: 'sale',
      source: unposted.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(unposted), qty: '1' }],
    });
    expect(notPosted.status).toBe(400);
    expect(notPosted.body.source).toBeDefined();
    const ok = await seller.post('returns/', {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(sale), qty: '1' }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'DRAFT', total: '500.00' });
    const changed = await seller.patch(`returns/${ok.body.id}/`, {
      lines: [{ source_line: lineOf(sale), qty: '2' }],
    });
    expect(changed.body.total).toBe('1000.00');
  });

  it('posts once for an Idempotency-Key; a sale with posted returns is not reversed', async () => {
    await give(v(9), '2', '100.00');
    const sale = await sell({ lines: [{ variant: v(9), qty: '2', price: '700' }] });
    const draft = await seller.post('returns/', {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(sale), qty: '1' }],
    });
    const key = { 'idempotency-key': 'return-post-1' };
    const a = await seller.post(`returns/${draft.body.id}/post/`, undefined, key);
    const b = await seller.post(`returns/${draft.body.id}/post/`, undefined, key);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((await seller.post(`returns/${draft.body.id}/post/`)).status).toBe(409);
    const rows = await t.db
      .selectFrom('money_transactions')
      .select('amount')
      .where('document_id', '=', draft.body.id)
      .execute();
    expect(rows).toEqual([{ amount: '-700.00' }]);
    expect((await seller.post(`sales/${sale.id}/reverse/`)).status).toBe(409);
  });

  it('a sale return reversed takes the goods out of the lots it filled and the cash back; then the sale reverses', async () => {
    await give(v(9), '1', '300.00');
    await give(v(9), '1', '400.00');
    const sale = await sell({ lines: [{ variant: v(9), qty: '2', price: '1000' }] });
    const lotsBefore = await lotsOf(v(9));
    const cash = (await moneyOf(t.db, me.id, UZS)) ?? '0';
    const ret = await saleReturn(sale.id, [[lineOf(sale), '2']]);
    expect(ret.status).toBe(201);
    const reversed = await seller.post(`returns/${ret.body.id}/reverse/`, undefined, {
      'idempotency-key': 'rr-1',
    });
    expect(reversed.body).toMatchObject({ status: 'REVERSED' });
    expect(await lotsOf(v(9))).toEqual(lotsBefore);
    expect(await moneyOf(t.db, me.id, UZS)).toBe(cash);
    expect((await seller.post(`returns/${ret.body.id}/reverse/`)).status).toBe(409);
    expect((await seller.post(`sales/${sale.id}/reverse/`)).status).toBe(200);
  });

  it('refuses the reversal once the returned goods have left their lots', async () => {
    await give(v(3), '1', '100.00');
    const sale = await sell({ lines: [{ variant: v(3), qty: '1', price: '1000' }] });
    const ret = await saleReturn(sale.id, [[lineOf(sale), '1']]);
    await sell({ lines: [{ variant: v(3), qty: '1', price: '1000' }] });
    const refused = await seller.post(`returns/${ret.body.id}/reverse/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(variants[3]?.sku);
  });

  it('a debt refund reversed raises the debt again, opening it anew if the return had removed it', async () => {
    await give(v(4), '1', '100.00');
    const sale = await sell({
      counterparty: customer,
      lines: [{ variant: v(4), qty: '1', price: '8000' }],
      payment: { on_credit: '8000' },
    });
    const ret = await saleReturn(sale.id, [[lineOf(sale), '1']], 'debt');
    expect(ret.status).toBe(201);
    const debt = () =>
      t.db
        .selectFrom('debts')
        .select(['amount', 'direction'])
        .where('document_id', '=', sale.id)
        .executeTakeFirst();
    expect(await debt()).toBeUndefined();
    expect((await seller.post(`returns/${ret.body.id}/reverse/`)).status).toBe(200);
    expect(await debt()).toEqual({ amount: '8000.00', direction: 'RECEIVABLE' });
  });

  it("only the sale's department returns it; another business's sale is 404", async () => {
    await give(v(8), '1', '100.00');
    const sale = await sell({ lines: [{ variant: v(8), qty: '1', price: '500' }] });
    const body = {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: lineOf(sale), qty: '1' }],
    };
    expect((await as.Owner.post('returns/', body)).status).toBe(403);
    expect((await as.Omborchi.post('returns/', body)).status).toBe(404);
    const stranger = await createSignedInUsers(t.db, t.url, ['Bozorchi']);
    expect((await stranger.as.Bozorchi.post('returns/', body)).status).toBe(404);
    const mine = await seller.post('returns/', body);
    expect((await stranger.as.Bozorchi.post(`returns/${mine.body.id}/post/`)).status).toBe(404);
    expect((await as.Omborchi.get(`returns/${mine.body.id}/`)).status).toBe(404);
  });
});
