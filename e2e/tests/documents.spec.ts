import { D, formatMoneyFixed } from '@app/shared';
import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { CounterPage, createCounterparty, docTag, pricedStock } from '../pages/document-pages.ts';
import { createTaggedVariants } from '../pages/stock-pages.ts';

// DESIGN.md section 19 on the web: the counter on a phone, a shortfall that posts nothing, the
// Owner's reversal from the card, and a purchase posted by the Ta'minotchi. Each test makes its
// own variants, prices, stock and counterparties through the API.

test.afterEach(releaseLocks);

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a Bozorchi sells three lines, half in USD cash and half on credit, and opens the receipt link', async ({
    page,
  }) => {
    // The sale takes dollars into the Bozorchi's balance, which debts.spec.ts measures.
    await holdLock('bozorchi-cash');
    const tag = docTag();
    const { variants, priceType } = await pricedStock(page, tag, ['10000', '20000', '30000'], '5');
    const trader = await apiAs(page, DEMO.bozorchi);
    const customer = await createCounterparty(trader, `Mijoz ${tag}`, 'CUSTOMER', priceType);
    const currencies = (await (await trader.get('finance/currencies/')).json()) as Array<{
      code: string;
      rate_to_uzs: string;
    }>;
    const rate = currencies.find((c) => c.code === 'USD')!.rate_to_uzs;
    // Half of 60 000 UZS in dollars, to the cent; the rest on credit (what the counter computes).
    const usd = new D(30000).div(rate).toDecimalPlaces(2);
    const credit = new D(60000).minus(usd.times(rate)).toDecimalPlaces(2, D.ROUND_HALF_DOWN);

    await apiSignIn(page, DEMO.bozorchi);
    const counter = await new CounterPage(page).open();
    for (const v of variants) await counter.add(v.sku);
    await page.getByRole('button', { name: 'Nasiya' }).click();
    await expect(page.getByTestId('payment-error')).toHaveText('Nasiya uchun mijozni tanlang.');
    await expect(counter.sell).toBeDisabled();
    // The customer's price list prices the lines (DESIGN.md section 19).
    await counter.chooseCustomer('Mijoz (nasiya uchun shart)', customer.name);
    await expect(counter.total).toContainText('60 000.00');
    await page.getByLabel("Hozir to'landi, USD").fill(usd.toFixed(2));
    await expect(page.getByTestId('payment-figure')).toContainText(formatMoneyFixed(credit));
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    // Nothing of the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await counter.sell.click();
    const result = page.getByTestId('counter-result');
    await expect(result).toContainText(/S-\d{6} sotuvi o'tkazildi/);
    await expect(result).toContainText(`Nasiyaga: ${formatMoneyFixed(credit)} UZS`);
    const number = (await result.locator('p').first().textContent())!.split(' ')[0]!;
    const receipt = result.getByRole('link', { name: 'Chek' });
    await expect(receipt).toHaveAttribute('href', /^\/sales\/\d+\/receipt$/);
    const id = Number((await receipt.getAttribute('href'))!.split('/')[2]);

    const sale = await (await trader.get(`sales/${id}/`)).json();
    expect(sale).toMatchObject({
      number,
      status: 'POSTED',
      total: '60000.00',
      counterparty: { id: customer.id },
    });
    expect(sale.lines).toHaveLength(3);
    expect(sale.payment).toMatchObject({ on_credit: credit.toFixed(2) });
    expect(sale.payment.cash).toEqual([
      expect.objectContaining({ currency_code: 'USD', amount: usd.toFixed(2) }),
    ]);
    expect(sale.debt).not.toBeNull();

    // The receipt page is its own work (DESIGN.md section 19): the link leads to its address.
    const asked = page.waitForURL(`/sales/${id}/receipt`);
    await receipt.click();
    await asked;
  });

  test('a shortfall shows the line its message and posts nothing', async ({ page }) => {
    const tag = docTag();
    const {
      variants: [plenty, scarce],
      priceType,
    } = await pricedStock(page, tag, ['5000', '7000'], '2');
    const trader = await apiAs(page, DEMO.bozorchi);
    const customer = await createCounterparty(trader, `Mijoz ${tag}`, 'CUSTOMER', priceType);
    /** What the Bozorchi holds of this test's variants (other specs' sales never touch them). */
    const onHand = async () => {
      const rows = (await (await trader.get('inventory/stocks/my-balance/')).json()) as Array<{
        variant: { sku: string };
        qty_on_hand: string;
      }>;
      return rows.filter((r) => r.variant.sku.startsWith(tag)).map((r) => [r.variant.sku, r.qty_on_hand]);
    };
    const before = await onHand();
    expect(before).toHaveLength(2);

    await apiSignIn(page, DEMO.bozorchi);
    const counter = await new CounterPage(page).open();
    await counter.chooseCustomer('Mijoz (ixtiyoriy)', customer.name);
    await counter.add(plenty!.sku);
    await counter.add(scarce!.sku);
    // The same variant again adds one: 2 on hand, 3 asked.
    await counter.add(scarce!.sku);
    await counter.add(scarce!.sku);
    await expect(counter.line(scarce!.sku).getByRole('spinbutton')).toHaveValue('3');
    await counter.sell.click();

    await expect(counter.line(scarce!.sku).getByTestId('line-error')).toContainText(scarce!.sku);
    await expect(counter.line(plenty!.sku).getByTestId('line-error')).toHaveCount(0);
    await expect(page.getByTestId('counter-result')).toHaveCount(0);
    await expect(counter.line(plenty!.sku)).toBeVisible();
    // All or nothing (DESIGN.md section 19): the line that was there is not sold either.
    expect(await onHand()).toEqual(before);
  });
});

