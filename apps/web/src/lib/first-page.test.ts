import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// firstPageShown (DESIGN.md section 23): what the page does not need waits for its heading. The
// unit tier runs in Node, so the document and its observer are stand-ins of the few parts used.
let heading = false;
let observed: (() => void) | null = null;

beforeEach(() => {
  heading = false;
  observed = null;
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubGlobal('document', {
    documentElement: {},
    querySelector: (selector: string) => (selector === 'h1' && heading ? {} : null),
  });
  vi.stubGlobal(
    'MutationObserver',
    class {
      constructor(callback: () => void) {
        observed = callback;
      }
      observe() {}
      disconnect() {
        observed = null;
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(10);
  return done;
}

describe('firstPageShown', () => {
  it('waits for the page heading, then resolves once for every caller', async () => {
    const { firstPageShown } = await import('./first-page.ts');
    const shown = firstPageShown();
    observed?.(); // the document changed, still no heading
    expect(await settled(shown)).toBe(false);
    heading = true;
    observed?.();
    expect(await settled(shown)).toBe(true);
    expect(observed).toBeNull(); // no longer watching
    expect(firstPageShown()).toBe(shown);
  });

  it('resolves at once when the heading is already there', async () => {
    heading = true;
    const { firstPageShown } = await import('./first-page.ts');
    expect(await settled(firstPageShown())).toBe(true);
  });

  it('lets the work start after four seconds on a page without a heading', async () => {
    const { firstPageShown } = await import('./first-page.ts');
    const shown = firstPageShown();
    await vi.advanceTimersByTimeAsync(3900);
    expect(await settled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(shown)).toBe(true);
  });
});
