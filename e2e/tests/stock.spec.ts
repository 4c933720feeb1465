import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { createTaggedVariants, InventoryPage, StockListPage, stockTheTrader } from '../pages/stock-pages.ts';

// spec.md sections 2, 5 and 8 (Inventory, Buy, Sell, product offers); every test makes its own
// uniquely named variants, so the shared demo data never decides an outcome.

const tag = () => `E2E${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

test('a receipt: required fields, decimal-only inputs, then the list reloads with it', async ({ page }) => {
  const t = tag();
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), t, 1);
  await apiSignIn(page, DEMO.taminotchi);
  const buy = new StockListPage(page, '/buy');
  const form = await buy.open();
  await form.save.click();
  await expect(form.error).toHaveText('Fill all required fields *');
  await form.pickVariant(variant!.sku);
  await form.quantity.pressSequentially('2a,5.5x');
  await expect(form.quantity).toHaveValue('25.5');
  // The cost rule and its text are the server's, from the shared schema.
  await form.price.pressSequentially('-1');
  await form.save.click();
  await expect(form.error).toHaveText("Qiymat 0 dan katta yoki unga teng bo'lishi kerak.");
  await form.price.clear();
  await form.price.pressSequentially('$1 200.50');
  await expect(form.price).toHaveValue('1200.50');
  await form.save.click();
  await expect(form.dialog).toBeHidden();
  const row = buy.rows(variant!.sku);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('25.5');
  await expect(row).toContainText('1 200.5');
  await expect(row).toContainText('PURCHASE');
  // Opening again shows a reset form.
  await buy.openButton.click();
  await expect(form.quantity).toHaveValue('');
});

test('an issue beyond the stock is refused; one within it is saved', async ({ page }) => {
  const t = tag();
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), t, 1);
  await stockTheTrader(page, variant!.id, '3');
  await apiSignIn(page, DEMO.bozorchi);
  const sell = new StockListPage(page, '/sell');
  const form = await sell.open();
  await form.pickVariant(variant!.sku);
  await form.quantity.fill('5');
  await form.save.click();
  await expect(form.error).toContainText('Failed to save exit');
  await expect(form.error).toContainText("qoldig'i yetarli emas: 3.000 bor");
  await form.quantity.fill('2');
  await form.price.fill('9.99');
  await form.save.click();
  await expect(form.dialog).toBeHidden();
  await expect(sell.rows(variant!.sku)).toContainText('9.99');
  const inventory = new InventoryPage(page);
  await inventory.goto();
  await inventory.search.fill(variant!.sku);
  await expect(inventory.rows).toHaveCount(1);
  await expect(inventory.rows.first()).toContainText('1');
});

test('the Sell list shows a page at a time, numbered across pages (DESIGN.md section 16)', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.bozorchi);
  const trader = await apiAs(page, DEMO.bozorchi);
  const { count } = (await (await trader.get('inventory/stocks-exit/?page=1')).json()) as { count: number };
  // The demo business's 90 days of trade give the Bozorchi more than one page of exits.
  expect(count).toBeGreaterThan(50);
  await page.goto('/sell');
  const rows = page.getByTestId('exit-row');
  await expect(rows).toHaveCount(50);
  await expect(rows.first().locator('td').first()).toHaveText('1');
  const pages = page.getByRole('navigation', { name: 'Sahifalar' });
  await pages.getByRole('button', { name: '2-sahifa', exact: true }).click();
  await expect(rows.first().locator('td').first()).toHaveText('51');
  await expect(rows).toHaveCount(Math.min(50, count - 50));
});

test('inventory: search, filters, sorting, reset and the SKU copy check', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const t = tag();
  const variants = await createTaggedVariants(await apiAs(page, DEMO.omborchi), t, 3);
  const quantities = ['7', '12.5', '0.75'];
  for (const [i, v] of variants.entries()) await stockTheTrader(page, v.id, quantities[i]!);
  await apiSignIn(page, DEMO.bozorchi);
  const inventory = new InventoryPage(page);
  await inventory.goto();
  await expect(inventory.rows).toHaveCount(10); // page size 10 by default; the demo holds more

  await inventory.search.fill(t);
  await expect(inventory.rows).toHaveCount(3);
  await inventory.sortBy('Miqdor');
  expect(await inventory.quantities()).toEqual(['0.75 kg', '7 kg', '12.5 kg']);
  await inventory.sortBy('Miqdor');
  expect(await inventory.quantities()).toEqual(['12.5 kg', '7 kg', '0.75 kg']);

  const product = page.getByLabel('Mahsulot');
  const option = (await product.locator('option', { hasText: `E2E ${t}` }).textContent()) ?? '';
  await product.selectOption({ label: option });
  await expect(inventory.rows).toHaveCount(3);
  await inventory.search.fill(`${t}-2`);
  await expect(inventory.rows).toHaveCount(1);
  await inventory.search.fill('no-such-sku-anywhere');
  await expect(page.getByText('Sizning hisobingizda tovarlar topilmadi.')).toBeVisible();

  await inventory.reset.click();
  await expect(inventory.search).toHaveValue('');
  await expect(inventory.rows).toHaveCount(10);

  await inventory.search.fill(`${t}-1`);
  const copy = inventory.rows.first().getByRole('button', { name: `${t}-1 nusxalash` });
  await copy.click();
  const copied = inventory.rows.first().getByRole('button', { name: `${t}-1 nusxalandi` });
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${t}-1`);
  await expect(copied).toBeHidden({ timeout: 3000 });
});

