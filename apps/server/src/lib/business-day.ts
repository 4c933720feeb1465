import { BUSINESS_TIME_ZONE } from '@app/shared';

/** Today in the business's time zone (DESIGN.md part two), YYYY-MM-DD. */
export function businessToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}
