// Lighthouse's scores of DESIGN.md section 23: the sign-in page, Balans and the counter, each
// audited once in its mobile preset (Lighthouse's default: a mid-range phone, slow 4G and a 4x
// slower processor, simulated) against the built app our server serves, in Debian's Chromium.
// The bars: performance >= 90 and accessibility 100 on each page.

export interface LighthousePage {
  name: string;
  path: string;
  /** Signs a user in and returns the Cookie header that lets the page's load-time refresh sign in. */
  cookie?: () => Promise<string>;
}

interface Scores {
  performance: number;
  accessibility: number;
  /** The accessibility audits that failed, with the elements they name. */
  findings: string[];
  /** The performance metrics the score is made of, as Lighthouse shows them. */
  metrics: string;
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

/** The refresh cookie a sign-in sets, as a Cookie header (the page's load-time refresh uses it). */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, remember: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function audit(url: string, port: number, cookie: string | undefined): Promise<Scores> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  const accessibility = categories.accessibility;
  const findings = (accessibility?.auditRefs ?? [])
    .flatMap((ref) => audits[ref.id] ?? [])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => {
      const items =
        (a.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
      return `${a.id}: ${items.map((i) => i.node?.snippet ?? '').join(' ')}`.slice(0, 300);
    });
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    findings,
    // A run Lighthouse could not score (no largest paint seen, a page that failed) says why.
    metrics:
      categories.performance?.score == null
        ? `not scored: ${runtimeError?.message ?? METRICS.map(([, id]) => audits[id]?.errorMessage ?? '').join(' ')}`
        : METRICS.map(([name, id]) => `${name} ${audits[id]?.displayValue ?? '?'}`).join(', '),
  };
}

/** Audits each page, prints its scores against the bars; returns how many bars were met. */
export async function benchLighthouse(
  baseUrl: string,
  chromePath: string,
  pages: LighthousePage[],
): Promise<{ met: number; of: number }> {
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let met = 0;
  try {
    for (const page of pages) {
      const cookie = page.cookie ? await page.cookie() : undefined;
      const scores = await audit(`${baseUrl}${page.path}`, chrome.port, cookie);
      const perf = scores.performance >= 90;
      const a11y = scores.accessibility === 100;
      met += Number(perf) + Number(a11y);
      console.log(
        `  Lighthouse ${page.name.padEnd(25)} performance ${String(scores.performance).padStart(3)} (bar >= 90: ${perf ? 'met' : 'NOT MET'}), accessibility ${String(scores.accessibility).padStart(3)} (bar 100: ${a11y ? 'met' : 'NOT MET'})`,
      );
      console.log(`      ${scores.metrics}`);
      for (const finding of scores.findings) console.log(`      ${finding}`);
    }
  } finally {
    chrome.kill();
  }
  return { met, of: pages.length * 2 };
}