test("a product offer's whole life between two people", async ({ browser, page }) => {
  const t = tag();
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), t, 1);
  const supplier = await apiAs(page, DEMO.taminotchi);
  expect(
    (
      await supplier.post('inventory/stocks-entry/', {
        variant: variant!.id,
        qty_received: '4',
        unit_cost: '3',
        currency: 1,
      })
    ).status(),
  ).toBe(201);
  const reason = `E2E taklif ${t}`;

  // The sender (Ta'minotchi) drafts an outcome offer through the form, then submits it.
  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await apiSignIn(sender, DEMO.taminotchi);
  await sender.goto('/outcome');
  await sender.getByRole('button', { name: 'Yangi mahsulot' }).click();
  const dialog = sender.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Yuborish' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Qabul qiluvchi bo'lim ID topilmadi.");
  const recipient = dialog.getByLabel("Qabul qiluvchi bo'lim");
  const bozorchi = (await recipient.locator('option', { hasText: 'BOZ-01' }).textContent()) ?? '';
  await recipient.selectOption({ label: bozorchi });
  await dialog.getByRole('button', { name: 'Yuborish' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Variant va miqdorni to'ldiring.");
  await dialog.getByLabel('Variant').fill(variant!.sku);
  await dialog
    .getByRole('list', { name: 'Variantlar' })
    .getByRole('button')
    .filter({ hasText: variant!.sku })
    .click();
  await dialog.getByLabel('Miqdor').fill('1.5');
  await dialog.getByLabel('Sabab').fill('qisqa');
  await dialog.getByRole('button', { name: 'Yuborish' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Sabab kamida 8 ta belgidan iborat bo'lishi kerak.");
  await dialog.getByLabel('Sabab').fill(reason);
  await dialog.getByRole('button', { name: 'Yuborish' }).click();
  await expect(dialog).toBeHidden();
  const sentRow = sender.locator('tr', { has: sender.locator(`td[title="${reason}"]`) });
  await expect(sentRow).toContainText('DRAFT');
  await sentRow.getByRole('button', { name: 'Yuborish' }).click();
  await expect(sentRow).toContainText("JO'NATILDI");

  // The receiver (Bozorchi) approves it from Income; the goods move once.
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await apiSignIn(receiver, DEMO.bozorchi);
  await receiver.goto('/income');
  const incomingRow = receiver.locator('tr', { has: receiver.locator(`td[title="${reason}"]`) });
  await incomingRow.getByRole('button', { name: 'Tasdiqlash' }).click();
  await expect(incomingRow).toContainText('TASDIQLANDI');

  const inventory = new InventoryPage(receiver);
  await inventory.goto();
  await inventory.search.fill(variant!.sku);
  // The search filters in a deferred render (useDeferredValue), over a list that may still be
  // loading: until the one row is committed, the read would get the unfiltered page.
  await expect(inventory.rows).toHaveCount(1);
  expect(await inventory.quantities()).toEqual(['1.5 kg']);
  const senderInventory = new InventoryPage(sender);
  await senderInventory.goto();
  await senderInventory.search.fill(variant!.sku);
  await expect(senderInventory.rows).toHaveCount(1);
  expect(await senderInventory.quantities()).toEqual(['2.5 kg']);
  await senderContext.close();
  await receiverContext.close();
});
