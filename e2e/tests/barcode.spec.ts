import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { CatalogPage } from '../pages/catalog-page.ts';
import { scan, withCheckDigit } from '../pages/scanner.ts';
import { createTaggedVariants, StockListPage } from '../pages/stock-pages.ts';

// DESIGN.md section 18: a variant's barcode in the catalogue, and the variant pickers that take a
// keyboard-wedge scanner's codes. Each test makes its own variants and codes; the one that changes
// the business's weight_barcodes setting holds it (offline.spec.ts changes it too).

test.afterEach(releaseLocks);

const tag = () => `BC${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

/** A unique EAN-13 outside the in-store (20-29) range: 47 + 10 random digits + check digit. */
const uniqueEan13 = () =>
  withCheckDigit(
    `47${Date.now().toString().slice(-6)}${String(randomBytes(2).readUInt16BE() % 10_000).padStart(4, '0')}`,
  );

test('a wedge burst in the stock-entry picker selects the variant of its code; slow typing searches', async ({
  page,
}) => {
  const t = tag();
  const keeper = await apiAs(page, DEMO.omborchi);
  const [variant] = await createTaggedVariants(keeper, t, 1);
  const code = uniqueEan13();
  const set = await keeper.patch(`catalog/variants/${variant!.id}/`, { barcode: code });
  expect(set.status(), 'barcode set').toBe(200);

  await apiSignIn(page, DEMO.taminotchi);
  const form = await new StockListPage(page, '/buy').open();
  const picker = form.dialog.getByLabel('Variant *');
  await expect(form.dialog.getByRole('button', { name: 'Kamera bilan skanerlash' })).toBeVisible();

  // A scanner: every key 5 ms apart, then Enter. The picker looks the code up and picks; the Enter
  // does not submit the form.
  await picker.click();
  await scan(page, code);
  await expect(form.dialog.getByTestId('variant-selected')).toContainText(variant!.sku);
  await expect(form.dialog.getByRole('alert')).toHaveCount(0);

  // A person typing the same characters: a search, nothing picked by itself.
  await form.dialog.getByRole('button', { name: 'Variantni olib tashlash' }).click();
  await picker.click();
  await page.keyboard.type(variant!.sku, { delay: 120 });
  await page.keyboard.press('Enter');
  const results = form.dialog.getByRole('list', { name: 'Variantlar' });
  await expect(results.getByRole('button').filter({ hasText: variant!.sku })).toBeVisible();
  await expect(form.dialog.getByTestId('variant-selected')).toHaveCount(0);
  await expect(picker).toHaveValue(variant!.sku);

  // A burst of a code no variant has says so.
  await picker.fill('');
  const unknown = uniqueEan13();
  await scan(page, unknown);
  await expect(form.dialog.getByText(`${unknown} shtrix-kodli variant yo'q.`)).toBeVisible();
  await expect(form.dialog.getByTestId('variant-selected')).toHaveCount(0);
});

test('a scanner typing through the Russian layout still finds its Latin Code 128', async ({ page }) => {
  const keeper = await apiAs(page, DEMO.omborchi);
  const [variant] = await createTaggedVariants(keeper, tag(), 1);
  const code = `SKU-${Date.now().toString().slice(-6)}`;
  expect((await keeper.patch(`catalog/variants/${variant!.id}/`, { barcode: code })).status()).toBe(200);

  await apiSignIn(page, DEMO.taminotchi);
  const form = await new StockListPage(page, '/buy').open();
  await form.dialog.getByLabel('Variant *').click();
  // What the keys S, K, U give on the ЙЦУКЕН layout; Playwright's keyboard has no Cyrillic keys,
  // so the key events go as Chromium's input would send them.
  await scan(page, code.replace('SKU', 'ЫЛГ'));
  await expect(form.dialog.getByTestId('variant-selected')).toContainText(variant!.sku);
});

