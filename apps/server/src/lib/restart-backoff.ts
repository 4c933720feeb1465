/**
 * How long the primary waits before forking a replacement for a worker that died (server.ts,
 * WEB_CONCURRENCY). Each death in a row doubles the wait up to `maxMs`, so a worker that crashes
 * at start (a bad deploy, a full disk) does not spin; a worker that had run for `stableMs` or
 * more died of something passing, and the count starts again.
 */
export function createRestartBackoff({ baseMs = 1000, maxMs = 30_000, stableMs = 60_000 } = {}) {
  let failuresInARow = 0;
  return (livedMs: number): number => {
    if (livedMs >= stableMs) failuresInARow = 0;
    const delay = Math.min(maxMs, baseMs * 2 ** failuresInARow);
    failuresInARow++;
    return delay;
  };
}
