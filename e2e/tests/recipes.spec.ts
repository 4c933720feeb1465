import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 21, recipes: the Owner writes a recipe on /catalog/recipes (reached from the
// catalogue's header), sees its estimate at today's costs, changes it (version 2), reads version 1
// as it was, and deletes it. Every product here is the test's own (tagged): the demo's recipes
// and stock stay as they were for the other specs.

const tag = () => `RC${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

type Api = Awaited<ReturnType<typeof apiAs>>;

async function product(api: Api, name: string, type: 'RAW' | 'SEMI', code: number, sku: string) {
  const units = (await (await api.get('catalog/units/')).json()) as Array<{ id: number; name: string }>;
  const unit = units.find((u) => u.name === 'Metr') ?? units[0];
  const res = await api.post('catalog/products/', { name, model: 'E2E', code, unit: unit?.id, type });
  expect(res.status(), `${name} created`).toBe(201);
  const variant = await api.post('catalog/variants/', { product: (await res.json()).id, sku });
  expect(variant.status(), `${sku} created`).toBe(201);
  return (await variant.json()) as { id: number; sku: string; product: number };
}

/** The test's products: an output, a costed input (received at 5 000 UZS a metre) and one never bought. */
async function arrange(page: Page, t: string) {
  const owner = await apiAs(page, DEMO.owner);
  const code = Number.parseInt(t.replace(/\D/g, '').slice(-7), 10);
  await product(owner, `Chiqish ${t}`, 'SEMI', code * 10 + 1, `${t}-OUT`);
  const costed = await product(owner, `Mato ${t}`, 'RAW', code * 10 + 2, `${t}-MATO`);
  await product(owner, `Ip ${t}`, 'RAW', code * 10 + 3, `${t}-IP`);
  const supplier = await apiAs(page, DEMO.taminotchi);
  const entry = await supplier.post('inventory/stocks-entry/', {
    variant: costed.id,
    qty_received: '10',
    unit_cost: '5000',
    currency: 2,
  });
  expect(entry.status(), 'input received').toBe(201);
}

async function pickInput(row: Locator, sku: string) {
  await row.getByRole('searchbox').fill(sku);
  await row.getByRole('list').getByRole('button').filter({ hasText: sku }).first().click();
  await expect(row.getByTestId('variant-selected')).toContainText(sku);
}

test('the Owner writes a recipe, sees its estimate, changes it to version 2, reads version 1 and deletes it', async ({
  page,
}) => {
  const t = tag();
  await arrange(page, t);
  await apiSignIn(page, DEMO.owner);
  await page.goto('/catalog/products');
  await page.getByRole('link', { name: 'Retseptlar' }).click();
  await page.getByRole('link', { name: "Retsept qo'shish" }).click();

  // Version 1: 2 m of the costed fabric and 1 000 UZS of labour per unit: 11 000.00 UZS.
  await page.getByLabel('Mahsulot (yarim-tayyor yoki tayyor)').selectOption({ label: `Chiqish ${t} E2E` });
  const rows = page.getByTestId('recipe-input-row');
  await pickInput(rows.nth(0), `${t}-MATO`);
  await rows.nth(0).getByLabel('Miqdori (1 birlik uchun)').fill('2');
  await page.getByLabel('Ish haqi va ustama xarajat (1 birlik uchun)').fill('1000');
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Retsept saqlandi (1-versiya).' })).toBeVisible();
  await expect(page.getByTestId('recipe-output')).toHaveText('Barcha variantlar');
  await expect(page.getByTestId('recipe-input')).toHaveCount(1);
  await expect(page.getByTestId('recipe-estimate')).toHaveText('11 000.00 UZS (1 birlik uchun)');
  const recipeUrl = page.url();

  // Version 2 adds thread that was never bought: the estimate is unknown, and says why.
  await page.getByRole('link', { name: "O'zgartirish" }).click();
  await expect(page.getByText('Saqlash yangi 2-versiyani yaratadi')).toBeVisible();
  await page.getByRole('button', { name: "Xom-ashyo qo'shish" }).click();
  await pickInput(rows.nth(1), `${t}-IP`);
  await rows.nth(1).getByLabel('Miqdori (1 birlik uchun)').fill('0.05');
  await page.getByRole('button', { name: 'Yangi versiyani saqlash' }).click();
  await expect(page.getByText("Saqlandi: yangi 2-versiya. Eski versiyalar o'zgarmadi.")).toBeVisible();
  await expect(page.getByTestId('recipe-input')).toHaveCount(2);
  await expect(page.getByTestId('recipe-estimate')).toHaveText(
    "Noma'lum: 1 ta xom-ashyoning tannarxi hali yo'q.",
  );

  // Version 1 read as it was, read-only; back to the current one.
  await page.getByLabel('Versiya').selectOption({ index: 1 });
  await expect(page).toHaveURL(/\?version=1$/);
  await expect(page.getByText(/Siz 1-versiyani ko'ryapsiz/)).toBeVisible();
  await expect(page.getByTestId('recipe-input')).toHaveCount(1);
  await expect(page.getByTestId('recipe-estimate')).toHaveText('11 000.00 UZS (1 birlik uchun)');
  await page.getByRole('link', { name: "Joriy versiyani ko'rish" }).click();
  await expect(page.getByTestId('recipe-input')).toHaveCount(2);

  // On a phone the page keeps its actions and the estimate in view.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('link', { name: "O'zgartirish" })).toBeInViewport();
  await expect(page.getByTestId('recipe-estimate')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Deleted after a confirmation; the list no longer has it.
  await page.getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('dialog').getByRole('button', { name: "O'chirish" }).click();
  await expect(page).toHaveURL(/\/catalog\/recipes$/);
  await expect(page.getByTestId('recipe-row').filter({ hasText: `Chiqish ${t}` })).toHaveCount(0);
  await page.goto(recipeUrl);
  await expect(page.getByRole('alert')).toHaveText(/Bunday retsept yo'q/);
});

test('the editor shows the server’s refusals in place, and reads in Russian', async ({ page }) => {
  const t = tag();
  await arrange(page, t);
  await page.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  await apiSignIn(page, DEMO.owner);
  await page.goto('/catalog/recipes/new');
  await expect(page.getByRole('heading', { name: 'Новый рецепт' })).toBeVisible();
  // Nothing chosen: each field says what it needs, and nothing is sent.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Выберите товар.')).toBeVisible();
  await expect(page.getByText('Выберите сырьё.')).toBeVisible();
  // The output as its own input: the server's field error under the row.
  await page.getByLabel('Товар (полуфабрикат или готовый)').selectOption({ label: `Chiqish ${t} E2E` });
  const row = page.getByTestId('recipe-input-row').first();
  await pickInput(row, `${t}-OUT`);
  await row.getByLabel('Количество на единицу').fill('1');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(row.getByText('Товар не может быть сырьём для самого себя.')).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/recipes\/new$/);

  // A second product made of this one: using it back would close a circle, the form's error.
  const owner = await apiAs(page, DEMO.owner);
  const code = Number.parseInt(t.replace(/\D/g, '').slice(-7), 10);
  const other = await product(owner, `Detal ${t}`, 'SEMI', code * 10 + 4, `${t}-DET`);
  const out = (
    (await (await owner.get(`catalog/variants/?search=${t}-OUT`)).json()) as Array<{ id: number }>
  )[0];
  const made = await owner.post('recipes/', {
    product: other.product,
    inputs: [{ variant: out?.id, qty: '1' }],
  });
  expect(made.status(), 'the other recipe').toBe(201);
  await row.getByRole('button', { name: 'Убрать вариант' }).click();
  await pickInput(row, `${t}-DET`);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const circle = page.getByRole('alert').filter({ hasText: 'Рецепты замыкаются в круг' });
  await expect(circle).toContainText(`${t}-DET`);
  await expect(circle).toContainText(`${t}-OUT`);
  await owner.delete(`recipes/${(await made.json()).id}/`);
});

test('every role reads the recipes; one outside the catalogue’s writers has no control to change them', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.kassir);
  await page.goto('/catalog/recipes');
  // The demo workshop's shirt recipe (the seed's version 2).
  const row = page
    .getByTestId('recipe-row')
    .filter({ hasText: 'Barcha variantlar' })
    .filter({ hasText: 'Ustaxona KS-1' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('link', { name: "Retsept qo'shish" })).toHaveCount(0);
  await row.getByRole('link').click();
  await expect(page.getByTestId('recipe-estimate')).toHaveText(/UZS \(1 birlik uchun\)$/);
  await expect(page.getByLabel('Versiya')).toHaveValue('2');
  await expect(page.getByRole('link', { name: "O'zgartirish" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: "O'chirish" })).toHaveCount(0);
  await page.goto('/catalog/recipes/new');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
