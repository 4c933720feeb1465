import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthNames } from '../i18n/month-names.ts';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatRelativeTime,
  initialsFromEmail,
  setDateLanguage,
} from './format.ts';

/** A language's dates as the I18nProvider applies them: its catalogue's month names. */
function applyDates(language: Language): void {
  const common = JSON.parse(
    readFileSync(new URL(`../i18n/messages/${language}/common.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  setDateLanguage(language, monthNames(common));
}

beforeAll(() => applyDates('uz'));
afterAll(() => applyDates('uz'));

describe('initialsFromEmail', () => {
  it('takes the first two letters of a one-part local part', () => {
    expect(initialsFromEmail('kassir@demo.uz')).toBe('KA');
    expect(initialsFromEmail('a@demo.uz')).toBe('A');
  });

  it('takes the first letter of the first two parts', () => {
    expect(initialsFromEmail('ali.valiyev@demo.uz')).toBe('AV');
    expect(initialsFromEmail('dilnoza_karimova-2@x.uz')).toBe('DK');
  });

  it('shows a placeholder without an e-mail', () => {
    expect(initialsFromEmail('')).toBe('?');
    expect(initialsFromEmail(undefined)).toBe('?');
  });
});

describe('formatDateTime', () => {
  it('shows day, short month, year, hour and minute', () => {
    expect(formatDateTime('2025-11-21T14:05:00')).toBe('21 Noy 2025, 14:05');
  });

  it('passes through what it cannot read and blanks what is missing', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-11-21T14:05:00').getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago in minutes, hours and days', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('hozirgina');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('hozirgina');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 daqiqa oldin');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 daqiqa oldin');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 5), now)).toBe('3 soat oldin');
    expect(formatRelativeTime(ago(2 * 86_400_000), now)).toBe('2 kun oldin');
  });

  it('gives the date after a week, and passes through what it cannot read', () => {
    expect(formatRelativeTime('2025-11-01T09:30:00', now)).toBe('01 Noy 2025, 09:30');
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});

describe('dates in the chosen language (DESIGN.md section 16)', () => {
  // One moment, one calendar day: the same format in every language, day first, the month's short
  // name in the language (never an English one on an Uzbek page).
  const moment = '2025-11-05T09:30:00';
  const expected: Record<Language, { date: string; dateTime: string; dayMonth: string; september: string }> =
    {
      uz: {
        date: '05 Noy 2025',
        dateTime: '05 Noy 2025, 09:30',
        dayMonth: '05 Noy',
        september: '30 Sen 2026',
      },
      'uz-Cyrl': {
        date: '05 Ноя 2025',
        dateTime: '05 Ноя 2025, 09:30',
        dayMonth: '05 Ноя',
        september: '30 Сен 2026',
      },
      ru: {
        date: '05 нояб. 2025',
        dateTime: '05 нояб. 2025, 09:30',
        dayMonth: '05 нояб.',
        september: '30 сент. 2026',
      },
      en: {
        date: '05 Nov 2025',
        dateTime: '05 Nov 2025, 09:30',
        dayMonth: '05 Nov',
        september: '30 Sep 2026',
      },
    };

  for (const language of LANGUAGES) {
    it(`writes dates in ${language}`, () => {
      applyDates(language);
      const want = expected[language];
      expect(formatDateTime(moment)).toBe(want.dateTime);
      expect(formatDate(moment)).toBe(want.date);
      expect(formatDayMonth(moment)).toBe(want.dayMonth);
      // A calendar day is the day it names, in any time zone, and has no time.
      expect(formatDate('2026-09-30')).toBe(want.september);
      expect(formatDateTime('2025-11-05')).toBe(want.date);
    });
  }

  it('has twelve distinct month names in every language, none of them English on an Uzbek page', () => {
    // March, April and May are written the same in Uzbek and English; no other month may be.
    const english = ['Jan', 'Feb', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'];
    for (const language of LANGUAGES) {
      applyDates(language);
      const names = Array.from({ length: 12 }, (_, m) => formatDate(new Date(2025, m, 1)).split(' ')[1]);
      expect(new Set(names).size, language).toBe(12);
      if (language === 'uz') expect(names.filter((n) => english.includes(n ?? ''))).toEqual([]);
    }
  });

  it('writes relative times in the language, Uzbek in its own words', () => {
    const now = Date.parse('2025-11-21T14:05:00');
    applyDates('ru');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 минут назад');
    applyDates('en');
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 hours ago');
    applyDates('uz');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 daqiqa oldin');
  });
});
