import { D, fixedQuantity } from '@app/shared';
import { Workbook } from 'exceljs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { startWithUsers, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import { postMoney } from '../finance/ledger.ts';
import { createVariants, type TestVariant } from '../inventory/inventory.fixtures.ts';
import {
  dayOf,
  expectedCashFlow,
  expectedMoneyOnHand,
  expectedSales,
  expectedStockMovement,
  type SalesKey,
  type Scope,
} from './reports.fixtures.ts';

// Reports and the dashboard (DESIGN.md section 11) against independent computations from the raw
// ledger rows (reports.fixtures.ts), for a business built through the API over three days: two
// currencies, lots at different costs, offers moving lots between departments, a USD rate that
// changes between the receipts and the sales, and sales at several FIFO costs.

let t: TestApp;
let businessId: number;
let owner: ApiClient;
let supplier: ApiClient;
let trader: ApiClient;
let trader2: ApiClient;
let kassir: ApiClient;
let users: { T: TestUser; B1: TestUser; B2: TestUser; K: TestUser };
let shirt: TestVariant;
let shirtXl: TestVariant;
let trousers: TestVariant;

const D1 = '2026-09-10T10:00:00+05:00';
const D2 = '2026-09-20T15:00:00+05:00';
const SEPTEMBER = { from: '2026-09-01', to: '2026-09-30' };
const today = dayOf(new Date());

/** Stamps the stock and offer rows written from now on with `at` (null: the real time again). */
async function asOf(at: string | null) {
  const value = at === null ? 'now()' : `'${at}'::timestamptz`;
  for (const table of ['stock_entries', 'stock_lots', 'stock_exits', 'stock_moves', 'offers']) {
    await sql.raw(`ALTER TABLE ${table} ALTER COLUMN created_at SET DEFAULT ${value}`).execute(t.db);
  }
}

async function ok(res: Promise<{ status: number; body: any }>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

async function money(
  user: TestUser,
  currencyId: number,
  amount: string,
  at: string,
  txType: 'ADJUSTMENT' | 'EXTERNAL',
) {
  const rate = await t.db
    .selectFrom('business_currencies')
    .select('rate_to_uzs')
    .where('business_id', '=', businessId)
    .where('currency_id', '=', currencyId)
    .executeTakeFirstOrThrow();
  await inTransaction(t.db, (trx) =>
    postMoney(trx, [
      {
        businessId,
        userId: user.id,
        currencyId,
        amount,
        rateToUzs: rate.rate_to_uzs,
        txType,
        reason: 'Hisobot testi',
        createdBy: null,
        createdAt: new Date(at),
      },
    ]),
  );
}

const entry = (variant: TestVariant, qty: string, cost: string, currency: number) =>
  ok(
    supplier.post('inventory/stocks-entry/', {
      variant: variant.id,
      qty_received: qty,
      unit_cost: cost,
      currency,
    }),
  );
const exit = (
  client: ApiClient,
  variant: TestVariant,
  qty: string,
  price: string | null,
  currency: number,
  type = 'SALE',
) =>
  ok(
    client.post('inventory/stocks-exit/', {
      variant: variant.id,
      qty_issued: qty,
      unit_price: price,
      currency,
      type,
    }),
  );

async function moveGoods(to: { user: TestUser; client: ApiClient }, variant: TestVariant, quantity: string) {
  const offer = await ok(
    supplier.post('offers/offers/', {
      from_user: users.T.id,
      to_user: to.user.id,
      item_lines: [{ variant: variant.id, quantity }],
      reason_text: "Do'konga mol yuborildi",
    }),
  );
  await ok(supplier.post(`offers/offers/${offer.id}/submit/`), 200);
  await ok(to.client.post(`offers/offers/${offer.id}/approve/`), 200);
}

const setRate = (rate: string) => ok(owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: rate }));

