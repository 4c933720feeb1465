import { describe, expect, it } from 'vitest';
import { datePattern, formatDateInput, parseDateInput } from './date-input.ts';

describe('date inputs in the language order (DESIGN.md section 16)', () => {
  it('writes a day first, with the language separator', () => {
    expect(formatDateInput('2026-11-07', 'uz')).toBe('07.11.2026');
    expect(formatDateInput('2026-11-07', 'ru')).toBe('07.11.2026');
    expect(formatDateInput('2026-11-07', 'en')).toBe('07/11/2026');
    expect(formatDateInput('', 'uz')).toBe('');
    expect(formatDateInput(undefined, 'uz')).toBe('');
  });

  it('reads a typed day back as YYYY-MM-DD', () => {
    expect(parseDateInput('07.11.2026')).toBe('2026-11-07');
    expect(parseDateInput(' 7/3/26 ')).toBe('2026-03-07');
    expect(parseDateInput('7-3-2026')).toBe('2026-03-07');
    expect(parseDateInput('2026-11-07')).toBe('2026-11-07');
  });

  it('refuses what is no calendar day', () => {
    expect(parseDateInput('31.02.2026')).toBeNull();
    expect(parseDateInput('12.13.2026')).toBeNull();
    expect(parseDateInput('2026-02-30')).toBeNull();
    expect(parseDateInput('07.11')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });

  it('shows the pattern in the language letters', () => {
    expect(datePattern('uz').placeholder).toBe('kk.oo.yyyy');
    expect(datePattern('ru').placeholder).toBe('дд.мм.гггг');
  });
});
