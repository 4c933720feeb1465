import { describe, expect, it } from 'vitest';
import { createRestartBackoff } from './restart-backoff.ts';

describe('createRestartBackoff', () => {
  it('doubles the wait for each crash in a row, up to the cap', () => {
    const next = createRestartBackoff({ baseMs: 1000, maxMs: 30_000, stableMs: 60_000 });
    expect([100, 100, 100, 100, 100, 100, 100].map(next)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('starts again after a worker that had run long enough', () => {
    const next = createRestartBackoff({ baseMs: 1000, maxMs: 30_000, stableMs: 60_000 });
    next(10);
    next(10);
    expect(next(10)).toBe(4000);
    expect(next(60_000)).toBe(1000);
    expect(next(10)).toBe(2000);
  });
});
