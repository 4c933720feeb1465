import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { BalancesPage } from '../pages/money-pages.ts';

// DESIGN.md section 9, currencies and rates: the Owner adds a currency, sets its rate, sees the
// exchange estimate follow it and the history grow, and imports the Central Bank's rates (the
// e2e server's local feed). EUR is this spec's own: other specs quote USD, which stays 12650.

test('a new currency and rate reach the exchange estimate; the CBU import updates it', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/users');
  await page.getByRole('link', { name: 'Valyutalar va kurslar' }).click();
  await expect(page.getByRole('heading', { name: 'Valyutalar va kurslar', level: 2 })).toBeVisible();
  // The seed's USD history: months of daily rates, a chart and a table.
  await expect(page.getByRole('heading', { name: 'USD kursi tarixi' })).toBeVisible();
  await expect(page.getByTestId('rate-row')).toHaveCount(50);
  await expect(page.getByTestId('rate-row').filter({ hasText: 'Markaziy bank' }).first()).toBeVisible();

  // Add EUR: a bad code is refused in the form, then the currency is added.
  await page.getByRole('button', { name: "Valyuta qo'shish" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kodi').fill('EU');
  await dialog.getByLabel('Nomi').fill('Yevro');
  await dialog.getByLabel('Kursi (1 birlik = ? UZS)').fill('13900');
  await dialog.getByRole('button', { name: "Qo'shish" }).click();
  await expect(dialog.getByText('Valyuta kodi uchta katta lotin harfi')).toBeVisible();
  await dialog.getByLabel('Kodi').fill('eur');
  await dialog.getByRole('button', { name: "Qo'shish" }).click();
  await expect(dialog).toBeHidden();
  const eurRow = page.getByTestId('currency-row').filter({ hasText: 'EUR' });
  await expect(eurRow).toContainText('13 900');

  // The exchange estimate quotes it.
  const balances = new BalancesPage(page);
  await balances.goto();
  await balances.exchange.getByLabel('Qaysi valyutadan').selectOption({ label: 'EUR' });
  await balances.exchange.getByLabel('Qaysi valyutaga').selectOption({ label: 'UZS' });
  await balances.exchange.getByLabel('Summa').fill('10');
  await expect(balances.estimate).toHaveText('Taxminan: 139 000 UZS (kurs 13900)');

  // A new rate from now: the estimate follows it.
  await page.goto('/admin/currencies');
  await eurRow.getByRole('button', { name: "Kursni o'zgartirish" }).click();
  await dialog.getByLabel('1 EUR = ? UZS').fill('0');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog.getByText("Kurs musbat son bo'lishi kerak.")).toBeVisible();
  await dialog.getByLabel('1 EUR = ? UZS').fill('14000.5');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
  await expect(eurRow).toContainText('14 000.5');
  await eurRow.getByRole('button', { name: 'Tarix' }).click();
  await expect(page.getByRole('heading', { name: 'EUR kursi tarixi' })).toBeVisible();
  await expect(page.getByTestId('rate-row')).toHaveCount(2);
  await expect(page.getByTestId('rate-row').first()).toContainText('14 000.5');
  await expect(page.getByTestId('rate-row').first()).toContainText(DEMO.owner);

  await balances.goto();
  await balances.exchange.getByLabel('Qaysi valyutadan').selectOption({ label: 'EUR' });
  await balances.exchange.getByLabel('Qaysi valyutaga').selectOption({ label: 'UZS' });
  await balances.exchange.getByLabel('Summa').fill('10');
  await expect(balances.estimate).toHaveText('Taxminan: 140 005 UZS (kurs 14000.5)');

  // The Central Bank's rates: EUR changes, USD is already the feed's.
  await page.goto('/admin/currencies');
  await page.getByRole('button', { name: 'Markaziy bank kurslarini olish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Markaziy bank kurslari (20 Noy 2026) o'rnatildi: EUR 13 961.08 UZS.",
  );
  await expect(eurRow).toContainText('13 961.08');
  await expect(page.getByTestId('currency-row').filter({ hasText: 'USD' })).toContainText('12 650');
});

test('the admin area is for administrators only', async ({ page }) => {
  await apiSignIn(page, DEMO.kassir);
  await page.goto('/admin/currencies');
  await expect(page).toHaveURL('/unauthorized');
});
