import type { Locator, Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { daysBefore, tashkentToday } from '../pages/report-pages.ts';

// DESIGN.md section 16, numbers: money in tables and reports with exactly 2 decimals, right-aligned
// and grouped as the language groups; quantities with their unit, and no total over different
// units; the dashboard's overdue debts with the way each goes. In Uzbek and Russian, on a desktop.

const LANGUAGES = {
  // spec.md's Uzbek form, 1 234 567.89; Russian as Intl writes it, 1 234 567,89 (a no-break space).
  uz: { money: /^-?\d{1,3}( \d{3})*\.\d{2}$/, unit: / (m|dona|kg)$/, owe: /Bizga qarzdor|Biz qarzdormiz/ },
  ru: {
    money: /^-?\d{1,3}([\s\u00a0\u202f]\d{3})*,\d{2}$/u,
    unit: / (м|шт\.|кг)$/,
    owe: /Нам должны|Мы должны/,
  },
} as const;

function recentPeriod(): string {
  const today = tashkentToday();
  return `date_from=${daysBefore(today, 60)}&date_to=${today}`;
}

async function signIn(page: Page, language: string, email: string = DEMO.owner): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
  await apiSignIn(page, email);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const [device, width] of [
    ['desktop', 1366],
    ['phone', 375],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/numbers/${name}_${device}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The cells of one column of the report table, by its header's position. */
async function column(page: Page, header: string): Promise<Locator> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.trim().toLowerCase() === header.toLowerCase());
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.getByTestId('report-row').locator(`td:nth-child(${index + 1})`);
}

test.use({ viewport: { width: 1366, height: 900 } });

for (const [language, expected] of Object.entries(LANGUAGES)) {
  test(`${language}: money columns show exactly 2 decimals on every row, right-aligned`, async ({ page }) => {
    await signIn(page, language);
    await page.goto(`/reports/cash-flow?${recentPeriod()}`);
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    const header = language === 'uz' ? 'Kirim' : 'Приход';
    const cells = await column(page, header);
    const texts = await cells.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text.trim()).toMatch(expected.money);
    for (const align of await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td).textAlign)))
      expect(align).toBe('right');
    await shoot(page, `${language}_cash-flow`);
  });

  test(`${language}: a quantity shows its unit, and a total over different units is left out`, async ({
    page,
  }) => {
    await signIn(page, language);
    await page.goto(`/reports/stock-movement?${recentPeriod()}`);
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    const header = language === 'uz' ? 'Oxirida' : 'На конец';
    const closing = await column(page, header);
    for (const text of await closing.allInnerTexts()) expect(text.trim()).toMatch(expected.unit);
    // The demo sells cloth in metres and buttons in pieces: no sum of the two.
    const totals = page.getByTestId('report-totals');
    await expect(totals).toBeVisible();
    await expect(totals.locator('td').nth(1)).toHaveText('—');
    await shoot(page, `${language}_stock-movement`);

    await signIn(page, language, DEMO.bozorchi);
    await page.goto('/inventory');
    const row = page.getByTestId('inventory-row').first();
    await expect(row).toBeVisible();
    await expect(row.locator('td').nth(4)).toHaveText(expected.unit);
    await shoot(page, `${language}_inventory`);
  });

  test(`${language}: the dashboard's overdue debts say which way each goes`, async ({ page }) => {
    await signIn(page, language);
    await page.goto('/dashboard');
    const debts = page.getByTestId('overdue-debt');
    await expect(debts.first()).toBeVisible();
    for (const text of await debts.allInnerTexts()) expect(text).toMatch(expected.owe);
    await shoot(page, `${language}_dashboard`);
  });
}
