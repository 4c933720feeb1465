import { BUSINESS_TIME_ZONE } from '@app/shared';

/** Today in the business's time zone (DESIGN.md part two), YYYY-MM-DD. */
export function businessToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** Tashkent is UTC+5 all year (no daylight saving). */
const TASHKENT_OFFSET_MS = 5 * 3_600_000;
export const DAY_MS = 24 * 3_600_000;

/** Midnight in Tashkent of the day `now` falls on there. */
export function startOfBusinessDay(now: Date): Date {
  const local = now.getTime() + TASHKENT_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - TASHKENT_OFFSET_MS);
}