beforeAll(async () => {
  const setup = await startWithUsers(['Owner', "Ta'minotchi", 'Bozorchi', 'Kassir']);
  ({ t, businessId } = setup);
  owner = setup.as.Owner;
  supplier = setup.as["Ta'minotchi"];
  trader = setup.as.Bozorchi;
  kassir = setup.as.Kassir;
  const b2 = await createUser(t.db, { businessId, role: 'Bozorchi' });
  trader2 = await signIn(t.url, b2);
  users = { T: setup.users["Ta'minotchi"], B1: setup.users.Bozorchi, B2: b2, K: setup.users.Kassir };
  [shirt, shirtXl] = (await createVariants(t.db, businessId, 2)) as [TestVariant, TestVariant];
  [trousers] = (await createVariants(t.db, businessId, 1)) as [TestVariant];

  await setRate('12000');
  await asOf(D1);
  await money(users.T, USD, '500.00', D1, 'ADJUSTMENT');
  await money(users.K, USD, '1000.00', D1, 'ADJUSTMENT');
  await money(users.B1, UZS, '2000000.00', D1, 'ADJUSTMENT');
  await entry(shirt, '10', '5.00', USD);
  await entry(shirt, '5', '60000.00', UZS);
  await entry(trousers, '4', '7.00', USD);
  await entry(shirtXl, '3', '4.50', USD);
  await moveGoods({ user: users.B1, client: trader }, shirt, '12');

  await setRate('12500');
  await asOf(D2);
  await money(users.B1, USD, '100.00', D2, 'EXTERNAL');
  await exit(trader, shirt, '3', '10.00', USD);
  await exit(trader, shirt, '8', '130000.00', UZS);
  await exit(trader, shirt, '0.5', null, UZS, 'WRITE_OFF');
  await moveGoods({ user: users.B2, client: trader2 }, trousers, '2');
  await exit(trader2, trousers, '1', '15.00', USD);
  // Written off whole: in no stock movement report of a period after this day.
  await moveGoods({ user: users.B2, client: trader2 }, shirtXl, '3');
  await exit(trader2, shirtXl, '3', null, USD, 'WRITE_OFF');

  await asOf(null);
  await ok(
    kassir.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '1000000',
      reason_text: 'Mijozdan tushum',
      is_income: true,
    }),
  );
  await ok(
    kassir.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '250000',
      reason_text: 'Ijara uchun',
      is_income: false,
    }),
  );
  await ok(kassir.post('offers/exchanges/', { from_currency: UZS, to_currency: USD, from_amount: '500000' }));
  const offer = await ok(
    kassir.post('offers/offers/', {
      from_user: users.K.id,
      to_user: users.B1.id,
      money_lines: [{ currency: USD, amount: '10' }],
      reason_text: "Do'kon xarajatlari uchun",
    }),
  );
  await ok(kassir.post(`offers/offers/${offer.id}/submit/`), 200);
  await ok(trader.post(`offers/offers/${offer.id}/approve/`), 200);
  await setRate('12700');
  await exit(trader, shirt, '0.5', '11.00', USD);
  await entry(shirt, '2', '6.00', USD);
  // A pending offer that waits for the second trader.
  const pending = await ok(
    supplier.post('offers/offers/', {
      from_user: users.T.id,
      to_user: users.B2.id,
      item_lines: [{ variant: shirt.id, quantity: '1' }],
      reason_text: 'Yana bitta yuborilmoqda',
    }),
  );
  await ok(supplier.post(`offers/offers/${pending.id}/submit/`), 200);
  await t.db.updateTable('variants').set({ min_qty: '1' }).where('id', '=', shirt.id).execute();
}, 120_000);
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(() => t.close());

const scope = (department: number | null, from: string, to: string): Scope => ({
  businessId,
  department,
  from,
  to,
});
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [
      string,
      string,
    ][],
  ).toString();

