import { D } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, balanceOf as moneyOf, USD, UZS } from '../finance/finance.fixtures.ts';
import {
  createVariants,
  giveStock,
  balanceOf as stockOf,
  type TestVariant,
} from '../inventory/inventory.fixtures.ts';

// Sales as documents (DESIGN.md section 19) through the real API on the real database: prices
// from the price lists, posting all-or-nothing, payment in cash and on credit, idempotency,
// reversal, numbering, roles and tenancy; the ledgers' invariants after every test.

const { t, as, users, businessId } = await startWithUsers(['Bozorchi', 'Owner', 'Omborchi', 'admin']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const seller = as.Bozorchi;
const me = users.Bozorchi;
let variants: TestVariant[];
let usdRate: string;
let retail: number;
let wholesale: number;
let customer: number;

const v = (i: number) => (variants[i] as TestVariant).id;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 8);
  const rate = await t.db
    .selectFrom('business_currencies')
    .select('rate_to_uzs')
    .where('business_id', '=', businessId)
    .where('currency_id', '=', USD)
    .executeTakeFirstOrThrow();
  usdRate = rate.rate_to_uzs;
  retail = (await as.Owner.post('catalog/price-types/', { name: 'Chakana', currency: UZS })).body.id;
  wholesale = (await as.Owner.post('catalog/price-types/', { name: 'Ulgurji', currency: USD })).body.id;
  const lists: Array<[number, string, string | null]> = [
    [0, '100000', '7'],
    [1, '50000', '3.5'],
    [2, '25000', null],
  ];
  for (const [i, retailPrice, wholesalePrice] of lists) {
    const prices = [{ price_type: retail, price: retailPrice }];
    if (wholesalePrice) prices.push({ price_type: wholesale, price: wholesalePrice });
    const res = await as.Owner.put(`catalog/variants/${v(i)}/prices/`, { prices });
    expect(res.status).toBe(200);
  }
  customer = (await seller.post('crm/counterparties/', { name: 'Aziz aka', kind: 'CUSTOMER' })).body.id;
});

const give = (variant: number, qty: string, unitCost = '1000.00', departmentId = me.id) =>
  giveStock(t.db, { businessId, departmentId, variantId: variant, qty, unitCost, currencyId: UZS });

