import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { createCounterparty, docTag, pricedStock } from '../pages/document-pages.ts';
import { createTaggedVariants } from '../pages/stock-pages.ts';

// DESIGN.md section 20 on the web: a return started from a posted sale's card (part of a line,
// on a phone), its card, the sale's card showing what came back, a second return beyond what is
// left refused with the server's message; and a purchase returned on the supplier's debt from the
// purchase's card. The sources are made through the API, the returns through the pages.

test.afterEach(releaseLocks);

test('a Bozorchi returns part of a sale in cash from its card; a second return beyond the rest is refused', async ({
  page,
}) => {
  // The cash refund takes money out of the Bozorchi's balance, which debts.spec.ts measures.
  await holdLock('bozorchi-cash');
  const tag = docTag();
  const {
    variants: [shirt, socks],
  } = await pricedStock(page, tag, ['10000', '4000'], '5');
  const trader = await apiAs(page, DEMO.bozorchi);
  const posted = await trader.post(
    'sales/?post=true',
    {
      currency: 2,
      lines: [
        { variant: shirt!.id, qty: '3', price: '10000' },
        { variant: socks!.id, qty: '2', price: '4000' },
      ],
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(posted.status(), 'sale posted').toBe(201);
  const sale = (await posted.json()) as { id: number; number: string };

  await apiSignIn(page, DEMO.bozorchi);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/sales/${sale.id}`);
  await page.getByTestId('return-action').click();
  await expect(page).toHaveURL(`/sales/${sale.id}/return`);
  const line = (sku: string) => page.getByTestId('return-line').filter({ hasText: sku });
  await expect(line(shirt!.sku).getByTestId('return-left')).toContainText('Qaytarish mumkin: 3');
  // Paid in full: the debt is not offered, only cash.
  await expect(page.getByLabel('Naqd qaytarish')).toBeChecked();
  await expect(page.getByLabel('Qarzdan ayirish')).toHaveCount(0);
  await line(shirt!.sku).getByRole('spinbutton').fill('2');
  await expect(page.getByText('Qaytariladigan summa')).toContainText('20 000.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByTestId('return-submit').click();

  await expect(page).toHaveURL(/\/returns\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/R-\d{6}/);
  await expect(heading).toContainText("O'tkazilgan");
  const returnNumber = (await heading.locator('span').first().textContent())!.trim();
  const refund = page.getByTestId('return-refund');
  await expect(refund).toContainText('Naqd qaytarish');
  await expect(refund).toContainText('20 000.00');
  // On the phone the return's lines are cards: the shirt's, nothing else.
  const lines = page.getByRole('list', { name: 'Hujjat qatorlari' });
  await expect(lines).toContainText(shirt!.sku);
  await expect(lines).not.toContainText(socks!.sku);

  // The sale's card: what came back of the line, and the return listed with its link.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('return-source').click();
  await expect(page).toHaveURL(`/sales/${sale.id}`);
  const shirtRow = page.getByTestId('document-line').filter({ hasText: shirt!.sku });
  await expect(shirtRow.getByTestId('line-returned')).toContainText('Qaytarilgan: 2');
  const listed = page.getByTestId('source-return').filter({ hasText: returnNumber });
  await expect(listed).toContainText('20 000.00');
  await expect(listed.getByRole('link', { name: returnNumber })).toHaveAttribute('href', /^\/returns\/\d+$/);

  // What is left is 1; asking 2 is the server's 409, its message in place, nothing posted.
  await page.getByTestId('return-action').click();
  await expect(line(shirt!.sku).getByTestId('return-left')).toContainText('Qaytarish mumkin: 1');
  await line(shirt!.sku).getByRole('spinbutton').fill('2');
  await page.getByTestId('return-submit').click();
  await expect(page.getByText("Qaytariladigan miqdor qolganidan ko'p")).toContainText(shirt!.sku);
  await expect(line(shirt!.sku).getByRole('alert')).toContainText(`${shirt!.sku}: qaytarish mumkin 1`);
  await expect(page).toHaveURL(`/sales/${sale.id}/return`);
  const card = (await (await trader.get(`sales/${sale.id}/`)).json()) as {
    returns: Array<{ status: string }>;
    lines: Array<{ returned: string }>;
  };
  expect(card.returns.map((r) => r.status)).toEqual(['POSTED']);
  expect(card.lines.map((l) => l.returned)).toEqual(['2.000', '0.000']);
});

test("a Ta'minotchi returns a purchase on the supplier's debt from the purchase's card", async ({ page }) => {
  const tag = docTag();
  const buyer = await apiAs(page, DEMO.taminotchi);
  const keeper = await apiAs(page, DEMO.omborchi);
  const supplier = await createCounterparty(buyer, `Yetkazuvchi ${tag}`, 'SUPPLIER');
  const [variant] = await createTaggedVariants(keeper, tag, 1);
  const posted = await buyer.post(
    'purchases/?post=true',
    {
      currency: 2,
      counterparty: supplier.id,
      lines: [{ variant: variant!.id, qty: '4', unit_cost: '5000' }],
      payment: { cash: [], on_credit: '20000' },
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(posted.status(), 'purchase posted').toBe(201);
  const purchase = (await posted.json()) as { id: number; number: string };

  await apiSignIn(page, DEMO.taminotchi);
  await page.goto(`/purchases/${purchase.id}`);
  await page.getByRole('link', { name: 'Qaytarish', exact: true }).click();
  await expect(page).toHaveURL(`/purchases/${purchase.id}/return`);
  const line = page.getByTestId('return-line').filter({ hasText: variant!.sku });
  await expect(line).toContainText('Xarid qilingan: 4');
  await line.getByRole('button', { name: 'Hammasi' }).click();
  await expect(line.getByRole('spinbutton')).toHaveValue('4');
  await page.getByLabel('Qarzdan ayirish').check();
  await expect(page.getByText('Qaytariladigan summa')).toContainText('20 000.00');
  await page.getByTestId('return-submit').click();

  await expect(page).toHaveURL(/\/returns\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText("O'tkazilgan");
  await expect(page.getByTestId('return-refund')).toContainText('Qarzdan ayirish');
  await expect(page.getByTestId('return-source')).toHaveText(purchase.number);
  const returnId = Number(new URL(page.url()).pathname.split('/')[2]);
  const card = (await (await buyer.get(`purchases/${purchase.id}/`)).json()) as {
    returns: Array<{ status: string; refund: string; total: string }>;
    lines: Array<{ returned: string }>;
  };
  expect(card.returns).toEqual([
    expect.objectContaining({ status: 'POSTED', refund: 'DEBT', total: '20000.00' }),
  ]);
  expect(card.lines[0]?.returned).toBe('4.000');
  // All of it came back: the purchase's card lists the return and offers no other.
  await page.getByTestId('return-source').click();
  await expect(page).toHaveURL(`/purchases/${purchase.id}`);
  await expect(page.getByTestId('source-return')).toContainText('Qarzdan ayirish');
  await expect(page.getByTestId('return-action')).toHaveCount(0);
  // The returns list finds it by its number, and its row opens its card.
  const made = (await (await buyer.get(`returns/${returnId}/`)).json()) as { number: string };
  await page.goto(`/returns?search=${made.number}`);
  const row = page.getByTestId('document-row').filter({ hasText: made.number });
  await expect(row).toContainText(supplier.name);
  await expect(row).toContainText('20 000.00');
  await row.getByRole('link', { name: made.number }).click();
  await expect(page).toHaveURL(`/returns/${returnId}`);
});