describe('GET reports/sales/', () => {
  // Sales happen on September 20 and today. The business-wide product and variant figures read
  // the days of the period (today alone), the variants' totals less the days outside it when
  // those are fewer: none (September 1 to today) or September 20 (September 25 to today, where
  // the trousers' only sale is taken back out and their row must go), or the start of one month
  // summed (September; this month so far) unless a sale is later in that month (September 1
  // to 19: the days, without the 20th).
  const periods = [
    SEPTEMBER,
    { from: '2026-09-01', to: today },
    { from: '2026-09-25', to: today },
    { from: today, to: today },
    { from: '2026-09-01', to: '2026-09-19' },
    { from: `${today.slice(0, 8)}01`, to: today },
  ];
  for (const groupBy of ['product', 'variant', 'department', 'day'] as SalesKey[]) {
    it(`by ${groupBy}: every row and the totals equal the sums over the raw exits and lots`, async () => {
      for (const p of periods) {
        for (const department of [null, users.B1.id]) {
          const res = await owner.get(
            `reports/sales/?${query({ group_by: groupBy, date_from: p.from, date_to: p.to, department: department ?? undefined, page_size: 1000 })}`,
          );
          expect(res.status).toBe(200);
          const expected = await expectedSales(t.db, scope(department, p.from, p.to), groupBy);
          expect(res.body.count).toBe(expected.rows.size);
          expect(
            new Map(
              res.body.results.map(
                ({ key, label: _, unit: __, ...row }: { key: string; label: string; unit: string }) => [
                  key,
                  row,
                ],
              ),
            ),
          ).toEqual(expected.rows);
          // Each row's quantity has its unit: the product's, or for a department or a day the
          // business's one unit (DESIGN.md section 16).
          for (const row of res.body.results) expect(row.unit).toBe('D');
          // Every product here counts in pieces: the quantity total is theirs (DESIGN.md section 16).
          expect(res.body.totals).toEqual({ ...expected.totals, unit: 'D' });
          expect(res.body).toMatchObject({ date_from: p.from, date_to: p.to, next: null, previous: null });
        }
      }
    });
  }

  it('sells at several FIFO costs and rates: the September figures by hand', async () => {
    const res = await owner.get(`reports/sales/?${query({ group_by: 'department', ...SEPTEMBER_Q })}`);
    // B1: 3 x 10 USD at 12500 + 8 x 130000 UZS = 1,415,000 revenue; cost: 11 shirts of the
    // 5 USD lot received at 12000 (10) and the 60000 UZS lot (1): 600,000 + 60,000.
    // B2: 1 x 15 USD at 12500 = 187,500; cost 7 USD at 12000 = 84,000.
    const row = (id: number) => res.body.results.find((r: { key: string }) => r.key === String(id));
    expect(row(users.B1.id)).toMatchObject({
      qty: '11.000',
      revenue_uzs: '1415000.00',
      cogs_uzs: '660000.00',
      margin_uzs: '755000.00',
      margin_pct: '53.36',
    });
    expect(row(users.B2.id)).toMatchObject({
      revenue_uzs: '187500.00',
      cogs_uzs: '84000.00',
      margin_pct: '55.20',
    });
    expect(res.body.totals.revenue_uzs).toBe('1602500.00');
  });

  it('orders by any column, pages by 50 (or page_size), and answers 404 past the last page', async () => {
    const byMargin = await owner.get(
      `reports/sales/?${query({ group_by: 'variant', ordering: 'margin_uzs', ...SEPTEMBER_Q })}`,
    );
    const margins = byMargin.body.results.map((r: { margin_uzs: string }) => Number(r.margin_uzs));
    expect(margins).toEqual([...margins].sort((a, b) => a - b));
    const firstPage = await owner.get(
      `reports/sales/?${query({ group_by: 'day', page_size: 1, date_from: '2026-09-01', date_to: today })}`,
    );
    expect(firstPage.body.results).toHaveLength(1);
    expect(firstPage.body.count).toBe(2);
    expect(firstPage.body.next).toContain('page=2');
    expect(
      (
        await owner.get(
          `reports/sales/?${query({ group_by: 'day', page_size: 1, page: 3, date_from: '2026-09-01', date_to: today })}`,
        )
      ).status,
    ).toBe(404);
  });
});