test('a scale weight code picks its item and fills the quantity', async ({ page }) => {
  await holdLock('weight-barcodes');
  const t = tag();
  const keeper = await apiAs(page, DEMO.omborchi);
  // The Owner changes the setting: auth.spec.ts changes admin@demo.uz's password, so no other spec
  // signs in as admin.
  const admin = await apiAs(page, DEMO.owner);
  const [variant] = await createTaggedVariants(keeper, t, 1);
  const generated = await keeper.post(`catalog/variants/${variant!.id}/barcode/`, {});
  expect(generated.status(), 'in-store code generated').toBe(200);
  const inStore = ((await generated.json()) as { barcode: string }).barcode;
  expect(inStore).toMatch(/^20\d{11}$/);
  // The scale prints 21 + the item number + 1,250 g.
  const weighed = withCheckDigit(`21${inStore.slice(2, 7)}01250`);
  expect((await admin.patch('admin/settings/', { weight_barcodes: 'weight' })).status()).toBe(200);
  try {
    await apiSignIn(page, DEMO.taminotchi);
    const form = await new StockListPage(page, '/buy').open();
    await form.dialog.getByLabel('Variant *').click();
    await scan(page, weighed);
    await expect(form.dialog.getByTestId('variant-selected')).toContainText(variant!.sku);
    await expect(form.quantity).toHaveValue('1.250');
  } finally {
    await admin.patch('admin/settings/', { weight_barcodes: 'off' });
  }
});

test('the variant form refuses a bad check digit, and a code another variant has', async ({ page }) => {
  const t = tag();
  const keeper = await apiAs(page, DEMO.omborchi);
  const [first, second] = await createTaggedVariants(keeper, t, 2);
  const taken = uniqueEan13();
  expect((await keeper.patch(`catalog/variants/${first!.id}/`, { barcode: taken })).status()).toBe(200);

  await apiSignIn(page, DEMO.omborchi);
  const catalog = new CatalogPage(page);
  await catalog.open();
  await catalog.search.fill(`E2E ${t}`);
  const panel = await catalog.toggleVariants(`E2E ${t}`);
  await expect(panel.locator(`[data-variant-sku="${first!.sku}"]`)).toContainText(taken);

  await panel
    .locator(`[data-variant-sku="${second!.sku}"]`)
    .getByRole('button', { name: 'Tahrirlash' })
    .click();
  const editForm = panel.getByRole('form', { name: `${second!.sku} tahrirlash` });
  const field = editForm.getByLabel('Shtrix-kod');
  // The last digit off by one: the shared schema's check, under the field.
  const bad = `${taken.slice(0, 12)}${(Number(taken.at(-1)) + 1) % 10}`;
  await field.fill(bad);
  await editForm.getByRole('button', { name: 'Saqlash' }).click();
  await expect(
    editForm.getByText("Shtrix-kodning nazorat raqami noto'g'ri: kodni qaytadan tekshiring."),
  ).toBeVisible();

  // A valid code the first variant has: the server's field error, under the field.
  await field.fill(taken);
  await editForm.getByRole('button', { name: 'Saqlash' }).click();
  await expect(editForm.getByText(`Bu shtrix-kod ${first!.sku} variantida bor.`)).toBeVisible();
  await expect(panel.getByText('Failed to update variant.')).toBeVisible();
});

