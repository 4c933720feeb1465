import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from './context.ts';
import type { Measurement } from './measure.ts';

// What a page's first load costs the phone (DESIGN.md sections 18 and 23): every script and
// WebAssembly file Chromium fetches to show the sign-in page and the stock-entry form open (whose
// variant picker can open the camera), gzip-compressed as a server would send them. The bar of
// section 18: the barcode reader (the `barcode-detector` ponyfill and its ZXing WebAssembly)
// is in none of them; opening the camera then shows it loading.

const READER = /zxing|barcode-detector|barcode_detector|\.wasm(\?|$)/i;

interface Loaded {
  url: string;
  gzipBytes: number;
}

async function firstLoad(page: import('playwright').Page, go: () => Promise<unknown>): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  const seen = (response: import('playwright').Response) => {
    const url = response.url();
    if (!/\.(m?js|wasm)(\?|$)/.test(url)) return;
    loaded.push({ url, gzipBytes: 0 });
    response
      .body()
      .then((body) => {
        const entry = loaded.find((l) => l.url === url && l.gzipBytes === 0);
        if (entry) entry.gzipBytes = gzipSync(body, { level: 9 }).length;
      })
      .catch(() => {});
  };
  page.on('response', seen);
  await go();
  await page.waitForLoadState('load');
  // The page's lazy chunks: until a second passes with no new file (the live events' stream stays
  // open, so the network is never idle).
  let count = -1;
  while (count !== loaded.length) {
    count = loaded.length;
    await page.waitForTimeout(1000);
  }
  page.off('response', seen);
  return loaded;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchWeb(ctx: BenchContext): Promise<Measurement[]> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`  skipped (no Chromium at ${chromium})`);
    return [];
  }
  const { users } = await ctx.createBusinessWithUsers(["Ta'minotchi"] as const);
  const { chromium: launcher } = await import('playwright');
  const browser = await launcher.launch({
    executablePath: chromium,
    // Chromium's own fake camera, so that opening the scanner loads its reader as a phone would.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  let missed = 0;
  try {
    const context = await browser.newContext({
      baseURL: ctx.url,
      viewport: { width: 375, height: 812 },
      locale: 'uz-UZ',
    });
    await context.addInitScript(() => window.localStorage.setItem('language', 'uz'));
    const page = await context.newPage();
    const pages: Array<[string, () => Promise<unknown>]> = [
      ['sign-in page', () => page.goto('/login')],
      [
        'stock-entry form (variant picker)',
        async () => {
          await page.request.post('/api/auth/login/', {
            data: { email: users["Ta'minotchi"].email, password: users["Ta'minotchi"].password },
          });
          await page.goto('/buy');
          await page.getByRole('button', { name: '+ Yangi Kirim' }).click();
          await page.getByRole('button', { name: 'Kamera bilan skanerlash' }).waitFor();
        },
      ],
    ];
    for (const [name, go] of pages) {
      const files = await firstLoad(page, go);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last bodies' gzip sizes
      const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
      const reader = files.filter((f) => READER.test(f.url));
      if (reader.length > 0) missed++;
      console.log(
        `  ${name.padEnd(36)} ${String(files.length).padStart(3)} files, ${kb(total).padStart(9)} gzipped; barcode reader ${reader.length === 0 ? 'not loaded: met' : `LOADED (${reader.map((f) => f.url.split('/').pop()).join(', ')}): NOT MET`}`,
      );
    }
    // The check can tell: opening the camera does load the reader.
    const opened = await firstLoad(page, () =>
      page.getByRole('button', { name: 'Kamera bilan skanerlash' }).click(),
    );
    const reader = opened.filter((f) => READER.test(f.url));
    console.log(
      `  ${'opening the camera'.padEnd(36)} ${String(opened.length).padStart(3)} files, ${kb(reader.reduce((sum, f) => sum + f.gzipBytes, 0)).padStart(9)} gzipped of barcode reader (${reader.map((f) => f.url.split('/').pop()).join(', ') || 'none'})`,
    );
  } finally {
    await browser.close();
  }
  console.log(`  bars: ${2 - missed} of 2 met (the barcode reader stays out of the first load)`);
  return [];
}
