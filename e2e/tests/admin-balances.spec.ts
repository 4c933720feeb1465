import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 9, balances and settings: the grid of every department's money with the
// business total, an adjustment and a refused overdraft, and the business settings. The
// adjusted department is otp@demo.uz, whose money no other spec reads; what changes is undone.

const OTP_USER = 'otp@demo.uz';

test('an adjustment changes the cell and the totals; an overdraft is refused with the reason', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/balances');
  const row = page.getByTestId('balance-row').filter({ hasText: OTP_USER });
  const usd = row.locator('td[data-currency="USD"]');
  await expect(usd).toHaveText('25 000.00');
  await expect(page.getByTestId('business-total')).toContainText('UZS');
  await expect(page.getByText('1 USD = 12 650 UZS')).toBeVisible();
  const totalUsd = page.getByTestId('balance-totals').locator('td').nth(1);
  const total = page.getByTestId('business-total');
  const [usdBefore, totalBefore] = [await totalUsd.textContent(), await total.textContent()];

  await row.getByRole('button', { name: 'Tuzatish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel("Bo'lim")).toHaveValue(/\d+/);
  await dialog.getByLabel('Valyuta').selectOption({ label: 'USD' });
  await dialog.getByLabel('Summa').fill('100.50');
  await dialog.getByLabel('Sabab').fill('qisqa');
  await dialog.getByRole('button', { name: 'Yozish' }).click();
  await expect(dialog.getByText("Sabab kamida 8 ta belgidan iborat bo'lishi kerak.")).toBeVisible();
  await dialog.getByLabel('Sabab').fill("Kassadagi qoldiq qo'shildi");
  await dialog.getByRole('button', { name: 'Yozish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('100.5 USD yozildi: endi 25 100.5 USD.');
  await expect(usd).toHaveText('25 100.50');
  await expect(totalUsd).not.toHaveText(usdBefore ?? '');
  await expect(total).not.toHaveText(totalBefore ?? '');

  // Taking more than there is: the server's detail, nothing written.
  await row.getByRole('button', { name: 'Tuzatish' }).click();
  await dialog.getByLabel('Valyuta').selectOption({ label: 'USD' });
  await dialog.getByLabel('Summa').fill('-1000000');
  await dialog.getByLabel('Sabab').fill('Noto‘g‘ri tuzatish sinovi');
  await dialog.getByRole('button', { name: 'Yozish' }).click();
  await expect(dialog.getByRole('alert')).toContainText('USD');
  await page.keyboard.press('Escape');
  await expect(usd).toHaveText('25 100.50');

  // Undo, so the demo stays as it was.
  await row.getByRole('button', { name: 'Tuzatish' }).click();
  await dialog.getByLabel('Valyuta').selectOption({ label: 'USD' });
  await dialog.getByLabel('Summa').fill('-100.50');
  await dialog.getByLabel('Sabab').fill('Sinov tuzatishi qaytarildi');
  await dialog.getByRole('button', { name: 'Yozish' }).click();
  await expect(usd).toHaveText('25 000.00');
  await expect(totalUsd).toHaveText(usdBefore ?? '');
});

test('the settings are saved and read back', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/settings');
  const follow = page.getByLabel('Markaziy bank kurslarini har kuni olish');
  await expect(follow).not.toBeChecked();
  await follow.check();
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('status')).toHaveText('Sozlamalar saqlandi.');
  await page.reload();
  await expect(follow).toBeChecked();
  await follow.uncheck();
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('status')).toHaveText('Sozlamalar saqlandi.');
  await page.getByLabel('Biznes nomi').fill('');
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Nomini kiriting.')).toBeVisible();
});

test('a non-administrator is sent to /unauthorized', async ({ page }) => {
  await apiSignIn(page, DEMO.manager);
  await page.goto('/admin/balances');
  await expect(page).toHaveURL('/unauthorized');
});