const SEPTEMBER_Q = { date_from: SEPTEMBER.from, date_to: SEPTEMBER.to };

describe('a variant given another product (a catalogue import may)', () => {
  it("takes its months of sales to the new product's rows, and back", async () => {
    const productOf = async (id: number) =>
      (await t.db.selectFrom('variants').select('product_id').where('id', '=', id).executeTakeFirstOrThrow())
        .product_id;
    const [own, shirts] = [await productOf(trousers.id), await productOf(shirt.id)];
    expect(own).not.toBe(shirts);
    const byProduct = async () =>
      (await owner.get(`reports/sales/?${query({ group_by: 'product', ...SEPTEMBER_Q })}`)).body.results.map(
        ({ key, qty, revenue_uzs }: { key: string; qty: string; revenue_uzs: string }) => ({
          key,
          qty,
          revenue_uzs,
        }),
      );
    const before = await byProduct();
    expect(before.map((r: { key: string }) => r.key).sort()).toEqual([String(own), String(shirts)].sort());
    await t.db.updateTable('variants').set({ product_id: shirts }).where('id', '=', trousers.id).execute();
    try {
      const moved = await byProduct();
      const expected = await expectedSales(t.db, scope(null, SEPTEMBER.from, SEPTEMBER.to), 'product');
      expect(moved).toEqual([
        {
          key: String(shirts),
          qty: expected.rows.get(String(shirts))?.qty,
          revenue_uzs: expected.rows.get(String(shirts))?.revenue_uzs,
        },
      ]);
      await assertStockInvariants(t.db);
    } finally {
      await t.db.updateTable('variants').set({ product_id: own }).where('id', '=', trousers.id).execute();
    }
    expect(await byProduct()).toEqual(before);
  });
});

describe('GET reports/stock-movement/', () => {
  const periods = [
    SEPTEMBER,
    { from: '2026-09-15', to: '2026-09-30' },
    { from: '2026-09-01', to: today },
    { from: '2026-10-01', to: today },
    { from: today, to: today },
  ];

  it('per variant, for the business and each department: opening, in, out, closing and value as the moves replayed', async () => {
    for (const p of periods) {
      for (const department of [null, users.T.id, users.B1.id, users.B2.id]) {
        const res = await owner.get(
          `reports/stock-movement/?${query({ date_from: p.from, date_to: p.to, department: department ?? undefined })}`,
        );
        expect(res.status).toBe(200);
        const expected = await expectedStockMovement(t.db, scope(department, p.from, p.to));
        expect(
          new Map(
            res.body.results.map(({ variant, ...row }: { variant: { id: number } }) => [variant.id, row]),
          ),
          `${department} ${p.from}..${p.to}`,
        ).toEqual(expected.rows);
        expect(res.body.totals.closing_value_uzs).toBe(expected.closingValue);
        // The count and the quantity totals, whichever way the server reads them (a period with
        // moves after it, or one up to today).
        expect(res.body.count, `${department} ${p.from}..${p.to}`).toBe(expected.rows.size);
        const sum = (column: 'opening_qty' | 'in_qty' | 'out_qty' | 'closing_qty') =>
          fixedQuantity([...expected.rows.values()].reduce((t, r) => t.plus(r[column]), new D(0)));
        expect(res.body.totals).toMatchObject({
          opening_qty: sum('opening_qty'),
          in_qty: sum('in_qty'),
          out_qty: sum('out_qty'),
          closing_qty: sum('closing_qty'),
        });
        const labels = res.body.results.map((r: { variant: { label: string } }) => r.variant.label);
        expect(labels).toEqual([...labels].sort());
        // Ordered by a figure, every variant's stock days are summed at once: the same rows.
        const byFigure = await owner.get(
          `reports/stock-movement/?${query({ date_from: p.from, date_to: p.to, department: department ?? undefined, ordering: '-closing_qty' })}`,
        );
        expect(
          new Map(
            byFigure.body.results.map(({ variant, ...row }: { variant: { id: number } }) => [
              variant.id,
              row,
            ]),
          ),
        ).toEqual(expected.rows);
        const closing = byFigure.body.results.map((r: { closing_qty: string }) => Number(r.closing_qty));
        expect(closing).toEqual([...closing].sort((a, b) => b - a));
        expect(byFigure.body.count).toBe(expected.rows.size);
        for (const row of res.body.results) {
          expect(Number(row.opening_qty) + Number(row.in_qty) - Number(row.out_qty)).toBeCloseTo(
            Number(row.closing_qty),
            6,
          );
        }
      }
    }
  });

  it("leaves the business's own offers out and counts them for a department", async () => {
    const shirtRow = async (department?: number) =>
      (await owner.get(`reports/stock-movement/?${query({ ...SEPTEMBER_Q, department, variant: shirt.id })}`))
        .body.results[0];
    expect(await shirtRow()).toMatchObject({
      opening_qty: '0.000',
      in_qty: '15.000',
      out_qty: '11.500',
      closing_qty: '3.500',
    });
    expect(await shirtRow(users.T.id)).toMatchObject({
      in_qty: '15.000',
      out_qty: '12.000',
      closing_qty: '3.000',
    });
    expect(await shirtRow(users.B1.id)).toMatchObject({
      in_qty: '12.000',
      out_qty: '11.500',
      closing_qty: '0.500',
    });
  });
});

