/**
 * The server's timed jobs (the CBU import, the overdue-debt check, the notification delivery):
 * `work` runs at once, then again `nextDelayMs()` after each run has ended, so runs never overlap.
 * `work` logs its own failures (a rejection is only swallowed here, so the loop goes on). The
 * returned function stops the loop and waits for a run under way, so the database is not closed
 * under it.
 */
export function repeatEvery(work: () => Promise<unknown>, nextDelayMs: () => number): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = work().catch(() => undefined);
    return running;
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().finally(arm), nextDelayMs());
    timer.unref();
  };
  void run().finally(arm);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
