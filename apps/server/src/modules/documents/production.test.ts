import { D } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { createProduct, createUnit, createVariant } from '../catalog/catalog.fixtures.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import { giveStock, balanceOf as stockOf } from '../inventory/inventory.fixtures.ts';

// Production orders (DESIGN.md section 21) through the real API on the real database: two levels
// (fabric -> cut pieces -> shirts) with every cost computed here by hand from the lots consumed at
// the rates they recorded, waste, shortfalls named at once, a race with a sale of the same input,
// reversal giving the input lots back, and a produced good's sale costed at what it took to make.

const { t, as, users, businessId } = await startWithUsers(['Omborchi', 'Owner', 'Kassir']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const maker = as.Omborchi;
const dept = { businessId, departmentId: users.Omborchi.id };
let fabric = 0;
let thread = 0;
let pieces = 0;
let shirt = 0;
let piecesRecipe = 0;
let rate1 = '';
let rate2 = '';

const setUsdRate = async (rate: string) =>
  expect((await as.Owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: rate })).status).toBe(201);

const lotsOf = (variantId: number) =>
  t.db
    .selectFrom('stock_lots')
    .select(['id', 'qty_remaining', 'unit_cost', 'currency_id', 'rate_to_uzs'])
    .where('department_id', '=', users.Omborchi.id)
    .where('variant_id', '=', variantId)
    .orderBy('id')
    .execute();

const order = (body: Record<string, unknown>, post = true) =>
  maker.request('POST', `production-orders/${post ? '?post=true' : ''}`, body);

beforeAll(async () => {
  const unit = (await createUnit(as.Owner)).id;
  const variantOf = async (type: string) =>
    (await createVariant(as.Owner, { product: (await createProduct(as.Owner, { type, unit })).id })).id;
  fabric = await variantOf('RAW');
  thread = await variantOf('RAW');
  pieces = await variantOf('SEMI');
  shirt = await variantOf('FINISHED');
  // Fabric bought at two USD rates: each lot keeps the rate it was received at.
  rate1 = '12500.00';
  rate2 = '12800.00';
  await setUsdRate(rate1);
  await giveStock(t.db, { ...dept, variantId: fabric, qty: '10', unitCost: '11.00', currencyId: USD });
  await setUsdRate(rate2);
  await giveStock(t.db, { ...dept, variantId: fabric, qty: '20', unitCost: '12.50', currencyId: USD });
  await giveStock(t.db, { ...dept, variantId: thread, qty: '100', unitCost: '300.00', currencyId: UZS });
  const cut = await as.Owner.post('recipes/', {
    product: (
      await t.db
        .selectFrom('variants')
        .select('product_id')
        .where('id', '=', pieces)
        .executeTakeFirstOrThrow()
    ).product_id,
    inputs: [{ variant: fabric, qty: '1.2' }],
    overhead: '1500',
    currency: UZS,
  });
  piecesRecipe = cut.body.id;
  const sewn = await as.Owner.post('recipes/', {
    product: (
      await t.db.selectFrom('variants').select('product_id').where('id', '=', shirt).executeTakeFirstOrThrow()
    ).product_id,
    inputs: [
      { variant: pieces, qty: '1' },
      { variant: thread, qty: '0.5' },
    ],
    overhead: '0.40',
    currency: USD,
  });
  expect([cut.status, sewn.status]).toEqual([201, 201]);
});

