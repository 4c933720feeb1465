import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, balanceOf as moneyOf, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, balanceOf as stockOf, type TestVariant } from '../inventory/inventory.fixtures.ts';

// Purchases as documents (DESIGN.md section 19): a lot per line at its cost, cash out of the
// buyer's balance (refused beyond it) and the rest a PAYABLE; reversal takes the lots back while
// none of their goods has left.

const { t, as, users, businessId } = await startWithUsers(["Ta'minotchi", 'Bozorchi', 'Owner']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const buyer = as["Ta'minotchi"];
const me = users["Ta'minotchi"];
let variants: TestVariant[];
let supplier: number;
const v = (i: number) => (variants[i] as TestVariant).id;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 4);
  supplier = (await buyer.post('crm/counterparties/', { name: 'Tekstil MChJ', kind: 'SUPPLIER' })).body.id;
  await fund(t.db, { id: me.id, businessId }, USD, '1000');
  await fund(t.db, { id: me.id, businessId }, UZS, '1000000');
});

const lots = (documentId: number) =>
  t.db
    .selectFrom('stock_lots as l')
    .innerJoin('stock_entries as e', 'e.id', 'l.entry_id')
    .innerJoin('document_lines as dl', 'dl.id', 'e.document_line_id')
    .select(['dl.line_no', 'e.type', 'l.qty_received', 'l.qty_remaining', 'l.unit_cost', 'l.currency_id'])
    .where('dl.document_id', '=', documentId)
    .orderBy('dl.line_no')
    .execute();

describe('posting a purchase', () => {
  it('receives a lot per line at its unit cost, pays part in cash and owes the rest', async () => {
    const res = await buyer.post('purchases/?post=true', {
      counterparty: supplier,
      currency: USD,
      lines: [
        { variant: v(0), qty: '10', unit_cost: '4.50' },
        { variant: v(1), qty: '2.5', unit_cost: '12' },
      ],
      payment: { cash: [{ currency: USD, amount: '50' }], on_credit: '25', due_date: '2027-02-01' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'PURCHASE',
      number: expect.stringMatching(/^P-\d{6}$/),
      status: 'POSTED',
      total: '75.00',
      payment: { cash: [{ currency_code: 'USD', amount: '50.00' }], on_credit: '25.00' },
    });
    expect(await lots(res.body.id)).toEqual([
      {
        line_no: 1,
        type: 'PURCHASE',
        qty_received: '10.000',
        qty_remaining: '10.000',
        unit_cost: '4.50',
        currency_id: USD,
      },
      {
        line_no: 2,
        type: 'PURCHASE',
        qty_received: '2.500',
        qty_remaining: '2.500',
        unit_cost: '12.00',
        currency_id: USD,
      },
    ]);
    expect(await moneyOf(t.db, me.id, USD)).toBe('950.00');
    const debt = await buyer.get(`debts/${res.body.debt}/`);
    expect(debt.body).toMatchObject({
      direction: 'PAYABLE',
      amount: '25.00',
      counterparty: { id: supplier },
    });
    const money = await t.db
      .selectFrom('money_transactions')
      .select(['amount', 'tx_type'])
      .where('document_id', '=', res.body.id)
      .execute();
    expect(money).toEqual([{ amount: '-50.00', tx_type: 'PURCHASE' }]);
  });

  it('refuses cash beyond the balance with a 409 and writes nothing', async () => {
    const before = await stockOf(t.db, me.id, v(2));
    const res = await buyer.post('purchases/?post=true', {
      lines: [{ variant: v(2), qty: '1', unit_cost: '5000000' }],
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/UZS/);
    expect(await stockOf(t.db, me.id, v(2))).toBe(before);
    expect(await moneyOf(t.db, me.id, UZS)).toBe('1000000.00');
  });

  it('refuses paying more than the total', async () => {
    const res = await buyer.post('purchases/?post=true', {
      counterparty: supplier,
      lines: [{ variant: v(2), qty: '1', unit_cost: '100' }],
      payment: { cash: [{ currency: UZS, amount: '150' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.payment).toBeDefined();
  });

  it('the Bozorchi does not buy with documents', async () => {
    const res = await as.Bozorchi.post('purchases/', {
      lines: [{ variant: v(0), qty: '1', unit_cost: '1' }],
    });
    expect(res.status).toBe(403);
  });
});

describe('reversing a purchase', () => {
  it('takes the lots back, returns the cash and cancels the debt', async () => {
    const usd = (await moneyOf(t.db, me.id, USD)) ?? '0';
    const res = await buyer.post('purchases/?post=true', {
      counterparty: supplier,
      currency: USD,
      lines: [{ variant: v(3), qty: '4', unit_cost: '2' }],
      payment: { cash: [{ currency: USD, amount: '3' }], on_credit: '5' },
    });
    expect(res.status).toBe(201);
    const reversed = await buyer.post(`purchases/${res.body.id}/reverse/`);
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'REVERSED', debt: null });
    expect(await stockOf(t.db, me.id, v(3))).toBe('0.000');
    expect(await lots(res.body.id)).toMatchObject([{ qty_received: '4.000', qty_remaining: '0.000' }]);
    expect(await moneyOf(t.db, me.id, USD)).toBe(new D(usd).toFixed(2));
  });

  it("is refused once the lot's goods have moved, naming the line, and nothing changes", async () => {
    const res = await buyer.post('purchases/?post=true', {
      lines: [
        { variant: v(2), qty: '3', unit_cost: '1000' },
        { variant: v(3), qty: '3', unit_cost: '1000' },
      ],
    });
    expect(res.status).toBe(201);
    const exit = await buyer.post('offers/offers/', {
      from_user: me.id,
      to_user: users.Bozorchi.id,
      item_lines: [{ variant: v(3), quantity: '1' }],
      reason_text: 'Bozorga olib chiqish uchun',
    });
    expect(exit.status).toBe(201);
    expect((await buyer.post(`offers/offers/${exit.body.id}/submit/`)).status).toBe(200);
    expect((await as.Bozorchi.post(`offers/offers/${exit.body.id}/approve/`)).status).toBe(200);
    const refused = await buyer.post(`purchases/${res.body.id}/reverse/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(variants[3]?.sku);
    expect(refused.body.detail).not.toContain(variants[2]?.sku);
    expect((await buyer.get(`purchases/${res.body.id}/`)).body.status).toBe('POSTED');
    expect(await stockOf(t.db, me.id, v(2))).toBe('3.000');
  });
});
