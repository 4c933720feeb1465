import { chromium } from '@playwright/test';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
});
const ctx = await browser.newContext({
  baseURL: 'http://127.0.0.1:8394',
  locale: 'uz-UZ',
  viewport: { width: 375, height: 800 },
  deviceScaleFactor: 2,
});
await ctx.grantPermissions(['camera']);
const page = await ctx.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
page.on('request', (r) => {
  if (/wasm|ponyfill|zxing/.test(r.url())) console.log('request:', r.url());
});
await page.request.post('/api/auth/login/', { data: { email: 'taminotchi@demo.uz', password: 'demo12345' } });
await page.goto('/buy');
console.log('BarcodeDetector in window:', await page.evaluate(() => 'BarcodeDetector' in window));
await page.getByRole('button', { name: '+ Yangi Kirim' }).click();
await page.getByRole('button', { name: 'Kamera bilan skanerlash' }).click();
await page.waitForTimeout(4000);
await page.screenshot({ path: '../.tmp/shots/camera-fake-375.png' });
await page.keyboard.press('Escape');
await page.waitForTimeout(300);
console.log('tracks live after close:', await page.evaluate(() => document.querySelectorAll('video').length));
await browser.close();
