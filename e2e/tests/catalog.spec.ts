import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { CatalogPage } from '../pages/catalog-page.ts';

// spec.md section 2 (Catalog), 4, 5 and 6. Every test names its own products, so the shared demo
// data never decides an outcome.

const tag = () => `E2E${Date.now().toString().slice(-6)}${randomBytes(2).toString('hex').toUpperCase()}`;
const CONFIRM = (item: string) => `Haqiqatdan ham o'chirib tashlamqochimisiz ${item}?`;
const NO_UNDO = "Bu amalni ortga qaytarib bo'lmaydi.";

test('the index redirects to products; header tabs and product sub-tabs route', async ({ page }) => {
  await apiSignIn(page, DEMO.manager);
  const catalog = new CatalogPage(page);
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/catalog\/products$/);
  await expect(catalog.headerTabs.getByRole('link')).toHaveText([
    'Mahsulotlar',
    "O'lchov birliglari",
    'Razmerlar',
    'Rang',
    'Manzillar',
  ]);
  await expect(catalog.productTabs.getByRole('link')).toHaveText([
    'Hammasi',
    'Hom-ashyo',
    'Yarim tayyor',
    'Tayyor mahsulotlar',
  ]);
  for (const [label, path, shown, hidden] of [
    ['Hom-ashyo', '/catalog/products/raw', 'Paxta mato', "Ko'ylak"],
    ['Yarim tayyor', '/catalog/products/semi', "Bo'yalgan mato", 'Paxta mato'],
    ['Tayyor mahsulotlar', '/catalog/products/finished', "Ko'ylak", 'Paxta mato'],
  ] as const) {
    await catalog.openProductTab(label);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(catalog.row(shown)).toBeVisible();
    await expect(catalog.row(hidden)).toHaveCount(0);
  }
  await catalog.headerTabs.getByRole('link', { name: 'Manzillar' }).click();
  await expect(page).toHaveURL(/\/catalog\/location$/);
  await expect(page.getByRole('heading', { name: 'Manzillar' })).toBeVisible();
  await catalog.headerTabs.getByRole('link', { name: 'Rang' }).click();
  const red = page.getByRole('row').filter({ hasText: 'Qizil' });
  await expect(red).toContainText('#DC2626');
  await expect(red.getByRole('img', { name: '#DC2626' })).toBeVisible();
  await catalog.headerTabs.getByRole('link', { name: 'Razmerlar' }).click();
  await expect(page.getByRole('cell', { name: 'XXL' })).toBeVisible();
  await catalog.headerTabs.getByRole('link', { name: "O'lchov birliglari" }).click();
  await expect(page.getByRole('cell', { name: 'Kilogram', exact: true }).first()).toBeVisible();
});

test('a manager reads the catalogue with no write controls', async ({ page }) => {
  await apiSignIn(page, DEMO.manager);
  const catalog = new CatalogPage(page);
  await catalog.open();
  await expect(catalog.row('Paxta mato')).toBeVisible();
  await expect(catalog.addProduct).toHaveCount(0);
  await expect(page.getByRole('button', { name: /tahrirlash$/ })).toHaveCount(0);
  const panel = await catalog.toggleVariants('Paxta mato');
  await expect(panel.getByText('PM150-OQ')).toBeVisible();
  await expect(panel.getByPlaceholder('SKU (required)')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: "O'chirish" })).toHaveCount(0);
  for (const path of ['/catalog/color', '/catalog/size', '/catalog/unit']) {
    await page.goto(path);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('button', { name: /qo'shish$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /o'chirish$/ })).toHaveCount(0);
  }
});

test('search covers name, model, code and unit name', async ({ page }) => {
  const t = tag();
  const omborchi = await apiAs(page, DEMO.omborchi);
  const unit = await (await omborchi.post('catalog/units/', { name: `Birlik${t}`, measure: 'D' })).json();
  await omborchi.post('catalog/products/', {
    name: `Qidiruv${t}`,
    model: `MDL${t}`,
    code: 880011,
    unit: unit.id,
    type: 'RAW',
  });
  await apiSignIn(page, DEMO.omborchi);
  const catalog = new CatalogPage(page);
  await catalog.open();
  for (const q of [`qidiruv${t}`, `MDL${t}`, `Birlik${t}`]) {
    await catalog.search.fill(q);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(catalog.row(`Qidiruv${t}`)).toBeVisible();
  }
  await catalog.search.fill('880011');
  await expect(catalog.row(`Qidiruv${t}`)).toBeVisible();
  await catalog.search.fill(`nothing-${t}`);
  await expect(page.getByText('Natijalar yoq')).toBeVisible();
});