describe('production orders', () => {
  let piecesOrder = 0;
  let piecesUnit = '';

  it('cut pieces: the fabric consumed FIFO at the rates its lots recorded, plus overhead, per piece', async () => {
    const res = await order({ output: pieces, qty: '10' });
    expect(res.status).toBe(201);
    piecesOrder = res.body.id;
    // 12 m: the 10 m lot at 11.00 USD x 12,500 and 2 m of the next at 12.50 USD x 12,800.
    const fabricCost = new D(10).times('11.00').times(rate1).plus(new D(2).times('12.50').times(rate2));
    const total = fabricCost.plus(new D(1500).times(10));
    piecesUnit = total.div(10).toFixed(2);
    expect(res.body).toMatchObject({
      kind: 'PRODUCTION',
      number: expect.stringMatching(/^IC-\d{6}$/),
      status: 'POSTED',
      currency_code: 'UZS',
      total: total.toFixed(2),
      overhead: '15000.00',
      recipe: { id: piecesRecipe, version: 1 },
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        variant: expect.objectContaining({ id: fabric }),
        qty: '12.000',
        planned_qty: '12.000',
        amount: fabricCost.toFixed(2),
        output: false,
      }),
      expect.objectContaining({
        variant: expect.objectContaining({ id: pieces }),
        qty: '10.000',
        price: piecesUnit,
        output: true,
      }),
    ]);
    const [lot] = await lotsOf(pieces);
    expect(lot).toMatchObject({ qty_remaining: '10.000', unit_cost: piecesUnit, currency_id: UZS });
    expect((await lotsOf(fabric)).map((l) => l.qty_remaining)).toEqual(['0.000', '18.000']);
  });

  it('shirts from the pieces (a second level), the overhead in USD converted at the rate in force', async () => {
    const res = await order({ output: shirt, qty: '4' });
    expect(res.status).toBe(201);
    const total = new D(piecesUnit)
      .times(4)
      .plus(new D(2).times(300))
      .plus(new D('0.40').times(4).times(rate2));
    expect(res.body.total).toBe(total.toFixed(2));
    expect(res.body.lines.find((l: { output: boolean }) => l.output).price).toBe(total.div(4).toFixed(2));
    expect(await stockOf(t.db, users.Omborchi.id, pieces)).toBe('6.000');
  });

  it('an order in USD: the cost consumed in UZS and the UZS overhead converted at the rate in force, once', async () => {
    const res = await order({ output: pieces, qty: '1', currency: USD });
    expect(res.status).toBe(201);
    // 1.2 m of the 12.50 USD lot received at 12,800, + 1,500 UZS; in USD at 12,800: 15.1171875.
    const cost = new D('1.2').times('12.50').times(rate2).plus(1500).div(rate2);
    expect(res.body).toMatchObject({ currency_code: 'USD', total: cost.toFixed(2) });
    const output = res.body.lines.find((l: { output: boolean }) => l.output);
    expect(output.price).toBe(cost.toFixed(2));
    const [lot] = (await lotsOf(pieces)).filter((l) => l.currency_id === USD);
    expect(lot).toMatchObject({ unit_cost: '15.12', rate_to_uzs: new D(rate2).toFixed(6) });
    // Reversed, so the cost report below reads UZS orders only.
    expect((await maker.post(`production-orders/${res.body.id}/reverse/`, {})).status).toBe(200);
  });

  it('waste: the quantity actually used beside the recipe’s, costed as used', async () => {
    const res = await order({ output: pieces, qty: '5', inputs: [{ variant: fabric, qty: '6.5' }] });
    expect(res.status).toBe(201);
    const [line] = res.body.lines;
    expect(line).toMatchObject({ qty: '6.500', planned_qty: '6.000' });
    // All 6.5 m from the 12.50 USD lot received at 12,800.
    expect(line.amount).toBe(new D('6.5').times('12.50').times(rate2).toFixed(2));
    const notInput = await order({ output: pieces, qty: '1', inputs: [{ variant: thread, qty: '1' }] });
    expect(notInput.status).toBe(400);
    expect(notInput.body['inputs.0.variant']).toEqual(['Bu retseptning xom-ashyosi emas.']);
  });

  it('a shortfall names every short input at once and writes nothing', async () => {
    const exitsBefore = await t.db
      .selectFrom('stock_exits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await maker.request(
      'POST',
      'production-orders/?post=true',
      { output: shirt, qty: '500' },
      { 'accept-language': 'ru' },
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Не хватает остатка: SKU-\S+, SKU-\S+\./);
    expect(Object.keys(res.body).filter((k) => k.startsWith('lines.'))).toEqual([
      'lines.0.qty',
      'lines.1.qty',
    ]);
    const exitsAfter = await t.db
      .selectFrom('stock_exits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(exitsAfter.n).toBe(exitsBefore.n);
    const noRecipe = await order({ output: fabric, qty: '1' });
    expect(noRecipe.status).toBe(400);
    expect(noRecipe.body.output).toEqual(["Bu mahsulotning retsepti yo'q: avval retseptini yozing."]);
    expect((await as.Kassir.post('production-orders/', { output: pieces, qty: '1' })).status).toBe(403);
  });

  it('a produced good sells at a cost of goods equal to what it cost to make', async () => {
    await sql`UPDATE businesses SET sale_roles = '{Omborchi}' WHERE id = ${businessId}`.execute(t.db);
    const [lot] = await lotsOf(shirt);
    const sale = await maker.post('sales/?post=true', {
      lines: [{ variant: shirt, qty: '1', price: '150000' }],
      currency: UZS,
      payment: { cash: [{ currency: UZS, amount: '150000' }] },
    });
    expect(sale.status).toBe(201);
    const sold = await t.db
      .selectFrom('sales_daily')
      .select(['qty', 'cogs_uzs'])
      .where('variant_id', '=', shirt)
      .executeTakeFirstOrThrow();
    expect(new D(sold.cogs_uzs).toFixed(2)).toBe(new D(lot?.unit_cost ?? '0').toFixed(2));
  });

  it('a sale and an order racing for the same fabric: exactly one gets it', async () => {
    const left = await stockOf(t.db, users.Omborchi.id, fabric);
    // The order needs 1.2 m a piece: both together would need more than there is.
    const pieceCount = new D(left ?? '0').div('1.2').floor().toString();
    const [made, sold] = await Promise.all([
      order({ output: pieces, qty: pieceCount }),
      maker.post('sales/?post=true', {
        lines: [{ variant: fabric, qty: left, price: '1000' }],
        currency: UZS,
        payment: { cash: [{ currency: UZS, amount: new D(left ?? '0').times(1000).toFixed(2) }] },
      }),
    ]);
    expect([made.status, sold.status].sort()).toEqual([201, 409]);
  });

  it('reversal gives the input lots back; not once the output has been used', async () => {
    const blocked = await maker.post(`production-orders/${piecesOrder}/reverse/`, {});
    expect(blocked.status).toBe(409);
    const draft = await order({ output: pieces, qty: '1' }, false);
    expect(draft.body.status).toBe('DRAFT');
    await giveStock(t.db, { ...dept, variantId: fabric, qty: '5', unitCost: '10.00', currencyId: USD });
    const before = await lotsOf(fabric);
    const posted = await maker.post(`production-orders/${draft.body.id}/post/`, {});
    expect(posted.status).toBe(200);
    const reversed = await maker.post(`production-orders/${draft.body.id}/reverse/`, {});
    expect(reversed.status).toBe(200);
    expect(reversed.body.status).toBe('REVERSED');
    expect((await lotsOf(fabric)).map((l) => l.qty_remaining)).toEqual(before.map((l) => l.qty_remaining));
    const deleting = await as.Owner.delete(`recipes/${piecesRecipe}/`);
    expect(deleting.status).toBe(409);
  });

  it('the cost report: each order as it was costed, its recipe’s estimate at today’s costs beside it', async () => {
    const report = await as.Owner.get('reports/production/?group_by=order');
    expect(report.status).toBe(200);
    const posted = await t.db
      .selectFrom('documents')
      .select(['id', 'total'])
      .where('kind', '=', 'PRODUCTION')
      .where('status', '=', 'POSTED')
      .where('business_id', '=', businessId)
      .orderBy('id', 'desc')
      .execute();
    // Every order is in UZS here, so its UZS total is its own.
    expect(
      report.body.results.map((r: { key: string; total_uzs: string }) => [Number(r.key), r.total_uzs]),
    ).toEqual(posted.map((d) => [d.id, d.total]));
    const first = report.body.results.find((r: { key: string }) => Number(r.key) === piecesOrder);
    // Version 1 today: 1.2 m at the newest fabric lot (10.00 USD received at 12,800) + 1,500.
    expect(first).toMatchObject({
      qty: '10.000',
      overhead_uzs: '15000.00',
      estimate_uzs: new D('1.2').times('10.00').times(rate2).plus(1500).toFixed(2),
      orders: 1,
    });
    const sum = posted.reduce((acc, d) => acc.plus(d.total), new D(0));
    expect(report.body.totals.total_uzs).toBe(sum.toFixed(2));
    const byVariant = await as.Owner.get('reports/production/?group_by=variant');
    const piecesRow = byVariant.body.results.find((r: { key: string }) => Number(r.key) === pieces);
    expect(piecesRow.orders).toBe(
      report.body.results.filter((r: { variant: { id: number } }) => r.variant.id === pieces).length,
    );
    const csv = await as.Owner.request('GET', 'reports/production/?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await as.Kassir.get('reports/production/')).body.count).toBe(0);
  });
});
