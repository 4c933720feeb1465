import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { DashboardPage, daysBefore, ReportPage, tashkentToday } from '../pages/report-pages.ts';
import { openTab, Shell } from '../pages/shell.ts';

// DESIGN.md section 11: the owner's dashboard (the home of the viewers of the whole business) and
// the reports, with their filters, server-side sorting, totals and file downloads. The demo
// business sells and moves money every day up to today, so a recent period always has rows.

/** The last 60 days: enough sales days to group and sort whatever day of the month it is. */
function recentPeriod(): string {
  const today = tashkentToday();
  return `date_from=${daysBefore(today, 60)}&date_to=${today}`;
}

test("the owner's dashboard, the menu's first entry: figures, charts and lists, each linked to its report", async ({
  page,
}) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/dashboard');
  const dashboard = new DashboardPage(page);
  await expect(dashboard.heading).toBeVisible();
  await expect(new Shell(page).sidebarNav.getByRole('link', { name: "Ko'rsatkichlar" })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // This month up to today by default, the preset pressed.
  await expect(page.getByRole('button', { name: 'Shu oy' })).toHaveAttribute('aria-pressed', 'true');
  // The date field writes the day in the language's order (DESIGN.md section 16).
  await expect(page.getByLabel('Sanagacha')).toHaveValue(tashkentToday().split('-').reverse().join('.'));

  await expect(dashboard.money).toContainText('UZS');
  await expect(dashboard.money).toContainText('USD');
  await expect(dashboard.stock).toContainText(/\d/);
  await expect(dashboard.sales).toContainText('Tannarx');
  await expect(dashboard.sales).toContainText('Marja');
  await expect(dashboard.offers).toContainText(/\d/);
  // The charts come in their own chunk, then draw.
  await expect(dashboard.drawn(dashboard.flowChart)).toBeVisible();
  await expect(dashboard.drawn(dashboard.salesChart)).toBeVisible();
  await expect(dashboard.lowStock.getByTestId('low-stock-row').first()).toContainText(
    /\d+ (m|dona|kg) \/ \d+ (m|dona|kg)/,
  );
  // The demo debt book has overdue debts (seed/debts.ts).
  await expect(dashboard.overdueDebts).toContainText("Dilnoza opa do'koni");

  // A preset moves the period into the URL; the figures' links carry it to the reports.
  await page.getByRole('button', { name: 'Shu yil' }).click();
  await expect(page).toHaveURL(new RegExp(`date_from=${tashkentToday().slice(0, 4)}-01-01`));
  await expect(page.getByRole('button', { name: 'Shu yil' })).toHaveAttribute('aria-pressed', 'true');
  await dashboard.sales.getByRole('link', { name: 'Sotuvlar hisoboti' }).click();
  await expect(page).toHaveURL(/\/reports\/sales\?date_from=\d{4}-01-01&date_to=/);
  // React Router renders a navigation as a transition: until the report is committed, the
  // dashboard (whose 'Shu yil' is pressed too) is still on screen.
  await expect(new ReportPage(page).tab('Sotuvlar')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Shu yil' })).toHaveAttribute('aria-pressed', 'true');
});

test('a sales report regrouped by day, sorted by the server, with its totals', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto(`/reports/sales?${recentPeriod()}`);
  const report = new ReportPage(page);
  await expect(report.header(/Mahsulot/)).toBeVisible();
  await expect(report.rows.first()).toBeVisible();
  await expect(report.totals).toContainText('Jami');

  await page.getByLabel('Guruhlash').selectOption({ label: "Kun bo'yicha" });
  await expect(page).toHaveURL(/group_by=day/);
  await expect(report.header(/Sana/)).toBeVisible();
  // A day as the app writes dates (DESIGN.md section 16): "18 Iyun 2025".
  await expect(report.rows.first().getByRole('cell').first()).toHaveText(
    /^\d{2} (Yan|Fev|Mar|Apr|May|Iyun|Iyul|Avg|Sen|Okt|Noy|Dek) \d{4}$/,
  );
  expect(await report.rows.count()).toBeGreaterThan(1);

  // A header click asks the server for that order: the largest revenue first.
  await report
    .header(/Tushum/)
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/ordering=-revenue_uzs/);
  await expect(report.header(/Tushum/)).toHaveAttribute('aria-sort', 'descending');
  // The previous answer stays on screen while the sorted one loads: wait for it.
  await expect(report.section).toHaveAttribute('aria-busy', 'false');
  const revenue = async (i: number) =>
    Number(((await report.rows.nth(i).getByRole('cell').nth(2).textContent()) ?? '').replace(/\s/g, ''));
  await expect.poll(async () => (await revenue(0)) >= (await revenue(1))).toBe(true);
});

