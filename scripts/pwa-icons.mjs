// Draws the installable app's icons (DESIGN.md section 23) from the favicon's mark: 192 and 512
// px, and a maskable 512 whose mark sits inside the safe circle (80 %) on a full-bleed brand square.
// Run once when the mark changes: node scripts/pwa-icons.mjs (needs Debian's chromium); the PNGs
// are committed in apps/web/public/icons/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
const BRAND = '#2563eb';
const MARK =
  '<path d="M16 5.5 26.5 16 16 26.5 5.5 16z" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>' +
  '<path d="M16 11.5 20.5 16 16 20.5 11.5 16z" fill="#fff"/>';
const svg = (maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${MARK}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/>${MARK}</svg>`;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(maskable).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: path.join(out, name), omitBackground: true });
  await page.close();
}
await browser.close();
