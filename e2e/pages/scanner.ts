import type { CDPSession, Page } from '@playwright/test';

// A barcode scanner as the pages meet it (DESIGN.md section 18), for the specs that scan.

/** GS1's check digit, written out here so the tests do not lean on the code they check. */
export function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A keyboard-wedge scanner: its keys, then Enter, each stamped 5 ms after the last, as a scanner's
 * hardware stamps them (DESIGN.md section 18). The stamps go with the key events (CDP's
 * `timestamp`), so the page sees a scanner's pace however long it takes to render each key;
 * Playwright's own typing waits for each key to be handled, and on a busy machine its keys arrive
 * (and are stamped) as slowly as the page renders. Offline, pass a `session` opened before the
 * connection went: a DevTools session attached to an offline page makes its `navigator.onLine`
 * true again (Chromium 150), and the page would never see the connection return.
 */
export async function scan(page: Page, keys: string, session?: CDPSession): Promise<void> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  const start = Date.now() / 1000;
  let i = 0;
  const at = () => start + 0.005 * i++;
  for (const ch of keys) {
    const timestamp = at();
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: ch,
      text: ch,
      unmodifiedText: ch,
      timestamp,
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch, timestamp });
  }
  const timestamp = at();
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', timestamp });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp });
  if (!session) await cdp.detach();
}