const count = async (table: 'stock_exits' | 'money_transactions' | 'debts' | 'documents' | 'stock_moves') =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE business_id = ${businessId}`.execute(t.db)
    ).rows[0]?.n,
  );

describe('sale drafts', () => {
  it('prices lines from the default price type, keeps where each price came from, numbers S-000001 onwards', async () => {
    const res = await seller.post('sales/', {
      lines: [
        { variant: v(0), qty: '2' },
        { variant: v(1), qty: '1', price: '45000', discount: '1000' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'SALE',
      status: 'DRAFT',
      number: expect.stringMatching(/^S-\d{6}$/),
      currency_code: 'UZS',
      total: '244000.00',
      department: { id: me.id },
      counterparty: null,
      payment: { cash: [], on_credit: '0.00', change_uzs: '0.00' },
    });
    expect(res.body.lines).toMatchObject([
      {
        line_no: 1,
        qty: '2.000',
        price: '100000.00',
        amount: '200000.00',
        price_source: 'DEFAULT',
        price_type: { id: retail },
      },
      {
        line_no: 2,
        qty: '1.000',
        price: '45000.00',
        discount: '1000.00',
        amount: '44000.00',
        price_source: 'MANUAL',
        price_type: null,
      },
    ]);
  });

  it("prices from the counterparty's price type, converted to the document's currency, else the default", async () => {
    await t.db
      .updateTable('counterparties')
      .set({ price_type_id: wholesale })
      .where('id', '=', customer)
      .execute();
    try {
      const res = await seller.post('sales/', {
        counterparty: customer,
        currency: UZS,
        lines: [
          { variant: v(0), qty: '1' },
          { variant: v(2), qty: '1' },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.lines[0]).toMatchObject({
        price: new D(7).times(usdRate).toFixed(2),
        price_source: 'COUNTERPARTY',
        price_type: { id: wholesale, name: 'Ulgurji' },
      });
      expect(res.body.lines[1]).toMatchObject({ price: '25000.00', price_source: 'DEFAULT' });
    } finally {
      await t.db
        .updateTable('counterparties')
        .set({ price_type_id: null })
        .where('id', '=', customer)
        .execute();
    }
  });

  it("names every bad line at once: a variant of no price, another business's variant, a discount above the total", async () => {
    const other = await createVariants(
      t.db,
      (await createSignedInUsers(t.db, t.url, ['Owner'])).businessId,
      1,
    );
    const res = await seller.post('sales/', {
      lines: [
        { variant: v(5), qty: '1' },
        { variant: v(0), qty: '1', price: '10', discount: '11' },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['lines.0.price', 'lines.1.discount']));
    const foreign = await seller.post('sales/', {
      lines: [{ variant: (other[0] as TestVariant).id, qty: '1' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body['lines.0.variant']).toBeDefined();
    expect(await count('documents')).toBeGreaterThan(0);
  });

  it('a draft is changed and deleted freely; a sale on credit needs a counterparty', async () => {
    const created = await seller.post('sales/', { lines: [{ variant: v(0), qty: '1' }] });
    const patched = await seller.patch(`sales/${created.body.id}/`, {
      note: 'Bozor, 3-qator',
      lines: [{ variant: v(1), qty: '3' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      note: 'Bozor, 3-qator',
      total: '150000.00',
      number: created.body.number,
    });
    const credit = await seller.patch(`sales/${created.body.id}/`, { payment: { on_credit: '150000' } });
    expect(credit.status).toBe(400);
    expect(credit.body.counterparty).toBeDefined();
    expect((await seller.delete(`sales/${created.body.id}/`)).status).toBe(204);
    expect((await seller.get(`sales/${created.body.id}/`)).status).toBe(404);
  });
});

describe('posting a sale', () => {
  it('three lines paid half in USD cash and half on credit: SALE exits through FIFO, a SALE money row, a RECEIVABLE debt', async () => {
    await give(v(3), '10', '20000.00');
    await give(v(3), '10', '30000.00');
    await give(v(4), '5', '1000.00');
    const exitsBefore = await count('stock_exits');
    const usdBefore = (await moneyOf(t.db, me.id, USD)) ?? '0';
    // Total 2 x 100 + 12 x 50 + 1 x 40 = 840 USD; 420 in USD cash, 420 on credit.
    const created = await seller.post('sales/', {
      counterparty: customer,
      currency: USD,
      lines: [
        { variant: v(3), qty: '2', price: '100' },
        { variant: v(3), qty: '12', price: '50' },
        { variant: v(4), qty: '1', price: '40' },
      ],
      payment: { cash: [{ currency: USD, amount: '420' }], on_credit: '420', due_date: '2027-01-15' },
    });
    expect(created.status).toBe(201);
    const posted = await seller.post(`sales/${created.body.id}/post/`, undefined, {
      'idempotency-key': 'sale-post-1',
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      status: 'POSTED',
      total: '840.00',
      payment: { on_credit: '420.00' },
    });
    expect(posted.body.debt).toEqual(expect.any(Number));

    expect(await count('stock_exits')).toBe(exitsBefore + 3);
    expect(await stockOf(t.db, me.id, v(3))).toBe('6.000');
    const exits = await t.db
      .selectFrom('stock_exits as e')
      .innerJoin('document_lines as l', 'l.id', 'e.document_line_id')
      .select(['e.type', 'e.qty_issued', 'e.amount', 'l.line_no'])
      .where('l.document_id', '=', created.body.id)
      .orderBy('l.line_no')
      .execute();
    expect(exits).toEqual([
      { type: 'SALE', qty_issued: '2.000', amount: '200.00', line_no: 1 },
      { type: 'SALE', qty_issued: '12.000', amount: '600.00', line_no: 2 },
      { type: 'SALE', qty_issued: '1.000', amount: '40.00', line_no: 3 },
    ]);
    // FIFO: the second line took the rest of the first lot (8) and 4 of the second.
    const costs = await sql<{ line_no: number; cost: string }>`
      SELECT l.line_no, sum(-m.qty * lot.unit_cost)::numeric(20,2)::text AS cost
      FROM stock_moves m JOIN stock_exits e ON e.id = m.exit_id JOIN document_lines l ON l.id = e.document_line_id
      JOIN stock_lots lot ON lot.id = m.lot_id
      WHERE l.document_id = ${created.body.id} GROUP BY 1 ORDER BY 1`.execute(t.db);
    expect(costs.rows.map((r) => r.cost)).toEqual(['40000.00', '280000.00', '1000.00']);

    const money = await t.db
      .selectFrom('money_transactions')
      .select(['currency_id', 'amount', 'tx_type', 'user_id'])
      .where('document_id', '=', created.body.id)
      .execute();
    expect(money).toEqual([{ currency_id: USD, amount: '420.00', tx_type: 'SALE', user_id: me.id }]);
    expect(await moneyOf(t.db, me.id, USD)).toBe(new D(usdBefore).plus(420).toFixed(2));
    const debt = await seller.get(`debts/${posted.body.debt}/`);
    expect(debt.body).toMatchObject({
      direction: 'RECEIVABLE',
      amount: '420.00',
      currency_code: 'USD',
      due_date: '2027-01-15',
      counterparty: { id: customer },
    });

    // The ledgers' sums equal the document's: cash + credit = total, the exits' amounts = total.
    const exitSum = exits.reduce((s, e) => s.plus(e.amount ?? 0), new D(0));
    expect(exitSum.toFixed(2)).toBe(posted.body.total);
  });

  it('cash in USD for a UZS sale gives change in UZS at the rate in force', async () => {
    await give(v(4), '1');
    await fund(t.db, { id: me.id, businessId }, UZS, '1000000');
    const uzsBefore = (await moneyOf(t.db, me.id, UZS)) ?? '0';
    const res = await seller.post('sales/?post=true', {
      lines: [{ variant: v(4), qty: '1', price: '100000' }],
      payment: { cash: [{ currency: USD, amount: '10' }] },
    });
    expect(res.status).toBe(201);
    const change = new D(10).times(usdRate).minus(100000).toFixed(2);
    expect(res.body).toMatchObject({ status: 'POSTED', payment: { change_uzs: change } });
    expect(await moneyOf(t.db, me.id, UZS)).toBe(new D(uzsBefore).minus(change).toFixed(2));
  });

  it('without a payment, the sale is paid in full in its own currency', async () => {
    await give(v(4), '1');
    const before = (await moneyOf(t.db, me.id, UZS)) ?? '0';
    const res = await seller.post('sales/?post=true', {
      lines: [{ variant: v(4), qty: '1', price: '12345.67' }],
    });
    expect(res.status).toBe(201);
    expect(await moneyOf(t.db, me.id, UZS)).toBe(new D(before).plus('12345.67').toFixed(2));
  });

  it('refuses a payment short of the total, with what is missing, and writes nothing', async () => {
    await give(v(4), '1');
    const before = await count('money_transactions');
    const res = await seller.post('sales/?post=true', {
      lines: [{ variant: v(4), qty: '1', price: '100000' }],
      payment: { cash: [{ currency: UZS, amount: '60000' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.payment).toBeDefined();
    expect(res.body.detail).toContain('40');
    expect(await count('money_transactions')).toBe(before);
  });

  it('a shortfall on any line refuses the whole sale with a 409 naming every short line, and writes nothing', async () => {
    await give(v(5), '2');
    await give(v(6), '1');
    const created = await seller.post('sales/', {
      lines: [
        { variant: v(5), qty: '3', price: '1' },
        { variant: v(6), qty: '1', price: '1' },
        { variant: v(7), qty: '1', price: '1' },
      ],
    });
    const before = await Promise.all([
      count('stock_exits'),
      count('money_transactions'),
      count('stock_moves'),
    ]);
    const res = await seller.post(`sales/${created.body.id}/post/`);
    expect(res.status).toBe(409);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['lines.0.qty', 'lines.2.qty']));
    expect(res.body['lines.1.qty']).toBeUndefined();
    expect(res.body.detail).toContain(variants[5]?.sku);
    expect(res.body.detail).toContain(variants[7]?.sku);
    expect(
      await Promise.all([count('stock_exits'), count('money_transactions'), count('stock_moves')]),
    ).toEqual(before);
    expect((await seller.get(`sales/${created.body.id}/`)).body.status).toBe('DRAFT');
    expect(await stockOf(t.db, me.id, v(5))).toBe('2.000');
  });

  it('a posted sale is never changed or deleted, nor posted twice; the same Idempotency-Key replays the answer', async () => {
    await give(v(4), '2');
    const created = await seller.post('sales/', { lines: [{ variant: v(4), qty: '1', price: '5000' }] });
    const first = await seller.post(`sales/${created.body.id}/post/`, undefined, {
      'idempotency-key': 'twice-1',
    });
    const rows = await count('money_transactions');
    const again = await seller.post(`sales/${created.body.id}/post/`, undefined, {
      'idempotency-key': 'twice-1',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await count('money_transactions')).toBe(rows);
    expect((await seller.post(`sales/${created.body.id}/post/`)).status).toBe(409);
    expect((await seller.patch(`sales/${created.body.id}/`, { note: 'x' })).status).toBe(409);
    expect((await seller.delete(`sales/${created.body.id}/`)).status).toBe(409);
  });

  it('created and posted in one call is idempotent by its key (the offline queue)', async () => {
    await give(v(4), '1');
    const body = { lines: [{ variant: v(4), qty: '1', price: '7000' }] };
    const documents = await count('documents');
    const a = await seller.post('sales/?post=true', body, { 'idempotency-key': 'offline-sale-1' });
    const b = await seller.post('sales/?post=true', body, { 'idempotency-key': 'offline-sale-1' });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await count('documents')).toBe(documents + 1);
  });

  it('is in the sales report of the day and in the cash flow', async () => {
    await give(v(4), '1', '3000.00');
    const today = (await seller.get('sales/?page=1')).body.results[0]?.date;
    const report = async () =>
      (
        await as.Owner.get(
          `reports/sales/?group_by=variant&date_from=${today}&date_to=${today}&page_size=1000`,
        )
      ).body;
    const before = await report();
    const rowOf = (body: { results: Array<{ key: string; qty: string; revenue_uzs: string }> }) =>
      body.results.find((r) => r.key === String(v(4)));
    await seller.post('sales/?post=true', { lines: [{ variant: v(4), qty: '1', price: '9000' }] });
    const after = rowOf(await report());
    expect(new D(after?.qty ?? 0).minus(rowOf(before)?.qty ?? 0).toFixed(3)).toBe('1.000');
    expect(new D(after?.revenue_uzs ?? 0).minus(rowOf(before)?.revenue_uzs ?? 0).toFixed(2)).toBe('9000.00');
  });
});

describe('reversing a sale', () => {
  it('gives the goods back to the lots they came from, the cash back, cancels the debt, and nets the sales report', async () => {
    await give(v(7), '5', '2000.00');
    await fund(t.db, { id: me.id, businessId }, UZS, '500000');
    const sale = await seller.post('sales/?post=true', {
      counterparty: customer,
      lines: [{ variant: v(7), qty: '3', price: '10000' }],
      payment: { cash: [{ currency: UZS, amount: '10000' }], on_credit: '20000' },
    });
    expect(sale.status).toBe(201);
    const uzs = await moneyOf(t.db, me.id, UZS);
    const reversed = await seller.post(`sales/${sale.body.id}/reverse/`, undefined, {
      'idempotency-key': 'rev-1',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'REVERSED', reversed_at: expect.any(String), debt: null });
    expect(await stockOf(t.db, me.id, v(7))).toBe('5.000');
    expect(await moneyOf(t.db, me.id, UZS)).toBe(new D(uzs ?? 0).minus(10000).toFixed(2));
    expect((await seller.get(`debts/${sale.body.debt}/`)).status).toBe(404);
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['kind', 'qty'])
      .where('variant_id', '=', v(7))
      .where('kind', '=', 'EXIT_REVERSAL')
      .execute();
    expect(moves).toEqual([{ kind: 'EXIT_REVERSAL', qty: '3.000' }]);
    const daily = await t.db
      .selectFrom('sales_totals')
      .select(['qty', 'revenue_uzs'])
      .where('variant_id', '=', v(7))
      .executeTakeFirst();
    expect(new D(daily?.qty ?? 0).isZero() && new D(daily?.revenue_uzs ?? 0).isZero()).toBe(true);
    // Replayed by its key; reversed twice without one, 409.
    const replay = await seller.post(`sales/${sale.body.id}/reverse/`, undefined, {
      'idempotency-key': 'rev-1',
    });
    expect(replay.body).toEqual(reversed.body);
    expect((await seller.post(`sales/${sale.body.id}/reverse/`)).status).toBe(409);
  });

  it('is refused once payments were taken on its debt, and when the seller cannot refund the cash', async () => {
    await give(v(7), '2');
    const sale = await seller.post('sales/?post=true', {
      counterparty: customer,
      lines: [{ variant: v(7), qty: '1', price: '10000' }],
      payment: { on_credit: '10000' },
    });
    expect((await seller.post(`debts/${sale.body.debt}/payments/`, { amount: '1000' })).status).toBe(201);
    const refused = await seller.post(`sales/${sale.body.id}/reverse/`);
    expect(refused.status).toBe(409);
    expect((await seller.get(`sales/${sale.body.id}/`)).body.status).toBe('POSTED');

    const usdSale = await seller.post('sales/?post=true', {
      lines: [{ variant: v(7), qty: '1', price: '10000' }],
      payment: { cash: [{ currency: USD, amount: '1' }] },
    });
    expect(usdSale.status).toBe(201);
    // The seller spends the dollars; the refund of the dollar is then beyond the balance.
    const usd = (await moneyOf(t.db, me.id, USD)) ?? '0';
    await fund(t.db, { id: me.id, businessId }, USD, new D(usd).neg().toFixed(2));
    expect((await seller.post(`sales/${usdSale.body.id}/reverse/`)).status).toBe(409);
    expect(await stockOf(t.db, me.id, v(7))).toBe('5.000');
  });
});

describe('who sells, and numbering', () => {
  it('the Bozorchi sells; another role only once the Owner allows it in the settings', async () => {
    const body = { lines: [{ variant: v(0), qty: '1', price: '1' }] };
    expect((await as.Omborchi.post('sales/', body)).status).toBe(403);
    await t.db
      .updateTable('businesses')
      .set({ sale_roles: ['Omborchi'] })
      .where('id', '=', businessId)
      .execute();
    try {
      expect((await as.Omborchi.post('sales/', body)).status).toBe(201);
    } finally {
      await t.db.updateTable('businesses').set({ sale_roles: [] }).where('id', '=', businessId).execute();
    }
  });

  it("a department sees its own sales, the Owner all; another business's sale is 404", async () => {
    const mine = await seller.post('sales/', { lines: [{ variant: v(0), qty: '1', price: '1' }] });
    expect((await as.Omborchi.get(`sales/${mine.body.id}/`)).status).toBe(404);
    expect((await as.Owner.get(`sales/${mine.body.id}/`)).status).toBe(200);
    const owners = await as.Owner.get(`sales/?search=${mine.body.number}`);
    expect(owners.body.results.map((d: { id: number }) => d.id)).toEqual([mine.body.id]);
    expect((await as.Owner.post(`sales/${mine.body.id}/post/`)).status).toBe(403);
    const stranger = await createSignedInUsers(t.db, t.url, ['Owner', 'Bozorchi']);
    for (const call of [
      stranger.as.Owner.get(`sales/${mine.body.id}/`),
      stranger.as.Bozorchi.post(`sales/${mine.body.id}/post/`),
      stranger.as.Bozorchi.patch(`sales/${mine.body.id}/`, { note: 'x' }),
      stranger.as.Bozorchi.delete(`sales/${mine.body.id}/`),
    ])
      expect((await call).status).toBe(404);
  });

  it('numbers concurrent sales without duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        seller.post('sales/', { lines: [{ variant: v(0), qty: '1', price: '1' }] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = results.map((r) => r.body.number);
    expect(new Set(numbers).size).toBe(12);
  });

  it('concurrent sales of the same goods never sell more than there is, and each posts whole or not at all', async () => {
    await give(v(6), '5');
    await give(v(5), '100');
    const sell = (i: number) =>
      seller.post(
        'sales/?post=true',
        {
          lines: [
            { variant: v(5), qty: '1', price: '10' },
            { variant: v(6), qty: '1', price: '10' },
          ],
        },
        { 'idempotency-key': `race-${i}` },
      );
    const stockBefore = await stockOf(t.db, me.id, v(5));
    // Earlier tests may have left some: every unit of the scarce variant sells, and no more.
    const scarce = Number(await stockOf(t.db, me.id, v(6)));
    expect(scarce).toBeGreaterThanOrEqual(5);
    expect(scarce).toBeLessThan(8);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => sell(i)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(scarce);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8 - scarce);
    expect(await stockOf(t.db, me.id, v(6))).toBe('0.000');
    expect(await stockOf(t.db, me.id, v(5))).toBe(new D(stockBefore ?? 0).minus(scarce).toFixed(3));
  });
});
