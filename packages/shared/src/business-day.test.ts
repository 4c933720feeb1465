import { describe, expect, it } from 'vitest';
import { businessDay, startOfBusinessDay } from './business-day.ts';

describe('the business day (DESIGN.md part two)', () => {
  it('is the calendar day in Asia/Tashkent (UTC+5), not in UTC or the machine', () => {
    // 19:30 UTC on 31 May is 00:30 on 1 June in Tashkent.
    expect(businessDay(new Date('2025-05-31T19:30:00Z'))).toBe('2025-06-01');
    expect(businessDay(new Date('2025-05-31T18:59:59Z'))).toBe('2025-05-31');
    // New Year arrives in Tashkent five hours before UTC.
    expect(businessDay(new Date('2024-12-31T19:00:00Z'))).toBe('2025-01-01');
  });

  it('starts at midnight in Tashkent', () => {
    expect(startOfBusinessDay(new Date('2025-05-31T19:30:00Z')).toISOString()).toBe(
      '2025-05-31T19:00:00.000Z',
    );
    expect(startOfBusinessDay(new Date('2025-05-31T18:59:59Z')).toISOString()).toBe(
      '2025-05-30T19:00:00.000Z',
    );
  });
});
