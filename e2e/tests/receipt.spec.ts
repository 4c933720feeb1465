import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { createTaggedVariants, stockTheTrader } from '../pages/stock-pages.ts';

// DESIGN.md section 19: a sale's receipt on a 375 px phone. The demo's Bozorchi is sent goods of
// the spec's own and sells one through the API; /sales/<id>/receipt shows the number, the total in large
// type and a QR code of its own address, and its two PDF downloads (58 and 80 mm) answer.

test.use({ viewport: { width: 375, height: 812 } });

const tag = () => `E2E${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

test('a posted sale reads as a receipt on a phone, with its QR code and its PDFs', async ({ page }) => {
  // Goods of the spec's own (docs/testing.md: a spec reads only what it made), sent to the Bozorchi.
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), tag(), 1);
  await stockTheTrader(page, variant!.id, '2');
  const trader = await apiAs(page, DEMO.bozorchi);
  const sale = await trader.post(
    'sales/?post=true',
    // In UZS whatever the default price type's currency (price-types.spec.ts changes the default).
    { currency: 2, lines: [{ variant: variant!.id, qty: '1', price: '123456.78' }] },
    { 'idempotency-key': `receipt-${variant!.sku}` },
  );
  expect(sale.status()).toBe(201);
  const { id, number } = (await sale.json()) as { id: number; number: string };

  await page.addInitScript(() => window.localStorage.setItem('language', 'uz'));
  await apiSignIn(page, DEMO.bozorchi);
  await page.goto(`/sales/${id}/receipt`);
  await expect(page.getByRole('heading', { name: `Chek ${number}` })).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('123 456.78 UZS');
  const qr = page.getByRole('img', { name: 'Chek sahifasining QR kodi' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
  expect(await qr.locator('path').count()).toBeGreaterThan(0);
  // Nothing cut on the phone: the page is no wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  for (const width of ['58', '80']) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `PDF ${width} mm` }).click();
    expect((await download).suggestedFilename()).toBe(`${number}-${width}mm.pdf`);
    const res = await trader.get(`sales/${id}/receipt/?width=${width}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
  }
});
