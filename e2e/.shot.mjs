import { chromium } from '@playwright/test';

const BASE = 'http://127.0.0.1:8394';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const ctx = await browser.newContext({
  baseURL: BASE,
  locale: 'uz-UZ',
  viewport: { width: 375, height: 800 },
  deviceScaleFactor: 2,
});
const page = await ctx.newPage();
const login = async (email) => {
  const r = await page.request.post('/api/auth/login/', { data: { email, password: 'demo12345' } });
  return (await r.json()).access;
};
const access = await login('omborchi@demo.uz');
const h = { authorization: `Bearer ${access}` };
const variants = await (await page.request.get('/api/catalog/variants/?limit=5', { headers: h })).json();
const v = variants[0];
await page.request.post(`/api/catalog/variants/${variants[1].id}/barcode/`, { headers: h, data: {} });
await page.goto('/catalog/products');
await page.getByRole('searchbox', { name: 'Qidirish' }).fill(v.product_name);
await page
  .getByRole('button', { name: `${v.product_name} variantlari` })
  .first()
  .click();
const panel = page.locator('[data-testid^="variants-"]').first();
await panel.locator('input[type=checkbox]').first().check();
await panel.locator('[data-variant-sku]').first().getByRole('button', { name: 'Tahrirlash' }).click();
const form = panel.getByRole('form').first();
await form.getByLabel('Shtrix-kod').fill('4780000000008');
await form.getByRole('button', { name: 'Saqlash' }).click();
await page.waitForTimeout(500);
await panel.screenshot({ path: '../.tmp/shots/variant-form-375.png' });
await page.screenshot({ path: '../.tmp/shots/catalog-375.png', fullPage: false });
await page.getByRole('button', { name: 'Yorliqlarni chop etish' }).click();
await page.waitForTimeout(300);
await page.screenshot({ path: '../.tmp/shots/labels-375.png' });
await page.getByRole('dialog').getByLabel("Yorliq o'lchami").selectOption('A4-3x8');
await page.getByRole('dialog').getByLabel('Har bir variantdan nechta').fill('3');
const [download] = await Promise.all([
  page.waitForEvent('download'),
  page.getByRole('button', { name: 'PDF yuklab olish' }).click(),
]);
await download.saveAs('../.tmp/shots/labels.pdf');
console.log('downloaded', download.suggestedFilename());
await login('taminotchi@demo.uz');
await page.goto('/buy');
await page
  .getByRole('button', { name: '+ Yangi Kirim' })
  .click()
  .catch(async () => {});
await page.waitForTimeout(300);
await page.screenshot({ path: '../.tmp/shots/picker-375.png' });
await page.getByRole('dialog').getByLabel('Variant *').click();
await page.keyboard.type('4780000000015', { delay: 5 });
await page.keyboard.press('Enter');
await page.waitForTimeout(500);
await page.screenshot({ path: '../.tmp/shots/picker-notfound-375.png' });
await page.getByRole('button', { name: 'Kamera bilan skanerlash' }).click();
await page.waitForTimeout(1500);
await page.screenshot({ path: '../.tmp/shots/camera-375.png' });
await browser.close();
