import type { Language } from '@app/shared';

// Date inputs in the language's order (DESIGN.md section 16): a date field reads and takes a day
// as the chosen language writes it, day first in every language of the app (as formatDate writes
// dates), while its value, on the wire and in forms, stays "YYYY-MM-DD".

interface DatePattern {
  /** What separates day, month and year when the field writes a date. */
  separator: string;
  /** The pattern shown in an empty field, in the language's letters. */
  placeholder: string;
}

const PATTERNS: Record<Language, DatePattern> = {
  uz: { separator: '.', placeholder: 'kk.oo.yyyy' },
  'uz-Cyrl': { separator: '.', placeholder: 'кк.оо.йййй' },
  ru: { separator: '.', placeholder: 'дд.мм.гггг' },
  en: { separator: '/', placeholder: 'dd/mm/yyyy' },
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day, month, year with any of . / - or spaces between them; a two-digit year is this century's. */
const TYPED_DAY = /^(\d{1,2})[./\-\s]+(\d{1,2})[./\-\s]+(\d{2}|\d{4})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function datePattern(language: Language): DatePattern {
  return PATTERNS[language];
}

/** "2026-11-27" as the language writes it ("27.11.2026"); '' for nothing or no calendar day. */
export function formatDateInput(iso: string | null | undefined, language: Language): string {
  const m = ISO_DAY.exec(iso ?? '');
  if (!m) return '';
  const { separator } = PATTERNS[language];
  return [m[3], m[2], m[1]].join(separator);
}

/**
 * A typed day ("27.11.2026", "7/3/26", or pasted as "2026-11-27") as "YYYY-MM-DD"; null when it is
 * no day of the calendar.
 */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  const m = iso ? [trimmed, iso[3], iso[2], iso[1]] : TYPED_DAY.exec(trimmed);
  if (!m) return null;
  const [, d = '', mo = '', y = ''] = m;
  const day = Number(d);
  const month = Number(mo);
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}