describe('GET reports/cash-flow/', () => {
  it('per day and currency: in, out, net and the closing balance, as the ledger rows add up', async () => {
    for (const department of [null, users.K.id, users.B1.id]) {
      const p = { from: '2026-09-01', to: today };
      const res = await owner.get(
        `reports/cash-flow/?${query({ date_from: p.from, date_to: p.to, department: department ?? undefined })}`,
      );
      expect(res.status).toBe(200);
      const expected = await expectedCashFlow(t.db, scope(department, p.from, p.to));
      expect(
        new Map(
          res.body.results.map(
            ({ period, currency_code, ...row }: { period: string; currency_code: string }) => [
              `${period} ${currency_code}`,
              row,
            ],
          ),
        ),
      ).toEqual(expected.rows);
      for (const total of res.body.totals) {
        expect(total.opening).toBe(expected.opening.get(total.currency_code));
        expect(total.closing).toBe(expected.closing.get(total.currency_code));
      }
    }
  });

  it('starts from the balance before the period, groups by month, and splits by tx_type', async () => {
    const p = { date_from: '2026-09-15', date_to: today, department: users.B1.id };
    const daily = await owner.get(`reports/cash-flow/?${query(p)}`);
    const monthly = await owner.get(`reports/cash-flow/?${query({ ...p, group_by: 'month' })}`);
    const expected = await expectedCashFlow(t.db, scope(users.B1.id, p.date_from, p.date_to));
    expect(daily.body.totals.find((r: { currency_code: string }) => r.currency_code === 'UZS').opening).toBe(
      expected.opening.get('UZS'),
    );
    expect(monthly.body.results.map((r: { period: string }) => r.period)).toEqual(
      expect.arrayContaining(['2026-09-01', `${today.slice(0, 8)}01`]),
    );
    expect(monthly.body.totals).toEqual(daily.body.totals);
    const byType = await owner.get(`reports/cash-flow/?${query({ ...p, by_type: 'true' })}`);
    // B1 since the 15th: a sale's cash on the 20th (EXTERNAL) and the cashier's money offer today.
    expect(byType.body.results.map((r: { tx_type: string }) => r.tx_type).sort()).toEqual([
      'EXTERNAL',
      'OFFER',
    ]);
  });
});

