import { readFileSync } from 'node:fs';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 10, History: filters that reload from page 1, pages of 50, an offer opened
// from its row, and the filtered rows downloaded as CSV.

test('the owner filters the history, turns a page, opens an offer and downloads the CSV', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'Tarix' })).toBeVisible();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(50);
  await page
    .getByRole('navigation', { name: 'Sahifalar' })
    .getByRole('button', { name: '2-sahifa', exact: true })
    .click();
  await expect(page.getByRole('button', { name: '2-sahifa', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(rows.first()).toBeVisible();

  // A filter starts again from page 1 and shows only its rows.
  await page.getByLabel('Obyekt').selectOption({ label: 'Taklif' });
  await expect(rows.first()).toContainText('Taklif #');
  await expect(rows.filter({ hasNotText: 'Taklif #' })).toHaveCount(0);
  await page.getByLabel('Amal').fill('offer.approve');
  await expect(rows.filter({ hasNotText: 'offer.approve' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();

  // The row's offer opens in a dialog.
  await rows
    .first()
    .getByRole('button', { name: /Taklif #/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Holati');
  await expect(dialog).toContainText('APPROVED');
  await page.keyboard.press('Escape');

  // The CSV holds the same filtered rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Yuklab olish (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tarix-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('id,created_at,actor,action,entity,entity_id,summary,ip');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(',offer.approve,offer,'))).toBe(true);

  // A day with nothing in it says so.
  await page.getByLabel('Sanadan').fill('2001-01-01');
  await page.getByLabel('Sanagacha').fill('2001-01-01');
  await expect(page.getByText('Hech narsa topilmadi.')).toBeVisible();
});

test('a department sees its own history without the actor filter', async ({ page }) => {
  await apiSignIn(page, DEMO.bozorchi);
  await page.goto('/history');
  const rows = page.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  // Its own actions, and others' only on offers it is a party to.
  await expect(rows.filter({ hasText: 'bozorchi@demo.uz' }).first()).toBeVisible();
  await expect(
    rows.filter({ hasNotText: 'bozorchi@demo.uz' }).filter({ hasNotText: 'Taklif #' }),
  ).toHaveCount(0);
  await expect(page.getByLabel('Kim')).toHaveCount(0);
});
