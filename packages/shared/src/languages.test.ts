import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, pickLanguage, searchFold, setNumberLanguage } from './languages.ts';
import { formatMoney, formatQuantity } from './money.ts';

describe('the interface languages (DESIGN.md section 14)', () => {
  it('picks ours from a browser or Accept-Language list, Uzbek by its script', () => {
    expect(pickLanguage(['ru-RU', 'en'])).toBe('ru');
    expect(pickLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(pickLanguage(['uz-Cyrl-UZ'])).toBe('uz-Cyrl');
    expect(pickLanguage(['uz-UZ'])).toBe('uz');
    expect(pickLanguage(['uz-Latn'])).toBe('uz');
    expect(pickLanguage(['fr', 'de'])).toBeUndefined();
    expect(acceptLanguageTags('en;q=0.5, ru-RU,ru;q=0.9, *;q=0.1, de;q=0')).toEqual(['ru-RU', 'ru', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('folds every Uzbek apostrophe to one and lowers the case, for search', () => {
    expect(searchFold('Oʻzbek G‘ALLA ma`no taʼlim O’q ko´k')).toBe("o'zbek g'alla ma'no ta'lim o'q ko'k");
  });

  it('changes the separators of an amount with the language, never its digits', () => {
    try {
      setNumberLanguage('en');
      expect(formatMoney('1234567.5')).toBe('1,234,567.5');
      setNumberLanguage('ru');
      expect(formatMoney('-1234567.89')).toMatch(/^-1\s234\s567,89$/u);
      expect(formatQuantity('1000.125')).toMatch(/^1\s000,125$/u);
    } finally {
      setNumberLanguage('uz');
    }
    expect(formatMoney('1234567.89')).toBe('1 234 567.89');
  });
});