describe('GET reports/dashboard/', () => {
  it("the owner's figures: money, stock value, sales, pending offers, low stock and the daily series", async () => {
    const res = await owner.get(`reports/dashboard/?${query({ date_from: '2026-09-01', date_to: today })}`);
    expect(res.status).toBe(200);
    const all = scope(null, '2026-09-01', today);
    const balances = await expectedMoneyOnHand(t.db, all);
    expect(res.body.balances).toEqual(balances);
    const total = balances.reduce((s, b) => s + Math.round(Number(b.in_uzs) * 100), 0);
    expect(Math.round(Number(res.body.total_in_uzs) * 100)).toBe(total);
    expect(res.body.stock_value_uzs).toBe((await expectedStockMovement(t.db, all)).closingValue);
    const sales = (await expectedSales(t.db, all, 'day')).totals;
    expect(res.body.sales).toEqual({
      revenue_uzs: sales.revenue_uzs,
      cogs_uzs: sales.cogs_uzs,
      margin_uzs: sales.margin_uzs,
      margin_pct: sales.margin_pct,
    });
    expect(res.body.pending_offers).toBe(1);
    expect(res.body.low_stock).toEqual(
      [
        expect.objectContaining({
          variant: expect.objectContaining({ id: shirt.id }),
          department: { id: users.B1.id, email: users.B1.email },
          qty_on_hand: '0.000',
          min_qty: '1.000',
        }),
        expect.objectContaining({
          variant: expect.objectContaining({ id: shirt.id }),
          department: { id: users.B2.id, email: users.B2.email },
        }),
      ].slice(0, res.body.low_stock.length),
    );
    expect(res.body.overdue_debts).toEqual([]);
    const cash = await expectedCashFlow(t.db, all);
    const d2 = res.body.series.find((d: { date: string }) => d.date === '2026-09-20');
    expect(d2).toEqual({
      date: '2026-09-20',
      ...cash.uzsByDay('2026-09-20'),
      sales_uzs: (await expectedSales(t.db, scope(null, '2026-09-20', '2026-09-20'), 'day')).totals
        .revenue_uzs,
    });
    expect(res.body.series[0].date).toBe('2026-09-01');
    expect(res.body.series.at(-1).date).toBe(today);
  });

  it('defaults to this month up to today', async () => {
    const res = await owner.get('reports/dashboard/');
    expect(res.body).toMatchObject({ date_from: `${today.slice(0, 8)}01`, date_to: today });
  });

  it('counts the offers waiting for a department and its own low stock', async () => {
    const res = await trader2.get('reports/dashboard/');
    expect(res.body.pending_offers).toBe(1);
    expect((await trader.get('reports/dashboard/')).body.pending_offers).toBe(0);
  });
});

describe('department scope', () => {
  it('a trader sees only their own department, and another department is 403', async () => {
    const own = await trader.get(`reports/sales/?${query({ group_by: 'department', ...SEPTEMBER_Q })}`);
    expect(own.body.results.map((r: { key: string }) => r.key)).toEqual([String(users.B1.id)]);
    expect((await trader.get(`reports/sales/?department=${users.B1.id}`)).status).toBe(200);
    for (const path of ['dashboard', 'sales', 'stock-movement', 'cash-flow']) {
      const res = await trader.get(`reports/${path}/?department=${users.B2.id}`);
      expect(res.status, path).toBe(403);
      expect(res.body.detail).toBeTruthy();
    }
    const stock = await trader.get(`reports/stock-movement/?${query(SEPTEMBER_Q)}`);
    expect(stock.body.results.map((r: { variant: { id: number } }) => r.variant.id)).toEqual([shirt.id]);
  });

  it('a department of another business is a 400 on department; no token is 401', async () => {
    const other = await createSignedInUsers(t.db, t.url, ['Owner'] as const);
    const res = await other.as.Owner.get(`reports/sales/?department=${users.B1.id}`);
    expect(res.status).toBe(400);
    expect(res.body.department).toBeTruthy();
    expect((await other.as.Owner.get('reports/sales/')).body.count).toBe(0);
    expect((await new ApiClient(t.url).get('reports/dashboard/')).status).toBe(401);
  });

  it('refuses bad filters with field errors', async () => {
    const cases: Array<[string, string]> = [
      ['reports/sales/?date_from=2026-02-30', 'date_from'],
      ['reports/sales/?date_from=2026-10-02&date_to=2026-10-01', 'date_to'],
      ['reports/sales/?date_from=2000-01-01&date_to=2026-01-01', 'date_from'],
      ['reports/sales/?group_by=colour', 'group_by'],
      ['reports/sales/?ordering=price', 'ordering'],
      ['reports/stock-movement/?variant=x', 'variant'],
      ['reports/cash-flow/?group_by=year', 'group_by'],
      ['reports/cash-flow/?by_type=maybe', 'by_type'],
      ['reports/cash-flow/?format=docx', 'format'],
      ['reports/sales/?page_size=5000', 'page_size'],
    ];
    for (const [path, field] of cases) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body[field], path).toBeTruthy();
    }
  });
});

