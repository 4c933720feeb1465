import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { createTaggedVariants, StockListPage } from '../pages/stock-pages.ts';

// DESIGN.md section 10, Locations: the catalogue's writing roles manage them on /catalog/location,
// the stock forms offer the active ones, the lists filter by them, and one in use is not deleted.

const tag = () => `E2E${Date.now().toString().slice(-6)}${randomBytes(2).toString('hex').toUpperCase()}`;

test('a location is created, used in a stock entry, filters the Buy list and is kept while in use', async ({
  page,
}) => {
  const t = tag();
  const name = `Ombor ${t}`;
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), t, 1);

  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/catalog/location');
  await expect(page.getByRole('heading', { name: 'Manzillar' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Chorsu bozori' })).toContainText('Bozor');
  await page.getByRole('button', { name: "Manzil qo'shish" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nomi').fill(name);
  await dialog.getByLabel('Turi').selectOption({ label: 'Ombor' });
  await dialog.getByLabel('Manzil').fill('Toshkent, Chilonzor 9-kvartal');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Faol');

  // The same name again: the server's field message under the field, the dialog stays.
  await page.getByRole('button', { name: "Manzil qo'shish" }).click();
  await dialog.getByLabel('Nomi').fill(name);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog.getByText('Bu nomli manzil allaqachon mavjud.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The receipt form offers the active locations; the entry records the chosen one.
  await apiSignIn(page, DEMO.taminotchi);
  const buy = new StockListPage(page, '/buy');
  const form = await buy.open();
  const location = form.dialog.getByLabel('Joylashuv');
  const suggestions = page.locator(`datalist[id="${await location.getAttribute('list')}"] option`);
  await expect(suggestions.and(page.locator(`[value="${name}"]`))).toHaveCount(1);
  await expect(suggestions.and(page.locator('[value="Ombor A"]'))).toHaveCount(1);
  // Ombor B is inactive: not offered.
  await expect(suggestions.and(page.locator('[value="Ombor B"]'))).toHaveCount(0);
  await form.pickVariant(variant!.sku);
  await form.quantity.fill('3');
  await form.price.fill('15000');
  await location.fill(name);
  await form.save.click();
  await expect(form.dialog).toBeHidden();
  await expect(buy.rows(variant!.sku)).toContainText(name);

  // The list's filter shows that location's rows only.
  await page.getByLabel('Joylashuv').selectOption({ label: name });
  await expect(page.getByTestId('entry-row')).toHaveCount(1);
  await expect(page.getByTestId('entry-row')).toContainText(variant!.sku);
  await page.getByLabel('Joylashuv').selectOption({ label: 'Barcha joylar' });
  await expect(page.getByTestId('entry-row').nth(1)).toBeVisible();

  // In use: the delete is refused with the server's reason, and the row stays.
  await apiSignIn(page, DEMO.omborchi);
  await page.goto('/catalog/location');
  await page.getByRole('button', { name: `${name} o'chirish` }).click();
  await page.getByRole('dialog').getByRole('button', { name: "O'chirish" }).click();
  await expect(
    page.getByText(
      "Bu manzilni o'chirib bo'lmaydi: u 1 ta tovar kirimi va chiqimida ko'rsatilgan. Buning o'rniga uni nofaol qiling.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
