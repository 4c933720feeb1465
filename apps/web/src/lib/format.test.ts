import { describe, expect, it } from 'vitest';
import { formatDateTime, initialsFromEmail } from './format.ts';

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