async function download(path: string, language?: string) {
  const res = await fetch(`${t.url}/api/${path}`, {
    headers: { authorization: `Bearer ${owner.token}`, ...(language ? { 'accept-language': language } : {}) },
  });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('exports', () => {
  const params = query({ group_by: 'variant', date_from: '2026-09-01', date_to: today });

  it('CSV: the same rows as the JSON, a header and a totals line, as an attachment', async () => {
    const json = await owner.get(`reports/sales/?${params}`);
    const { res, body } = await download(`reports/sales/?${params}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="savdo-2026-09-01_${today}.csv"`,
    );
    const lines = body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Variant,Miqdor,Tushum (UZS),Tannarx (UZS),Marja (UZS),Marja %');
    expect(lines).toHaveLength(json.body.count + 2);
    const totals = json.body.totals;
    expect(lines.at(-1)).toBe(
      ['Jami', totals.qty, totals.revenue_uzs, totals.cogs_uzs, totals.margin_uzs, totals.margin_pct].join(
        ',',
      ),
    );
    const first = json.body.results[0];
    expect(lines[1]).toContain(`,${first.qty},${first.revenue_uzs},`);
  });

  it("CSV: written in the reader's language, headers, totals and the types' words (DESIGN.md section 16)", async () => {
    const { body } = await download(`reports/sales/?${params}&format=csv`, 'ru');
    const lines = body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Вариант,Количество,Выручка (UZS),Себестоимость (UZS),Маржа (UZS),Маржа %');
    expect(lines.at(-1)?.startsWith('Итого,')).toBe(true);
    const period = query({ date_from: today, date_to: today, department: users.K.id, by_type: 'true' });
    const flow = (await download(`reports/cash-flow/?${period}&format=csv`, 'en')).body.toString('utf8');
    expect(flow.split('\r\n')[0]).toBe('\uFEFFPeriod,Currency,Type,In,Out,Net,Closing balance');
    expect(flow).toContain(',Exchange,');
  });

  it('CSV: a net outflow is a negative number, not a text with an apostrophe', async () => {
    // The cashier's exchange today, split by type: UZS out, nothing in.
    const period = query({ date_from: today, date_to: today, department: users.K.id, by_type: 'true' });
    const json = await owner.get(`reports/cash-flow/?${period}`);
    const outflows = json.body.results.filter((r: { net: string }) => r.net.startsWith('-'));
    expect(outflows.length).toBeGreaterThan(0);
    const { body } = await download(`reports/cash-flow/?${period}&format=csv`);
    const lines = body.toString('utf8').split('\r\n');
    // The type in the file's words, not its code.
    const words: Record<string, string> = { EXCHANGE: 'Almashtirish', OFFER: 'Taklif', EXTERNAL: 'Tashqi' };
    for (const r of outflows) {
      const cells = [r.period, r.currency_code, words[r.tx_type], r.inflow, r.outflow, r.net, r.closing];
      expect(lines).toContain(cells.join(','));
    }
  });

  it('Excel: a workbook whose rows are the report rows, numbers as numbers', async () => {
    const json = await owner.get(`reports/stock-movement/?${params}`);
    const { res, body } = await download(`reports/stock-movement/?${params}&format=xlsx`);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new Workbook();
    await book.xlsx.load(body as never);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(json.body.count + 2);
    expect(sheet?.getRow(1).getCell(1).value).toBe('SKU');
    expect(sheet?.getRow(2).getCell(1).value).toBe(json.body.results[0].variant.sku);
    expect(sheet?.getRow(2).getCell(7).value).toBe(Number(json.body.results[0].closing_value_uzs));
    expect(sheet?.getRow(json.body.count + 2).getCell(7).value).toBe(
      Number(json.body.totals.closing_value_uzs),
    );
  });

  it('PDF: a document whose text holds the title, the filters and every row', async () => {
    const period = query({ date_from: '2026-09-01', date_to: today });
    const json = await owner.get(`reports/cash-flow/?${period}`);
    const { res, body } = await download(`reports/cash-flow/?${period}&format=pdf`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
    }
    expect(text).toContain('Pul oqimi');
    expect(text).toContain(`2026-09-01 — ${today}`);
    for (const row of json.body.results) {
      expect(text).toContain(row.period);
      expect(text).toContain(row.closing);
    }
  });
});

describe('units (DESIGN.md section 16)', () => {
  it('every quantity carries its unit, and a total gives one only when every product shares it', async () => {
    const period = query({ date_from: '2026-09-01', date_to: today });
    const movement = await owner.get(`reports/stock-movement/?${period}`);
    expect(movement.body.results.map((r: { variant: { unit: string } }) => r.variant.unit)).toEqual(
      movement.body.results.map(() => 'D'),
    );
    expect(movement.body.totals.unit).toBe('D');
    expect((await owner.get(`reports/sales/?${period}`)).body.totals.unit).toBe('D');
    const dashboard = await owner.get(`reports/dashboard/?${period}`);
    expect(dashboard.body.low_stock[0].variant.unit).toBe('D');
    const entries = await supplier.get('inventory/stocks-entry/');
    expect(entries.body[0].variant.unit).toBe('D');

    // The trousers move to metres: their rows say so, my-balance's ready rows too, and the totals,
    // which would add pieces to metres, have no unit.
    const metre = await t.db
      .insertInto('units')
      .values({ business_id: businessId, name: 'Metr', measure: 'M', fixed_rate_to_base: '1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('products')
      .select('unit_id')
      .where('id', '=', trousers.productId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('products')
      .set({ unit_id: metre.id })
      .where('id', '=', trousers.productId)
      .execute();
    try {
      const mixed = await owner.get(`reports/stock-movement/?${period}`);
      const unitOf = (id: number) =>
        mixed.body.results.find((r: { variant: { id: number } }) => r.variant.id === id)?.variant.unit;
      expect(unitOf(trousers.id)).toBe('M');
      expect(unitOf(shirt.id)).toBe('D');
      expect(mixed.body.totals.unit).toBeNull();
      expect((await owner.get(`reports/sales/?${period}`)).body.totals.unit).toBeNull();
      // The files leave the quantities out of their totals line too.
      const csv = (await download(`reports/stock-movement/?${period}&format=csv`)).body.toString('utf8');
      const totalsLine = csv.trimEnd().split('\r\n').at(-1) ?? '';
      expect(totalsLine).toMatch(/^Jami,,,,,,-?[\d.]+$/);
      const salesCsv = (await download(`reports/sales/?${period}&format=csv`)).body.toString('utf8');
      expect(salesCsv.trimEnd().split('\r\n').at(-1)).toMatch(/^Jami,,/);
      const balance = await supplier.get('inventory/stocks/my-balance/');
      const held = balance.body.find((b: { variant: { id: number } }) => b.variant.id === trousers.id);
      expect(held.variant.unit).toBe('M');
    } finally {
      await t.db
        .updateTable('products')
        .set({ unit_id: before.unit_id })
        .where('id', '=', trousers.productId)
        .execute();
    }
  });
});
