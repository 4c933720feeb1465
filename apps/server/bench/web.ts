import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from './context.ts';
import { benchLighthouse, signInCookie } from './lighthouse.ts';
import type { Measurement } from './measure.ts';

// What a page's first load costs the phone (DESIGN.md sections 18 and 23): every script and
// WebAssembly file Chromium fetches to show the sign-in page, the counter (a Bozorchi at /sell/new)
// and the stock-entry form open (whose variant picker can open the camera), gzip-compressed as a
// server would send them. The bars: section 23's budget, <= 120 KB of JavaScript before the
// sign-in page and the counter are on screen (their heading painted: what was fetched by then);
// section 18's, the barcode reader (the `barcode-detector` ponyfill and its ZXing WebAssembly) is
// in none of them, and opening the camera then shows it loading. Then Lighthouse (lighthouse.ts).

const READER = /zxing|barcode-detector|barcode_detector|\.wasm(\?|$)/i;
const BUDGET_BYTES = 120 * 1024;

interface Loaded {
  url: string;
  gzipBytes: number;
}

/** What a page fetches until it is idle; `beforeShown`: the URLs that had arrived when it was shown. */
async function firstLoad(
  page: import('playwright').Page,
  go: () => Promise<unknown>,
  shown?: () => Promise<unknown>,
): Promise<{ loaded: Loaded[]; beforeShown: Set<string> }> {
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
  let beforeShown = new Set<string>();
  if (shown) {
    await shown();
    beforeShown = new Set(
      await page.evaluate(() => {
        const at = (window as unknown as { shownAt: number }).shownAt;
        return performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).responseEnd <= at)
          .map((e) => e.name);
      }),
    );
  }
  await page.waitForLoadState('load');
  // The page's lazy chunks: until a second passes with no new file (the live events' stream stays
  // open, so the network is never idle).
  let count = -1;
  while (count !== loaded.length) {
    count = loaded.length;
    await page.waitForTimeout(1000);
  }
  page.off('response', seen);
  return { loaded, beforeShown };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Browser = import('playwright').Browser;
type Page = import('playwright').Page;

async function coldPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 375, height: 812 },
    locale: 'uz-UZ',
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('language', 'uz');
    // When the page's heading is first in the document: the files that had arrived by then are
    // what the page needed to be shown (a later one, such as the message renderer, was not).
    new MutationObserver((_, observer) => {
      if (!document.querySelector('h1')) return;
      (window as unknown as { shownAt: number }).shownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  return context.newPage();
}

const signIn = (page: Page, user: { email: string; password: string }) =>
  page.request.post('/api/auth/login/', { data: { email: user.email, password: user.password } });

/** One page's first load, printed; returns the bars it missed (budget, barcode reader). */
async function onePage(
  page: Page,
  name: string,
  go: () => Promise<unknown>,
  budgeted: boolean,
): Promise<{ missed: number; of: number }> {
  const { loaded, beforeShown } = await firstLoad(
    page,
    go,
    budgeted ? () => page.locator('h1').first().waitFor() : undefined,
  );
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last bodies' gzip sizes
  const sum = (files: Loaded[]) => files.reduce((total, f) => total + f.gzipBytes, 0);
  const reader = loaded.filter((f) => READER.test(f.url));
  console.log(
    `  ${name.padEnd(36)} ${String(loaded.length).padStart(3)} files, ${kb(sum(loaded)).padStart(9)} gzipped; barcode reader ${reader.length === 0 ? 'not loaded: met' : `LOADED (${reader.map((f) => f.url.split('/').pop()).join(', ')}): NOT MET`}`,
  );
  if (!budgeted) return { missed: reader.length > 0 ? 1 : 0, of: 1 };
  const firstFiles = loaded.filter((f) => beforeShown.has(f.url));
  const first = sum(firstFiles);
  const met = first <= BUDGET_BYTES;
  console.log(
    `  ${`  before it is on screen`.padEnd(36)} ${String(firstFiles.length).padStart(3)} files, ${kb(first).padStart(9)} gzipped; budget <= ${kb(BUDGET_BYTES)}: ${met ? 'met' : 'NOT MET'}`,
  );
  return { missed: (reader.length > 0 ? 1 : 0) + (met ? 0 : 1), of: 2 };
}

export async function benchWeb(ctx: BenchContext): Promise<Measurement[]> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`  skipped (no Chromium at ${chromium})`);
    return [];
  }
  const { users } = await ctx.createBusinessWithUsers(["Ta'minotchi", 'Bozorchi'] as const);
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
  let bars = 0;
  const tally = (r: { missed: number; of: number }) => {
    missed += r.missed;
    bars += r.of;
  };
  try {
    let page = await coldPage(browser, ctx.url);
    tally(await onePage(page, 'sign-in page', () => page.goto('/login'), true));
    page = await coldPage(browser, ctx.url);
    await signIn(page, users.Bozorchi);
    tally(await onePage(page, 'counter (Bozorchi, /sell/new)', () => page.goto('/sell/new'), true));
    page = await coldPage(browser, ctx.url);
    await signIn(page, users["Ta'minotchi"]);
    const scan = page.getByRole('button', { name: 'Kamera bilan skanerlash' });
    const form = async () => {
      await page.goto('/buy');
      await page.getByRole('button', { name: '+ Yangi Kirim' }).click();
      await scan.waitFor();
    };
    tally(await onePage(page, 'stock-entry form (variant picker)', form, false));
    // The check can tell: opening the camera does load the reader.
    const { loaded: opened } = await firstLoad(page, () => scan.click());
    const reader = opened.filter((f) => READER.test(f.url));
    console.log(
      `  ${'opening the camera'.padEnd(36)} ${String(opened.length).padStart(3)} files, ${kb(reader.reduce((sum, f) => sum + f.gzipBytes, 0)).padStart(9)} gzipped of barcode reader (${reader.map((f) => f.url.split('/').pop()).join(', ') || 'none'})`,
    );
  } finally {
    await browser.close();
  }
  const lighthouse = await benchLighthouse(ctx.url, chromium, [
    { name: 'sign-in page', path: '/login' },
    {
      name: 'Balans (Bozorchi)',
      path: '/',
      cookie: () => signInCookie(ctx.url, users.Bozorchi.email, users.Bozorchi.password),
    },
    {
      name: 'counter (Bozorchi)',
      path: '/sell/new',
      cookie: () => signInCookie(ctx.url, users.Bozorchi.email, users.Bozorchi.password),
    },
  ]);
  console.log(
    `  bars: ${bars - missed + lighthouse.met} of ${bars + lighthouse.of} met (first-load budget and barcode reader; Lighthouse's scores)`,
  );
  return [];
}
