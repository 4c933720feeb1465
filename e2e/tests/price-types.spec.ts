import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { CatalogPage } from '../pages/catalog-page.ts';
import { createTaggedVariants } from '../pages/stock-pages.ts';

// DESIGN.md section 19, price types and prices: the catalogue's writing roles keep the price lists
// on /catalog/price-types (reached from the catalogue's header) and a variant's price in each in
// its edit form; every other role reads the list without a write control. Names carry the test's
// tag: a price type's name is unique in the business, and other specs make their own.

test.afterEach(releaseLocks);

const tag = () => `PT${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

/** The demo business's currency ids (spec.md section 9: 1 is USD, 2 is UZS). */
const USD = '1';
const UZS = 2;

function priceTypeRow(page: Page, name: string): Locator {
  return page.getByTestId('price-type-row').filter({ hasText: name });
}

/** The badge of the default price type (the "Asosiy qilish" button's text is no match). */
const defaultMark = (row: Locator) => row.getByText('Asosiy', { exact: true });

async function openVariantEdit(page: Page, product: string, sku: string): Promise<Locator> {
  const catalog = new CatalogPage(page);
  await catalog.open();
  await catalog.search.fill(product);
  const panel = await catalog.toggleVariants(product);
  await panel.locator(`[data-variant-sku="${sku}"]`).getByRole('button', { name: 'Tahrirlash' }).click();
  const form = page.getByRole('form', { name: `${sku} tahrirlash` });
  await expect(form.getByRole('group', { name: 'Narxlar' })).toBeVisible();
  return form;
}

test('the Owner adds Ulgurji in USD, makes it the default and prices a variant in both lists', async ({
  page,
}) => {
  const t = tag();
  const retail = `Chakana ${t}`;
  const wholesale = `Ulgurji ${t}`;
  // The counter offline (offline.spec.ts) prices from the default list meanwhile.
  await holdLock('default-price-type');
  const owner = await apiAs(page, DEMO.owner);
  // The business's default is given back at the end: the demo's other specs and pages price from it.
  const before = (
    (await (await owner.get('catalog/price-types/')).json()) as Array<{ id: number; is_default: boolean }>
  ).find((p) => p.is_default);
  try {
    await ownDefaultAndPrices(page, owner, t, retail, wholesale);
  } finally {
    if (before) await owner.patch(`catalog/price-types/${before.id}/`, { is_default: true });
  }
});

async function ownDefaultAndPrices(
  page: Page,
  owner: Awaited<ReturnType<typeof apiAs>>,
  t: string,
  retail: string,
  wholesale: string,
) {
  const [variant] = await createTaggedVariants(owner, t, 1);
  const made = await owner.post('catalog/price-types/', { name: retail, currency: UZS, is_default: true });
  expect(made.status(), 'retail price type').toBe(201);

  await apiSignIn(page, DEMO.owner);
  await new CatalogPage(page).open();
  await page.getByRole('link', { name: 'Narx turlari' }).click();
  await expect(page).toHaveURL(/\/catalog\/price-types$/);
  await expect(page.getByRole('table', { name: 'Narx turlari' })).toBeVisible();
  await expect(defaultMark(priceTypeRow(page, retail))).toBeVisible();

  // A new price list in dollars, not the default.
  await page.getByRole('button', { name: "Narx turi qo'shish" }).click();
  const dialog = page.getByRole('dialog', { name: 'Yangi narx turi' });
  await dialog.getByLabel('Nomi').fill(wholesale);
  await dialog.getByLabel('Valyuta').selectOption(USD);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
  await expect(priceTypeRow(page, wholesale)).toContainText('USD');
  await expect(defaultMark(priceTypeRow(page, wholesale))).toHaveCount(0);

  // The same name again: the server's message under the name, in Uzbek; the dialog stays open.
  await page.getByRole('button', { name: "Narx turi qo'shish" }).click();
  await dialog.getByLabel('Nomi').fill(wholesale);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog.getByText('Bu nomli narx turi bor.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ulgurji becomes the default; Chakana stops being it.
  await page.getByRole('button', { name: `${wholesale}: asosiy qilish` }).click();
  await expect(defaultMark(priceTypeRow(page, wholesale))).toBeVisible();
  await expect(defaultMark(priceTypeRow(page, retail))).toHaveCount(0);

  // The variant's prices: one per list; the shared rule refuses a third decimal before sending.
  const form = await openVariantEdit(page, `E2E ${t}`, variant!.sku);
  await form.getByLabel(`${retail} (UZS)`).fill('125000');
  await form.getByLabel(`${wholesale} (USD)`).fill('9.505');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByText("Narxda ko'pi bilan 2 ta kasr raqam bo'ladi.")).toBeVisible();
  await form.getByLabel(`${wholesale} (USD)`).fill('9.5');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form).toBeHidden();

  await page.reload();
  const again = await openVariantEdit(page, `E2E ${t}`, variant!.sku);
  await expect(again.getByLabel(`${retail} (UZS)`)).toHaveValue('125000.00');
  await expect(again.getByLabel(`${wholesale} (USD)`)).toHaveValue('9.50');

  // An emptied input removes that price.
  await again.getByLabel(`${retail} (UZS)`).fill('');
  await again.getByRole('button', { name: 'Saqlash' }).click();
  await expect(again).toBeHidden();
  const prices = await (await owner.get(`catalog/variants/${variant!.id}/prices/`)).json();
  const ids = (await (await owner.get('catalog/price-types/')).json()) as Array<{ id: number; name: string }>;
  expect(prices).toEqual({
    prices: [{ price_type: ids.find((p) => p.name === wholesale)!.id, price: '9.50' }],
  });
}

test('the Kassir reads the price types with no control to change them', async ({ page }) => {
  const t = tag();
  const owner = await apiAs(page, DEMO.owner);
  const name = `Bozor ${t}`;
  expect((await owner.post('catalog/price-types/', { name, currency: UZS })).status()).toBe(201);

  await apiSignIn(page, DEMO.kassir);
  await new CatalogPage(page).open();
  await page.getByRole('link', { name: 'Narx turlari' }).click();
  await expect(priceTypeRow(page, name)).toContainText('UZS');
  await expect(page.getByRole('button', { name: "Narx turi qo'shish" })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Amallar' })).toHaveCount(0);
  await expect(priceTypeRow(page, name).getByRole('button')).toHaveCount(0);
});
