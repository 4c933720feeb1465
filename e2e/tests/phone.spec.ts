import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { daysBefore, tashkentToday } from '../pages/report-pages.ts';

// DESIGN.md section 16 on a 375 px phone, in Uzbek and Russian: no figure is cut (a cell shows all
// it holds; a table wider than the screen scrolls in its box with its first column fixed), the
// debt totals show their amounts, date inputs read in the language's order, and quantities carry
// their unit (sales report rows, offer lines, the dashboard's low stock).

const LANGUAGES = {
  uz: {
    money: /\d{1,3}( \d{3})*\.\d{2} (USD|UZS)$/,
    unit: / (m|dona|kg)$/,
    unitWord: '(m|dona|kg)',
    datePlaceholder: 'kk.oo.yyyy',
  },
  ru: {
    money: /\d{1,3}([\s\u00a0\u202f]\d{3})*,\d{2} (USD|UZS)$/u,
    unit: / (м|шт\.|кг)$/,
    unitWord: '(м|шт\\.|кг)',
    datePlaceholder: 'дд.мм.гггг',
  },
} as const;

/** Pages with tables, totals or figures, each at 375 px, and what shows once their figures came. */
const ROWS = '.data-table td:not([colspan])';
const PAGES: readonly [string, string][] = [
  ['/', 'main >> text=UZS'],
  ['/transactions', ROWS],
  // The owner holds no stock: the table's empty row.
  ['/inventory', '.data-table tbody td'],
  ['/debts', ROWS],
  ['/counterparties', ROWS],
  ['/dashboard', '[data-testid="low-stock-row"]'],
  ['/reports/sales', ROWS],
  ['/reports/cash-flow', ROWS],
  ['/reports/stock-movement', ROWS],
  ['/reports/debts-ageing', ROWS],
];

test.use({ viewport: { width: 375, height: 812 } });

async function signIn(page: Page, language: string, email: string = DEMO.owner): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
  await apiSignIn(page, email);
}

const dayOf = (iso: string, separator = '.') => iso.split('-').reverse().join(separator);

/**
 * What is cut on the page: a cell whose content is wider than the cell, a table box wider than the
 * screen whose first column is not fixed, or the page itself wider than the screen.
 */
async function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) cut.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`cell "${cell.innerText.slice(0, 40)}"`);
    }
    for (const box of document.querySelectorAll<HTMLElement>('.data-table')) {
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const firsts = box.querySelectorAll<HTMLElement>('tr > :first-child:not([colspan])');
      for (const first of firsts) {
        if (getComputedStyle(first).position !== 'sticky') {
          cut.push(`a scrolling table's first column "${first.innerText.slice(0, 40)}" is not fixed`);
          break;
        }
      }
    }
    return cut;
  });
}

for (const [language, expected] of Object.entries(LANGUAGES)) {
  test(`${language}: at 375 px no figure is cut on the pages with tables`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, language);
    for (const [path, ready] of PAGES) {
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible();
      expect(await cutFigures(page), `${path} in ${language}`).toEqual([]);
    }
  });

  test(`${language}: at 375 px the debt totals show their amounts on the screen`, async ({ page }) => {
    await signIn(page, language);
    await page.goto('/debts');
    const totals = page.getByTestId('debt-totals');
    await expect(totals.first()).toBeVisible();
    expect(await totals.count()).toBeGreaterThan(0);
    for (const row of await totals.all()) {
      const amount = row.getByTestId('debt-total-amount');
      await amount.scrollIntoViewIfNeeded();
      await expect(amount).toBeVisible();
      expect((await amount.innerText()).trim()).toMatch(expected.money);
      const box = await amount.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, 'the amount is inside the screen').toBe(true);
    }
  });

  test(`${language}: a date input reads and takes the day in the language's order`, async ({ page }) => {
    await signIn(page, language);
    const to = tashkentToday();
    const from = daysBefore(to, 10);
    await page.goto(`/reports/sales?date_from=${from}&date_to=${to}`);
    const fields = page.getByPlaceholder(expected.datePlaceholder);
    await expect(fields.first()).toHaveValue(dayOf(from));
    await expect(fields.nth(1)).toHaveValue(dayOf(to));
    const earlier = daysBefore(to, 20);
    await fields.first().fill(dayOf(earlier));
    await fields.first().blur();
    await expect(page).toHaveURL(new RegExp(`date_from=${earlier}`));
    await expect(fields.first()).toHaveValue(dayOf(earlier));
  });

  test(`${language}: quantities show their unit in the sales report, offers and low stock`, async ({
    page,
  }) => {
    await signIn(page, language);
    const to = tashkentToday();
    await page.goto(`/reports/sales?group_by=product&date_from=${daysBefore(to, 60)}&date_to=${to}`);
    const rows = page.getByTestId('report-row');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.locator('td:nth-child(2)').allInnerTexts())
      expect(text.trim()).toMatch(expected.unit);

    await page.goto('/dashboard');
    const low = page.getByTestId('low-stock-row');
    await expect(low.first()).toBeVisible();
    for (const text of await low.allInnerTexts()) {
      const figures = text.split('\n').pop() ?? '';
      const quantity = `\\d+([.,]\\d+)? ${expected.unitWord}`;
      expect(figures.trim()).toMatch(new RegExp(`${quantity} / [\\d\\s\u00a0]*${quantity}$`, 'u'));
    }

    await signIn(page, language, DEMO.taminotchi);
    await page.goto('/outcome');
    const itemOffer = page.locator('[data-testid^="offer-"]').filter({ hasText: '×' }).first();
    await expect(itemOffer).toBeVisible();
    expect(await itemOffer.innerText()).toMatch(new RegExp(`\\d ${expected.unitWord} × `, 'u'));
    const id = (await itemOffer.getAttribute('data-testid'))?.replace('offer-', '');
    await page.goto(`/offers/${id}`);
    const line = page.getByTestId('offer-line-qty').first();
    await expect(line).toBeVisible();
    expect((await line.innerText()).trim()).toMatch(expected.unit);
  });
}