test('an Omborchi creates, edits and deletes a product; the modal closes on Escape and the backdrop', async ({
  page,
}) => {
  const t = tag();
  await apiSignIn(page, DEMO.omborchi);
  const catalog = new CatalogPage(page);
  await catalog.open();

  await catalog.addProduct.click();
  await expect(catalog.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(catalog.dialog).toHaveCount(0);
  await catalog.addProduct.click();
  await catalog.backdrop.click({ position: { x: 5, y: 5 } });
  await expect(catalog.dialog).toHaveCount(0);

  await catalog.addProduct.click();
  // spec.md section 5: an incomplete form is silently ignored (nothing sent, no message).
  await catalog.save();
  await expect(catalog.dialog).toBeVisible();
  await expect(catalog.dialog.getByText("Bu maydon bo'sh bo'lishi mumkin emas.")).toHaveCount(0);
  await catalog.fillProduct({
    name: `Mahsulot${t}`,
    model: 'E2E-1',
    code: '12a',
    unit: 'Dona',
    type: 'Hom-Ashyo',
  });
  await catalog.save();
  await expect(catalog.dialog).toBeVisible();
  await expect(catalog.dialog.getByText("To'g'ri butun son kiriting.")).toHaveCount(0);
  await catalog.fillProduct({ code: '990001' });
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/catalog/products/'),
  );
  await catalog.save();
  expect((await created).status()).toBe(201);
  await expect(catalog.dialog).toHaveCount(0);
  await catalog.search.fill(`Mahsulot${t}`);
  const row = catalog.row(`Mahsulot${t}`);
  await expect(row).toContainText('E2E-1');
  await expect(row).toContainText('990001');
  await expect(row).toContainText('Hom-Ashyo');

  // Edit the type on the raw sub-tab: the product leaves that list (spec.md section 4).
  await catalog.openProductTab('Hom-ashyo');
  await catalog.search.fill(`Mahsulot${t}`);
  await page.getByRole('button', { name: `Mahsulot${t} tahrirlash` }).click();
  await expect(catalog.dialog.getByLabel('Nomi')).toHaveValue(`Mahsulot${t}`);
  await catalog.fillProduct({ model: 'E2E-2', type: 'Tayyor' });
  await catalog.save();
  await expect(catalog.dialog).toHaveCount(0);
  await expect(catalog.row(`Mahsulot${t}`)).toHaveCount(0);
  await catalog.openProductTab('Tayyor mahsulotlar');
  await catalog.search.fill(`Mahsulot${t}`);
  await expect(catalog.row(`Mahsulot${t}`)).toContainText('E2E-2');

  await page.getByRole('button', { name: `Mahsulot${t} o'chirish` }).click();
  await expect(catalog.dialog.getByRole('heading', { name: CONFIRM(`Mahsulot${t}`) })).toBeVisible();
  await expect(catalog.dialog.getByText(NO_UNDO)).toBeVisible();
  await catalog.dialog.getByRole('button', { name: "O'chirish" }).click();
  await expect(catalog.dialog).toHaveCount(0);
  await expect(catalog.row(`Mahsulot${t}`)).toHaveCount(0);
});