test('the Owner finds a sale in /sales and reverses it from its card', async ({ page }) => {
  const tag = docTag();
  const {
    variants: [variant],
  } = await pricedStock(page, tag, ['12000'], '3');
  const trader = await apiAs(page, DEMO.bozorchi);
  const posted = await trader.post(
    'sales/?post=true',
    { currency: 2, lines: [{ variant: variant!.id, qty: '2', price: '12000' }] },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(posted.status(), 'sale posted').toBe(201);
  const sale = await posted.json();

  await apiSignIn(page, DEMO.owner);
  await page.goto(`/sales?search=${sale.number}`);
  const row = page.getByTestId('document-row').filter({ hasText: sale.number });
  await expect(row).toContainText("O'tkazilgan");
  await expect(row).toContainText('24 000.00');
  await row.getByRole('link', { name: sale.number }).click();
  await expect(page).toHaveURL(`/sales/${sale.id}`);
  await expect(page.getByTestId('document-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Storno qilish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${sale.number} storno qilinsinmi?`);
  await dialog.getByTestId('confirm-action').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bekor qilingan (storno)');
  await expect(page.getByRole('button', { name: 'Storno qilish' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Chop etish' })).toBeVisible();
  expect((await (await trader.get(`sales/${sale.id}/`)).json()).status).toBe('REVERSED');
});

test("a Ta'minotchi saves a purchase on credit as a draft from /purchases/new, then posts it from its card", async ({
  page,
}) => {
  const tag = docTag();
  const buyer = await apiAs(page, DEMO.taminotchi);
  const keeper = await apiAs(page, DEMO.omborchi);
  const supplier = await createCounterparty(buyer, `Yetkazuvchi ${tag}`, 'SUPPLIER');
  const [variant] = await createTaggedVariants(keeper, tag, 1);

  await apiSignIn(page, DEMO.taminotchi);
  await page.goto('/purchases');
  await page.getByRole('link', { name: 'Yangi xarid' }).click();
  await expect(page).toHaveURL('/purchases/new');
  const supplierField = page.getByLabel('Yetkazib beruvchi');
  await supplierField.fill(supplier.name);
  await page
    .getByRole('list', { name: 'Kontragentlar' })
    .getByRole('button')
    .filter({ hasText: supplier.name })
    .click();
  await page.getByLabel("Tovar qo'shish (skaner yoki qidiruv)").fill(variant!.sku);
  await page
    .getByRole('list', { name: 'Variantlar' })
    .getByRole('button')
    .filter({ hasText: variant!.sku })
    .click();
  const line = page.locator(`[data-testid="edit-line"][data-sku="${variant!.sku}"]`);
  await line.getByRole('button', { name: /bittaga ko'paytirish/ }).click();
  await line.getByLabel('Xarid narxi').fill('5000');
  await expect(page.getByTestId('form-total')).toContainText('10 000.00');
  await page.getByLabel('Nasiyaga').fill('10000');
  await page.getByRole('button', { name: 'Qoralama sifatida saqlash' }).click();

  await expect(page).toHaveURL(/\/purchases\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/P-\d{6}/);
  await expect(heading).toContainText('Qoralama');
  await expect(page.getByRole('button', { name: 'Tahrirlash' })).toBeVisible();
  await page.getByRole('button', { name: "O'tkazish" }).click();
  await expect(heading).toContainText("O'tkazilgan");
  await expect(page.getByTestId('document-payment')).toContainText('10 000.00');
  await expect(page.getByTestId('debt-link')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/')[2]);
  const purchase = await (await buyer.get(`purchases/${id}/`)).json();
  expect(purchase).toMatchObject({ status: 'POSTED', total: '10000.00', counterparty: { id: supplier.id } });
  expect(purchase.lines[0]).toMatchObject({ qty: '2.000', price: '5000.00' });
});
