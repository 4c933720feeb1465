// Display helpers that are not money (money and quantities: formatMoney / formatQuantity in @app/shared).

import { DEFAULT_LANGUAGE, type Language } from '@app/shared';

const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

// Uzbek (Latin) writes dates as spec.md shows them, British English's parts; every other language
// as Intl writes its own (DESIGN.md section 14). Set with the interface language.
let dateTimeFormat = new Intl.DateTimeFormat('en-GB', DATE_TIME_PARTS);
let relativeFormat: Intl.RelativeTimeFormat | null = null;

export function setDateLanguage(language: Language): void {
  dateTimeFormat = new Intl.DateTimeFormat(
    language === DEFAULT_LANGUAGE ? 'en-GB' : language,
    DATE_TIME_PARTS,
  );
  relativeFormat =
    language === DEFAULT_LANGUAGE ? null : new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
}

/** Day, short month, year, hour, minute (spec.md section 2): "21 Nov 2025, 14:05". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
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