test('an Omborchi adds, edits and deletes a variant; a product with variants cannot be deleted', async ({
  page,
}) => {
  const t = tag();
  const omborchi = await apiAs(page, DEMO.omborchi);
  const units = await (await omborchi.get('catalog/units/')).json();
  await omborchi.post('catalog/products/', {
    name: `Variantli${t}`,
    model: 'V-1',
    code: 770001,
    unit: units[0].id,
    type: 'FINISHED',
  });
  await apiSignIn(page, DEMO.omborchi);
  const catalog = new CatalogPage(page);
  await catalog.open();
  await catalog.search.fill(`Variantli${t}`);
  const panel = await catalog.toggleVariants(`Variantli${t}`);
  await expect(panel.getByText('Variantlar yoq.')).toBeVisible();

  // SKU required on create: an empty one is not sent.
  await panel.getByRole('button', { name: "Variant qo'shish" }).click();
  await expect(panel.getByText('Variantlar yoq.')).toBeVisible();
  await expect(panel.getByText("Bu maydon bo'sh bo'lishi mumkin emas.")).toBeVisible();
  await panel.getByLabel('Rang').last().selectOption({ label: 'Qizil' });
  await panel.getByLabel('Razmer').last().selectOption({ label: '48 (M)' });
  await panel.getByPlaceholder('SKU (required)').fill(`SKU-${t}`);
  await panel.getByRole('button', { name: "Variant qo'shish" }).click();
  const item = panel.locator(`[data-variant-sku="SKU-${t}"]`);
  await expect(item).toContainText('Qizil');
  await expect(item).toContainText('M');
  await expect(panel.getByText('Variantlar yoq.')).toHaveCount(0);

  await item.getByRole('button', { name: 'Tahrirlash' }).click();
  const editForm = panel.getByRole('form', { name: `SKU-${t} tahrirlash` });
  await editForm.getByLabel('SKU').fill(`SKU-${t}-B`);
  await editForm.getByLabel('Rang').selectOption({ label: 'Rang (ixtiyoriy)' });
  await editForm.getByRole('button', { name: 'Saqlash' }).click();
  const edited = panel.locator(`[data-variant-sku="SKU-${t}-B"]`);
  await expect(edited).toContainText('—');

  await page.getByRole('button', { name: `Variantli${t} o'chirish` }).click();
  await catalog.dialog.getByRole('button', { name: "O'chirish" }).click();
  await expect(catalog.dialog.getByText('Failed to delete product.')).toBeVisible();
  await page.keyboard.press('Escape');

  await edited.getByRole('button', { name: "O'chirish" }).click();
  await expect(catalog.dialog.getByRole('heading', { name: CONFIRM(`SKU-${t}-B`) })).toBeVisible();
  await expect(catalog.dialog.getByText(NO_UNDO)).toBeVisible();
  await catalog.dialog.getByRole('button', { name: "O'chirish" }).click();
  await expect(catalog.dialog).toHaveCount(0);
  await expect(panel.getByText('Variantlar yoq.')).toBeVisible();
});

test('a load failure replaces the products page with its error', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  await page.route(/\/api\/catalog\/sizes\//, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/catalog/products');
  await expect(page.getByText('Failed to load products.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto('/catalog/size');
  await expect(page.getByText('Failed to load sizes')).toBeVisible();
});

test('the colour, size and unit forms show the shared schema messages and send nothing', async ({ page }) => {
  await apiSignIn(page, DEMO.omborchi);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/catalog/')) writes.push(request.url());
  });
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Saqlash' });

  await page.goto('/catalog/color');
  await page.getByRole('button', { name: "Rang qo'shish" }).click();
  await dialog.getByLabel('Nomi').fill('E2E rang');
  await dialog.getByLabel('Hex kod').fill('zzz');
  await save.click();
  await expect(dialog.getByText('6 xonali hex rang kodini kiriting, masalan, #1E40AF.')).toBeVisible();
  await expect(dialog.getByLabel('Hex kod')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/catalog/size');
  await page.getByRole('button', { name: "Razmer qo'shish" }).click();
  await dialog.getByLabel('Razmer').fill('   ');
  await save.click();
  await expect(dialog.getByText("Bu maydon bo'sh bo'lishi mumkin emas.")).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/catalog/unit');
  await page.getByRole('button', { name: "O'lchov birligi qo'shish" }).click();
  await save.click();
  await expect(dialog.getByText("Bu maydon bo'sh bo'lishi mumkin emas.")).toBeVisible();
  await expect(dialog.getByText('Birini tanlang: KG, M yoki D.')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(writes).toEqual([]);
});
