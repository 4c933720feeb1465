import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { DEMO_PASSWORD } from '../../cli/seed/core.ts';
import { seedDemoIfEmpty } from '../../cli/seed/index.ts';
import { dayOf } from './reports.fixtures.ts';

// The demo business gives every chart and report something to show (DESIGN.md section 11): a
// quarter of purchases at drifting costs, weekly transfers to the trader and daily sales.

let t: TestApp;
let owner: ApiClient;
const today = dayOf(new Date());
const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * 86_400_000));

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t.db);
  owner = await signIn(t.url, { email: 'owner@demo.uz', password: DEMO_PASSWORD });
}, 120_000);
afterAll(() => t.close());

it('seeds ninety days of trade through the ledgers, which the summaries follow', async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
});

it("fills the owner's dashboard: money, stock value, sales with a margin on most days, low stock", async () => {
  const res = await owner.get(`reports/dashboard/?date_from=${daysAgo(89)}&date_to=${today}`);
  expect(res.status).toBe(200);
  const d = res.body;
  expect(Number(d.total_in_uzs)).toBeGreaterThan(0);
  expect(Number(d.stock_value_uzs)).toBeGreaterThan(0);
  expect(Number(d.sales.revenue_uzs)).toBeGreaterThan(Number(d.sales.cogs_uzs));
  expect(Number(d.sales.cogs_uzs)).toBeGreaterThan(0);
  expect(d.pending_offers).toBeGreaterThan(0);
  expect(d.low_stock.length).toBeGreaterThan(0);
  const salesDays = d.series.filter((s: { sales_uzs: string }) => Number(s.sales_uzs) > 0).length;
  expect(salesDays).toBeGreaterThan(60);
  expect(d.series.some((s: { inflow_uzs: string }) => Number(s.inflow_uzs) > 0)).toBe(true);
});

it('seeds a debt book: customers and suppliers with debts open, overdue and paid, in both currencies', async () => {
  const debts = (await owner.get('debts/')).body;
  const kinds = new Set(
    debts.results.map((d: { status: string; currency_code: string }) => `${d.status} ${d.currency_code}`),
  );
  for (const kind of ['OPEN UZS', 'OPEN USD', 'OVERDUE UZS', 'OVERDUE USD', 'PAID UZS', 'PAID USD'])
    expect(kinds).toContain(kind);
  expect(new Set(debts.results.map((d: { direction: string }) => d.direction))).toEqual(
    new Set(['RECEIVABLE', 'PAYABLE']),
  );
  const dashboard = (await owner.get('reports/dashboard/')).body;
  expect(dashboard.overdue_debts.length).toBeGreaterThan(2);
  const ageing = (await owner.get('reports/debts-ageing/')).body;
  expect(ageing.results.length).toBeGreaterThan(2);
});

it('gives each report rows over the quarter: sales at several costs, stock movement, cash flow', async () => {
  const q = `date_from=${daysAgo(89)}&date_to=${today}`;
  const sales = await owner.get(`reports/sales/?${q}&group_by=variant`);
  expect(sales.body.count).toBeGreaterThanOrEqual(8);
  const margins = new Set(sales.body.results.map((r: { margin_pct: string }) => r.margin_pct));
  expect(margins.size).toBeGreaterThan(3);
  const stock = await owner.get(`reports/stock-movement/?${q}`);
  expect(stock.body.count).toBeGreaterThan(10);
  expect(stock.body.results.some((r: { out_qty: string }) => Number(r.out_qty) > 0)).toBe(true);
  const cash = await owner.get(`reports/cash-flow/?${q}&group_by=week`);
  expect(cash.body.count).toBeGreaterThan(10);
});

it("seeds price lists and today's documents: sales posted (cash, dollars with change, nasiya), a draft, a purchase", async () => {
  await assertDocumentInvariants(t.db);
  const types = (await owner.get('catalog/price-types/')).body;
  expect(types.map((p: { name: string; is_default: boolean }) => [p.name, p.is_default])).toEqual([
    ['Chakana', true],
    ['Ulgurji', false],
  ]);
  const sales = (await owner.get('sales/')).body.results as Array<{ status: string; id: number }>;
  // The three of the day, and the counter shift's cash sale (section 22).
  expect(sales.map((s) => s.status).sort()).toEqual(['DRAFT', 'POSTED', 'POSTED', 'POSTED', 'POSTED']);
  const cards = await Promise.all(sales.map(async (s) => (await owner.get(`sales/${s.id}/`)).body));
  expect(cards.some((c) => Number(c.payment.change_uzs) > 0)).toBe(true);
  expect(cards.some((c) => c.debt !== null && Number(c.payment.on_credit) > 0)).toBe(true);
  const purchases = (await owner.get('purchases/')).body.results;
  expect(purchases).toMatchObject([{ status: 'POSTED', currency_code: 'USD' }]);
});

it('seeds section 20 and 21: a return, a posted stock count, a transfer that arrived short, production costs', async () => {
  const returns = (await owner.get('returns/')).body;
  expect(returns.results.map((r: { status: string }) => r.status)).toEqual(['POSTED']);
  const counts = (await owner.get('stock-counts/')).body;
  expect(counts.results.map((c: { status: string }) => c.status)).toEqual(['POSTED']);
  const variances = (await owner.get(`stock-counts/${counts.results[0].id}/variances/`)).body;
  expect(variances.lines.map((l: { variance: string | null }) => l.variance).sort()).toEqual([
    '-1.500',
    '0.200',
  ]);
  const losses = (await owner.get('reports/transit-losses/')).body;
  expect(losses.results).toHaveLength(1);
  expect(losses.results[0]).toMatchObject({ qty: '1.000', reason: "Bittasi yo'lda yirtilgan" });
  const production = (await owner.get('reports/production/')).body;
  expect(production.count).toBe(5);
});

it('seeds section 22: three closed shifts, the Kassir 15,000 so‘m short once, the Bozorchi two dollars over', async () => {
  const shifts = (await owner.get('shifts/')).body;
  expect(shifts.results.map((s: { status: string }) => s.status)).toEqual(['CLOSED', 'CLOSED', 'CLOSED']);
  const byRole = (role: string) =>
    shifts.results.filter((s: { department_role: string }) => s.department_role === role);
  const [later, first] = byRole('Kassir');
  expect(first.amounts.find((a: { currency_code: string }) => a.currency_code === 'UZS')).toMatchObject({
    difference: '-15000.00',
  });
  expect(first.difference_uzs).toBe('-15000.00');
  expect(later.difference_uzs).toBe('0.00');
  const [counter] = byRole('Bozorchi');
  expect(counter.amounts.find((a: { currency_code: string }) => a.currency_code === 'USD')).toMatchObject({
    difference: '2.00',
  });
  const kassirTotals = shifts.totals.find((x: { department: number }) => x.department === first.department);
  expect(kassirTotals).toMatchObject({ shifts: 2, short: 1, over: 0, difference_uzs: '-15000.00' });
  // Nothing is left open: the pages start with the opening form.
  const kassir = await signIn(t.url, { email: 'kassir@demo.uz', password: DEMO_PASSWORD });
  expect((await kassir.get('shifts/current/')).body.shift).toBeNull();
});
