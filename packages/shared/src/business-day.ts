// The business day (DESIGN.md part two): report days, due dates, date filters and "today" are
// calendar days in Tashkent, whatever the server's or the browser's own time zone. The one
// definition in TypeScript; SQL has its twin, business_day() in db/functions/80_report_summaries.sql.

export const BUSINESS_TIME_ZONE = 'Asia/Tashkent';

/** Tashkent is UTC+5 all year (no daylight saving). */
const TASHKENT_OFFSET_MS = 5 * 3_600_000;
export const DAY_MS = 24 * 3_600_000;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day `at` falls on, YYYY-MM-DD (today: `businessDay(new Date())`). */
export function businessDay(at: Date): string {
  return dayFormat.format(at);
}

/** Midnight in Tashkent of the day `at` falls on there. */
export function startOfBusinessDay(at: Date): Date {
  const local = at.getTime() + TASHKENT_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - TASHKENT_OFFSET_MS);
}