test('chosen variants get in-store barcodes at once, and their labels download as a PDF', async ({
  page,
}) => {
  const t = tag();
  const keeper = await apiAs(page, DEMO.omborchi);
  const [first, second] = await createTaggedVariants(keeper, t, 2);
  // A price list of the test's own, for the labels' price (DESIGN.md section 19).
  const priceType = await keeper.post('catalog/price-types/', { name: `Chakana ${t}`, currency: 2 });
  expect(priceType.status(), 'price type created').toBe(201);
  const priceTypeId = ((await priceType.json()) as { id: number }).id;
  const priced = await keeper.put(`catalog/variants/${first!.id}/prices/`, {
    prices: [{ price_type: priceTypeId, price: '125000' }],
  });
  expect(priced.status(), 'price set').toBe(200);
  await apiSignIn(page, DEMO.omborchi);
  const catalog = new CatalogPage(page);
  await catalog.open();
  await catalog.search.fill(`E2E ${t}`);
  const panel = await catalog.toggleVariants(`E2E ${t}`);
  for (const v of [first!, second!]) await panel.getByLabel(`${v.sku} variantini tanlash`).check();
  const bulk = page.getByTestId('variant-bulk-actions');
  await expect(bulk).toContainText('2 ta variant tanlandi');

  await bulk.getByRole('button', { name: 'Shtrix-kodlarni yaratish' }).click();
  await expect(bulk.getByText('2 ta yangi shtrix-kod yaratildi.')).toBeVisible();
  for (const v of [first!, second!]) {
    await expect(panel.locator(`[data-variant-sku="${v.sku}"]`).getByTestId('variant-barcode')).toHaveText(
      /^20\d{11}$/,
    );
  }

  await bulk.getByRole('button', { name: 'Yorliqlarni chop etish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yorliqlar' });
  await dialog.getByLabel("Yorliq o'lchami").selectOption('A4-3x8');
  await dialog.getByLabel('Narx turi').selectOption({ label: `Chakana ${t} (UZS)` });
  // The shared schema's limits, before anything is sent: 2 variants x 1001 copies is over 2000.
  const copies = dialog.getByLabel('Har bir variantdan nechta');
  await copies.fill('1001');
  await dialog.getByRole('button', { name: 'PDF yuklab olish' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Bitta faylda 2000 tadan ko'p yorliq bo'lmaydi.");
  await copies.fill('0');
  await dialog.getByRole('button', { name: 'PDF yuklab olish' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("To'g'ri butun son kiriting.");
  await copies.fill('3');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'PDF yuklab olish' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(dialog).toBeHidden();
  // The server's PDF: 3 labels of each on one A4 sheet, the priced variant's with its price.
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  expect(pdf.numPages).toBe(1);
  const text = (await (await pdf.getPage(1)).getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ');
  expect(text).toContain(`E2E ${t}`);
  expect(text.match(/125\s000\.00\sUZS/g)).toHaveLength(3);
});

test('the scales setting is chosen on the admin settings page', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/settings');
  const mode = page.getByLabel('Tarozi shtrix-kodlari');
  await expect(mode).toHaveValue('off');
  await mode.selectOption({ label: "Og'irlik, grammda" });
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('status')).toHaveText('Sozlamalar saqlandi.');
  await page.reload();
  await expect(mode).toHaveValue('weight');
  await mode.selectOption({ label: "O'chiq" });
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('status')).toHaveText('Sozlamalar saqlandi.');
});

test("a stock entry's labels: one per unit received, from its row on /buy", async ({ page }) => {
  const t = tag();
  const keeper = await apiAs(page, DEMO.omborchi);
  const [variant] = await createTaggedVariants(keeper, t, 1);
  expect((await keeper.post(`catalog/variants/${variant!.id}/barcode/`, {})).status()).toBe(200);
  const supplier = await apiAs(page, DEMO.taminotchi);
  const entry = await supplier.post('inventory/stocks-entry/', {
    variant: variant!.id,
    qty_received: '2.5',
    unit_cost: '5',
    currency: 1,
  });
  expect(entry.status(), 'entry posted').toBe(201);

  await apiSignIn(page, DEMO.taminotchi);
  await page.goto('/buy');
  const row = page.getByTestId('entry-row').filter({ hasText: variant!.sku });
  await row.getByRole('button', { name: 'Yorliqlar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yorliqlar' });
  // 2.5 received: three labels, the half rounded up.
  await expect(dialog.getByLabel('Har bir variantdan nechta')).toHaveValue('3');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'PDF yuklab olish' }).click(),
  ]);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await download.path()) ?? '')) })
    .promise;
  expect(pdf.numPages).toBe(3); // 58 x 40 mm: one label a page
  const text = (await (await pdf.getPage(1)).getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ');
  expect(text).toContain(variant!.sku);
});
