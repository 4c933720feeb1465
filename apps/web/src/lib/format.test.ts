import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime, initialsFromEmail, setDateLanguage } from './format.ts';

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
    expect(formatDateTime('2025-11-21T14:05:00')).toBe('21 Nov 2025, 14:05');
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
    expect(formatRelativeTime('2025-11-01T09:30:00', now)).toBe('01 Nov 2025, 09:30');
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});

describe('dates in the chosen language (DESIGN.md section 14)', () => {
  it("writes another language's month names and relative times, and Uzbek as spec.md does", () => {
    const now = Date.parse('2025-11-21T14:05:00');
    try {
      setDateLanguage('ru');
      expect(formatDateTime('2025-11-21T14:05:00')).toMatch(/^21 нояб\.? 2025 г\.?,? 14:05$/);
      expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 минут назад');
      setDateLanguage('en');
      expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 hours ago');
    } finally {
      setDateLanguage('uz');
    }
    expect(formatDateTime('2025-11-21T14:05:00')).toBe('21 Nov 2025, 14:05');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 daqiqa oldin');
  });
});
