import { expect as baseExpect } from '@playwright/test';
import { apiAs, apiSignIn, createPerson, DEMO, expect, test } from '../fixtures.ts';
import { docTag } from '../pages/document-pages.ts';
import { createTaggedVariants, InventoryPage } from '../pages/stock-pages.ts';

// DESIGN.md section 20 on the web: a department of the test's own (a Ta'minotchi, who receives
// its own stock, so no other spec's stock is in its count) starts a count of everything it
// holds, types counts, scans one more, sees every variance and the totals, posts, and finds the
// adjusted quantity on its Inventory page.

const PASSWORD = 'sanoq-parol-2026';

test('a department counts its stock: typed, scanned, variances before posting, the stock adjusted', async ({
  page,
}) => {
  const tag = docTag();
  const email = await createPerson(page, "Ta'minotchi", 'Sanoq', PASSWORD);
  const keeper = await apiAs(page, DEMO.omborchi);
  const [a, b, c] = await createTaggedVariants(keeper, tag, 3);
  const me = await apiAs(page, email, PASSWORD);
  for (const v of [a, b, c]) {
    const res = await me.post('inventory/stocks-entry/', {
      variant: v!.id,
      qty_received: '10',
      unit_cost: '5000',
      currency: 2,
    });
    baseExpect(res.status(), 'stock received').toBe(201);
  }

  await apiSignIn(page, email, PASSWORD);
  await page.goto('/stock-counts');
  await expect(page.getByRole('heading', { name: 'Inventarizatsiya', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Boshlash' }).click();
  await page.waitForURL(/\/stock-counts\/\d+$/);
  const line = (sku: string) => page.getByTestId('count-line').filter({ hasText: sku });
  await expect(page.getByTestId('count-line')).toHaveCount(3);
  await expect(line(a!.sku)).toContainText('10');

  // Typed: A two short, B as expected, C as expected (then scanned once more: one over).
  await page.getByLabel(`${a!.sku}: sanalgan miqdor`).fill('8');
  await page.getByLabel(`${b!.sku}: sanalgan miqdor`).fill('10');
  await page.getByLabel(`${c!.sku}: sanalgan miqdor`).fill('10');
  await page.getByRole('button', { name: 'Sanalganlarni saqlash' }).click();
  await expect(line(a!.sku).getByTestId('variance')).toHaveText('-2');
  const scan = page.getByTestId('count-scan');
  await scan.fill(c!.sku);
  await scan.press('Enter');
  await expect(line(c!.sku).getByTestId('variance')).toHaveText('+1');
  await expect(line(b!.sku).getByTestId('variance')).toHaveText('0');

  // Every variance's value at once, and the totals, before posting.
  const totals = page.getByTestId('count-totals');
  await expect(totals).toContainText('−10 000.00 UZS');
  await expect(totals).toContainText('+5 000.00 UZS');
  await expect(totals).toContainText('3 / 3');

  // On a phone the page stays within its width (the lines scroll in their own box).
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: "O'tkazish" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: "O'tkazish" }).click();
  await expect(page.getByText("O'tkazilgan").first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  const inventory = new InventoryPage(page);
  await inventory.goto();
  await expect(inventory.rows.filter({ hasText: a!.sku })).toContainText('8');
  await expect(inventory.rows.filter({ hasText: c!.sku })).toContainText('11');
});
