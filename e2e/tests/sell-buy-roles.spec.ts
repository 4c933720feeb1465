import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { CounterpartiesPage } from '../pages/debt-pages.ts';

// DESIGN.md section 19 in the browser: the Owner chooses in the settings which roles sell and buy
// besides the Bozorchi and the Ta'minotchi (whoami's can_sell and can_buy follow), and a
// counterparty's price type is chosen in its form and shown on its card.

const tag = () => `${Date.now().toString().slice(-6)}${randomBytes(2).toString('hex').toUpperCase()}`;

test('the Owner lets the Kassir sell and takes it back; the fixed roles stay ticked', async ({ page }) => {
  const kassir = await apiAs(page, DEMO.kassir);
  const canSell = async () =>
    ((await (await kassir.get('auth/whoami/')).json()) as { can_sell: boolean }).can_sell;
  expect(await canSell()).toBe(false);

  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/settings');
  const sale = page.getByRole('group', { name: "Sotish mumkin bo'lgan rollar" });
  const buy = page.getByRole('group', { name: "Sotib olish mumkin bo'lgan rollar" });
  await expect(sale.getByLabel('Bozorchi')).toBeChecked();
  await expect(sale.getByLabel('Bozorchi')).toBeDisabled();
  await expect(buy.getByLabel("Ta'minotchi")).toBeChecked();
  await expect(buy.getByLabel("Ta'minotchi")).toBeDisabled();

  await sale.getByLabel('Kassir').check();
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Sozlamalar saqlandi.')).toBeVisible();
  expect(await canSell()).toBe(true);
  await page.reload();
  await expect(sale.getByLabel('Kassir')).toBeChecked();

  await sale.getByLabel('Kassir').uncheck();
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Sozlamalar saqlandi.')).toBeVisible();
  expect(await canSell()).toBe(false);
});

test("a counterparty's price type is chosen in its form, shown on its card, and cleared", async ({
  page,
}) => {
  const t = tag();
  const owner = await apiAs(page, DEMO.owner);
  const created = await owner.post('catalog/price-types/', { name: `Ulgurji ${t}`, currency: 1 });
  expect(created.status(), 'price type created').toBe(201);
  const priceType = (await created.json()) as { id: number };

  await apiSignIn(page, DEMO.bozorchi);
  const list = new CounterpartiesPage(page);
  await list.goto();
  await page.getByRole('button', { name: 'Yangi kontragent' }).click();
  await list.field('Nomi *').fill(`Ulgurji mijoz ${t}`);
  await list.dialog.getByLabel('Narx turi').selectOption({ label: `Ulgurji ${t} (USD)` });
  await list.dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(list.dialog).toBeHidden();

  const found = await owner.get(`crm/counterparties/?search=${encodeURIComponent(`Ulgurji mijoz ${t}`)}`);
  const [counterparty] = ((await found.json()) as { results: { id: number; price_type: number | null }[] })
    .results;
  expect(counterparty?.price_type).toBe(priceType.id);

  await page.goto(`/counterparties/${counterparty!.id}`);
  await expect(page.getByText(`Ulgurji ${t} (USD)`)).toBeVisible();
  await page.getByRole('button', { name: 'Tahrirlash' }).click();
  await expect(list.dialog.getByLabel('Narx turi')).toHaveValue(String(priceType.id));
  await list.dialog.getByLabel('Narx turi').selectOption('');
  await list.dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(list.dialog).toBeHidden();
  await expect(page.getByText(`Ulgurji ${t} (USD)`)).toHaveCount(0);
  const after = (await (await owner.get(`crm/counterparties/${counterparty!.id}/`)).json()) as {
    price_type: number | null;
  };
  expect(after.price_type).toBeNull();
});
