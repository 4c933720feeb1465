import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 21, production orders' pages: the Omborchi (the demo workshop) makes white
// cut pieces from the white fabric (one lot at 28 000 UZS a metre; the recipe: 1.6 m and 3 000 UZS
// of labour a piece), with more fabric than the recipe, posts, reads the costs on the card and
// reverses it, so the stock is as it was for the other specs; a draft is saved and deleted; the
// cost report lists the seeded orders; a phone in Russian shows the server's "no recipe".

async function pickOutput(page: Page, sku: string) {
  await page.getByRole('searchbox').fill(sku);
  await page.getByRole('list').getByRole('button').filter({ hasText: sku }).first().click();
  await expect(page.getByTestId('variant-selected')).toContainText(sku);
}

test('the Omborchi posts an order with waste, reads its costs, and reverses it', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/production');
  await page.getByRole('link', { name: 'Yangi ishlab chiqarish' }).click();
  // The list has a search box of its own (the number): pick on the new page only.
  await expect(page.getByRole('heading', { name: 'Yangi ishlab chiqarish' })).toBeVisible();
  await pickOutput(page, 'BD-KS1-OQ');
  await page.getByTestId('production-qty').fill('2');
  const input = page.getByTestId('production-input-row');
  await expect(input).toHaveCount(1);
  await expect(input.getByTestId('planned')).toHaveText('3.2 m');
  await expect(input.getByLabel('Sarflandi')).toHaveValue('3.2');
  await input.getByLabel('Sarflandi').fill('3.5');
  await page.getByRole('button', { name: "O'tkazish" }).click();

  await expect(page).toHaveURL(/\/production\/\d+$/);
  await expect(page.getByText("O'tkazilgan", { exact: true })).toBeVisible();
  // 3.5 m x 28 000 + 2 x 3 000 of labour = 104 000.00; one piece 52 000.00.
  await expect(page.getByTestId('output-unit-cost')).toContainText('52 000.00');
  await expect(page.getByTestId('production-total')).toContainText('104 000.00');
  await expect(page.getByTestId('overhead')).toContainText('6 000.00');
  const row = page.getByTestId('production-input');
  await expect(row).toHaveAttribute('data-waste', 'true');
  await expect(row).toContainText('98 000.00');
  await expect(page.getByTestId('waste')).toContainText('0.3 m');
  await expect(page.getByTestId('recipe').getByRole('link')).toHaveAttribute(
    'href',
    /\/catalog\/recipes\/\d+\?version=1$/,
  );

  await page.getByRole('button', { name: 'Storno qilish' }).click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByText('Bekor qilingan (storno)', { exact: true })).toBeVisible();
});

test('a draft is saved without costs, changed on its card, and deleted', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/production/new');
  await pickOutput(page, 'BD-KS1-OQ');
  await page.getByTestId('production-qty').fill('1');
  await expect(page.getByTestId('production-input-row').getByTestId('planned')).toHaveText('1.6 m');
  await page.getByRole('button', { name: 'Qoralama sifatida saqlash' }).click();
  await expect(page).toHaveURL(/\/production\/\d+$/);
  await expect(page.getByText('Qoralama', { exact: true })).toBeVisible();
  await expect(page.getByText("Tannarx o'tkazilganda hisoblanadi.")).toBeVisible();
  // Changed in the same form: three pieces now, a little more fabric than the recipe's 4.8 m.
  await page.getByRole('button', { name: 'Tahrirlash' }).click();
  await expect(page.getByTestId('production-qty')).toHaveValue('1');
  await page.getByTestId('production-qty').fill('3');
  const input = page.getByTestId('production-input-row');
  await expect(input.getByTestId('planned')).toHaveText('4.8 m');
  await input.getByLabel('Sarflandi').fill('5');
  await page.getByRole('button', { name: 'Qoralama sifatida saqlash' }).click();
  await expect(page.getByText('Qoralama', { exact: true })).toBeVisible();
  await expect(page.getByTestId('production-input')).toContainText('5 m');
  await page.getByRole('button', { name: "O'chirish" }).click();
  await page.getByTestId('confirm-action').click();
  await expect(page).toHaveURL(/\/production$/);
});

test('a shortfall of the fabric shows under its input and makes nothing', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/production/new');
  await pickOutput(page, 'BD-KS1-OQ');
  // 5 000 pieces need 8 000 m: the workshop holds 300 m at most.
  await page.getByTestId('production-qty').fill('5000');
  await page.getByRole('button', { name: "O'tkazish" }).click();
  const row = page.getByTestId('production-input-row');
  await expect(row.getByText(/PP120-OQ varianti qoldig'i yetarli emas/)).toBeVisible();
  await expect(row.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/production\/new$/);
});

test('the cost report tab lists the posted orders with their unit cost and estimate', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/reports/sales');
  await page.getByRole('link', { name: 'Ishlab chiqarish tannarxi' }).click();
  await expect(page).toHaveURL(/\/reports\/production/);
  const rows = page.getByTestId('report-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'IC-' }).first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('Jami');
  await page.getByLabel('Guruhlash').selectOption({ label: "Mahsulot (variant) bo'yicha" });
  await expect(page).toHaveURL(/group_by=variant/);
  await expect(rows.filter({ hasText: 'BD-KS1-OQ' }).first()).toBeVisible();
});

test('on a phone in Russian, an output without a recipe gets the server’s answer under its field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/production/new');
  await expect(page.getByRole('heading', { name: 'Новое производство' })).toBeVisible();
  // The fabric is RAW: bought, never made; there is no recipe for it.
  await pickOutput(page, 'PP120-OQ');
  await expect(
    page.getByText('У этого товара нет рецепта. Сначала создайте рецепт в каталоге.'),
  ).toBeVisible();
  await page.getByTestId('production-qty').fill('1');
  await page.getByRole('button', { name: 'Провести' }).click();
  await expect(page.getByText('У этого товара нет рецепта: сначала запишите рецепт.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/production\/new$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
