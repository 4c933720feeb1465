// Display helpers that are not money (money and quantities: formatMoney / formatQuantity in @app/shared).

import { DEFAULT_LANGUAGE, type Language } from '@app/shared';

// Dates (DESIGN.md section 16): one format per kind in every language, day first, the month's short
// name from the chosen language's catalogue (common.month.*):
//   a date            "05 Noy 2025"          (formatDate)
//   a date and time   "05 Noy 2025, 14:05"   (formatDateTime: spec.md section 2's "day, short month,
//                                              year, hour, minute")
//   a day on a chart  "05 Noy"               (formatDayMonth)
// The names come from the catalogue, not Intl: Chromium ships no Uzbek month names ('uz' writes
// "2025 M11 21") and Node's differ from the browser's, so Intl would show "M11" or English on an
// Uzbek page. Times of day are 24-hour, local to the browser as before.

const pad = (n: number) => String(n).padStart(2, '0');
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Until a language is applied (I18nProvider does it before anything renders): month numbers. */
let monthNames: readonly string[] = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
let relativeFormat: Intl.RelativeTimeFormat | null = null;

/** The interface language's dates: its 12 short month names (January first), from its catalogue. */
export function setDateLanguage(language: Language, months: readonly string[]): void {
  if (months.length === 12) monthNames = months;
  relativeFormat =
    language === DEFAULT_LANGUAGE ? null : new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
}

interface Day {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  date: Date | null;
}

/** A calendar day "YYYY-MM-DD" as it is (no time zone can shift it), else a moment in local time. */
function readDay(value: string | number | Date): Day | null {
  const calendar = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (calendar) {
    const [year, month, day] = [Number(calendar[1]), Number(calendar[2]), Number(calendar[3])];
    return month >= 1 && month <= 12 && day >= 1 && day <= 31
      ? { year, month: month - 1, day, date: null }
      : null;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), date };
}

const missing = (value: unknown) => value === null || value === undefined || value === '';

/** "05 Noy": a day and month (charts' ticks, the chat's list); '' for nothing, else as it came. */
export function formatDayMonth(value: string | number | Date | null | undefined): string {
  if (missing(value)) return '';
  const d = readDay(value as string | number | Date);
  return d ? `${pad(d.day)} ${monthNames[d.month]}` : String(value);
}

/** "05 Noy 2025": a date; '' for nothing, else as it came. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (missing(value)) return '';
  const d = readDay(value as string | number | Date);
  return d ? `${pad(d.day)} ${monthNames[d.month]} ${d.year}` : String(value);
}

/** "05 Noy 2025, 14:05": a date and time (a calendar day alone is written as a date). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (missing(value)) return '';
  const d = readDay(value as string | number | Date);
  if (!d) return String(value);
  const day = `${pad(d.day)} ${monthNames[d.month]} ${d.year}`;
  return d.date ? `${day}, ${pad(d.date.getHours())}:${pad(d.date.getMinutes())}` : day;
}

/**
 * Initials for an avatar from an e-mail (spec.md section 2, Profile): the first letters of the first
 * two parts of the local part ("ali.valiyev@x" -> "AV"), else its first two characters ("kassir@x" -> "KA").
 */
export function initialsFromEmail(email: string | null | undefined): string {
  const local = (email ?? '').split('@')[0]?.trim() ?? '';
  if (!local) return '?';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : local.slice(0, 2);
  return letters.toUpperCase();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (the bell's list); in Uzbek (Latin) 'hozirgina' under a minute, then minutes, hours and
 * days up to a week, then the date as formatDateTime writes it; other languages as Intl's relative
 * time says it. A time a little ahead of this
 * clock (the server's clock) reads as 'hozirgina'.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return String(value);
  const ago = now - time;
  if (relativeFormat) {
    if (ago < MINUTE) return relativeFormat.format(0, 'second');
    if (ago < HOUR) return relativeFormat.format(-Math.floor(ago / MINUTE), 'minute');
    if (ago < DAY) return relativeFormat.format(-Math.floor(ago / HOUR), 'hour');
    if (ago < 7 * DAY) return relativeFormat.format(-Math.floor(ago / DAY), 'day');
    return formatDateTime(date);
  }
  if (ago < MINUTE) return 'hozirgina';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} daqiqa oldin`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} soat oldin`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} kun oldin`;
  return formatDateTime(date);
}