test('every report downloads as CSV, Excel and PDF with the filters on screen', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto(`/reports/sales?${recentPeriod()}&group_by=day`);
  const report = new ReportPage(page);
  await expect(report.rows.first()).toBeVisible();

  const csv = await report.download('CSV');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.bytes.length).toBeGreaterThan(0);
  // The same grouping as the table: the first column is the day.
  expect(csv.bytes.toString('utf8').replace(/^\uFEFF/, '')).toMatch(/^Sana,/);

  const xlsx = await report.download('Excel');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  const pdf = await report.download('PDF');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The other two reports download too.
  await report.openTab('Ombor harakati');
  await expect(page).toHaveURL(/\/reports\/stock-movement\?date_from=/);
  await expect(report.rows.first()).toBeVisible();
  const stock = await report.download('CSV');
  expect(stock.name).toMatch(/\.csv$/);
  expect(stock.bytes.length).toBeGreaterThan(0);

  await report.openTab('Pul oqimi');
  await expect(report.rows.first()).toBeVisible();
  // The box follows the URL, which React Router changes in a transition: the box turns checked a
  // render after the click (Playwright's check() would read it too early on a busy machine).
  const byType = page.getByLabel("Turlar bo'yicha");
  await byType.click();
  await expect(byType).toBeChecked();
  await expect(report.header('Turi')).toBeVisible();
  const cash = await report.download('Excel');
  expect(cash.name).toMatch(/\.xlsx$/);
  expect(cash.bytes.length).toBeGreaterThan(0);
});

test('a department keeps Balans at /, reads its own reports, and has no department picker', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.bozorchi);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO.bozorchi);
  await page.goto('/dashboard');
  await expect(new DashboardPage(page).heading).toBeVisible();
  await expect(page.getByLabel("Bo'lim")).toHaveCount(0);
  await page.goto('/reports');
  await expect(page).toHaveURL('/reports/sales');
  await expect(page.getByRole('heading', { name: 'Sotuvlar', level: 2 })).toBeVisible();
  await expect(page.getByLabel("Bo'lim")).toHaveCount(0);
});

test("the losses tab: each kind's total side by side, the demo's count variances, transit loss and shift differences, one kind by its card", async ({
  page,
}) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto(`/reports/sales?${recentPeriod()}`);
  const report = new ReportPage(page);
  // Exactly: "Yo'ldagi yo'qotishlar" is another tab.
  await openTab(
    page
      .getByRole('navigation', { name: 'Hisobotlar' })
      .getByRole('link', { name: "Yo'qotishlar", exact: true }),
  );
  await expect(page).toHaveURL(/\/reports\/losses\?date_from=/);
  // The demo's stock count C-000001 (a shortage of poplin, a surplus of thread) and its transit loss.
  const count = report.rows.filter({ hasText: 'C-000001' });
  await expect(count.filter({ hasText: 'PP120-OQ' })).toContainText('-1.5 m');
  await expect(count.filter({ hasText: 'TI40-OQ' })).toContainText('+');
  await expect(report.rows.filter({ hasText: 'KS1-OQ-48' }).first()).toContainText("Yo'ldagi yo'qotish");
  // The demo's shifts: the Kassir's first 15,000 so'm short, the Bozorchi's two dollars over.
  await expect(report.rows.filter({ hasText: 'Smena № 1' })).toContainText('-15 000.00');
  await expect(report.rows.filter({ hasText: 'Smena № 2' })).toContainText('2.00 USD');
  for (const kind of ['SHIFT_DIFF', 'TRANSIT_LOSS', 'STOCK_COUNT', 'all'])
    await expect(page.getByTestId(`losses-total-${kind}`)).toContainText('UZS');
  await expect(report.totals).toBeVisible();

  // A kind's card keeps its rows: only the counts' variances, their total under them.
  const countCard = page.getByTestId('losses-total-STOCK_COUNT');
  await countCard.click();
  await expect(page).toHaveURL(/kind=STOCK_COUNT/);
  await expect(countCard).toHaveAttribute('aria-pressed', 'true');
  await expect(report.rows.first()).toBeVisible();
  await expect(report.rows.filter({ hasNotText: 'Inventarizatsiya' })).toHaveCount(0);
  const cardFigure = ((await countCard.textContent()) ?? '').replace(/^\D+/, '').replace(/\s*UZS$/, '');
  await expect(report.totals).toContainText(cardFigure.trim());
});
