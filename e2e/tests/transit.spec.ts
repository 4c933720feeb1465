import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { docTag } from '../pages/document-pages.ts';
import { createTaggedVariants } from '../pages/stock-pages.ts';

// DESIGN.md section 20 on the web: a transfer received short. The Ta'minotchi sends 10 of a
// product of this spec's own to the Bozorchi, who approves on a 375 px phone stating 7 received
// and why; both read sent / received / lost on the card, and the Owner finds the loss in the
// transit-losses report. Only this spec's own variant moves.

test('a Bozorchi approves a transfer received short; the card and the report show the loss', async ({
  page,
}) => {
  const tag = `TR${docTag()}`;
  const supplier = await apiAs(page, DEMO.taminotchi);
  const trader = await apiAs(page, DEMO.bozorchi);
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.owner), tag, 1);
  const supplierMe = await (await supplier.get('auth/whoami/')).json();
  const traderMe = await (await trader.get('auth/whoami/')).json();
  const entry = await supplier.post('inventory/stocks-entry/', {
    variant: variant!.id,
    qty_received: '10',
    unit_cost: '4',
    currency: 1,
  });
  expect(entry.status()).toBe(201);
  const created = await supplier.post('offers/offers/', {
    from_user: supplierMe.id,
    to_user: traderMe.id,
    item_lines: [{ variant: variant!.id, quantity: '10' }],
    reason_text: "E2E yo'ldagi yo'qotish",
  });
  const id = (await created.json()).id as number;
  expect((await supplier.post(`offers/offers/${id}/submit/`, {})).status()).toBe(200);

  await test.step('the Bozorchi states 7 received on a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await apiSignIn(page, DEMO.bozorchi);
    await page.goto(`/offers/${id}`);
    await page.getByRole('button', { name: 'Qabul qilingan miqdorlar' }).click();
    const form = page.getByTestId('received-form');
    await form.getByLabel('Qabul qilindi').fill('7');
    // A short line needs a reason before anything is sent.
    await form.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(form).toContainText('Kam kelgan miqdor uchun sababni yozing.');
    await form.getByLabel('Sabab').fill("Yo'lda 3 dona namlanib buzildi");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await form.getByRole('button', { name: 'Tasdiqlash' }).click();
    const loss = page.getByTestId('offer-line-loss');
    await expect(loss).toContainText('Yuborildi: 10');
    await expect(loss).toContainText('Qabul qilindi: 7');
    await expect(loss).toContainText("Yo'ldagi yo'qotish: 3");
    await expect(loss).toContainText("Sabab: Yo'lda 3 dona namlanib buzildi");
    await expect(page.getByTestId('received-form')).toHaveCount(0);
  });

  // The stock moved once: 7 to the Bozorchi, nothing left with the Ta'minotchi.
  const mine = (await (await trader.get('inventory/stocks/my-balance/')).json()) as Array<{
    variant: { id: number };
    qty_on_hand: string;
  }>;
  expect(mine.find((b) => b.variant.id === variant!.id)?.qty_on_hand).toBe('7.000');

  await test.step("the sender's card shows the same", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await apiSignIn(page, DEMO.taminotchi);
    await page.goto(`/offers/${id}`);
    await expect(page.getByTestId('offer-line-loss')).toContainText("Yo'ldagi yo'qotish: 3");
  });

  await test.step('the Owner finds it in the transit-losses report', async () => {
    await apiSignIn(page, DEMO.owner);
    await page.goto('/reports');
    await page.getByRole('link', { name: "Yo'ldagi yo'qotishlar" }).click();
    await expect(page).toHaveURL(/\/reports\/transit-losses/);
    const row = page.getByTestId('report-row').filter({ hasText: variant!.sku });
    await expect(row).toContainText(`#${id}`);
    await expect(row).toContainText('taminotchi@demo.uz');
    await expect(row).toContainText('bozorchi@demo.uz');
    await expect(row).toContainText('12.00 USD');
    await expect(row).toContainText("Yo'lda 3 dona namlanib buzildi");
    await expect(page.getByTestId('report-totals')).toBeVisible();
  });
});
