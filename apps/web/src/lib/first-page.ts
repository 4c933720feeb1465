import { useEffect, useState } from 'react';

/**
 * When the first page is on screen (DESIGN.md section 23): its heading is in the document (every
 * page has one `h1`) and a frame has been drawn with it. What the page does not need to be drawn
 * (the live events' stream, the offline queue's runner, the service worker) waits for it, so that
 * on a slow phone its files and work do not come before the page's own. A page without a heading
 * (the boot screen left waiting for the connection) lets them start after `FALLBACK_MS`.
 */
const FALLBACK_MS = 4000;

let shown: Promise<void> | null = null;

export function firstPageShown(): Promise<void> {
  shown ??= new Promise<void>((resolve) => {
    let observer: MutationObserver | null = null;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      // After the frame that draws the heading, not before it.
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
      else setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, FALLBACK_MS);
    if (document.querySelector('h1')) return done();
    observer = new MutationObserver(() => {
      if (document.querySelector('h1')) done();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  });
  return shown;
}

/** True once the first page is on screen (firstPageShown). */
export function useFirstPageShown(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void firstPageShown().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, []);
  return done;
}
