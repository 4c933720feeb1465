import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLanguage } from './languages.ts';
import {
  fixedMoney,
  fixedQuantity,
  formatDecimal,
  formatMoney,
  formatMoneyFixed,
  formatPercent,
  formatQuantity,
  formatRate,
  isDecimalString,
  quoteExchange,
} from './money.ts';

const USD = { id: 1, rate_to_uzs: '12650.000000' };
const UZS = { id: 2, rate_to_uzs: '1.000000' };
const EUR = { id: 3, rate_to_uzs: '13800.000000' };

describe('quoteExchange (spec.md section 5, DESIGN.md section 3)', () => {
  it('multiplies USD to UZS by the USD rate', () => {
    const q = quoteExchange(USD, UZS, '100');
    expect(q?.toAmount.toFixed(2)).toBe('1265000.00');
    expect(q?.divides).toBe(false);
  });

  it('divides UZS to USD by the USD rate, rounding half up to 2 decimals', () => {
    expect(quoteExchange(UZS, USD, '1000000')?.toAmount.toFixed(2)).toBe('79.05');
    expect(quoteExchange(UZS, USD, '6325')?.toAmount.toFixed(2)).toBe('0.50');
    expect(quoteExchange(UZS, USD, '63.25')?.toAmount.toFixed(2)).toBe('0.01');
  });

  it('prefers a positive custom rate, dividing for UZS to USD', () => {
    expect(quoteExchange(USD, UZS, '10', '12000')?.toAmount.toFixed(2)).toBe('120000.00');
    expect(quoteExchange(UZS, USD, '120000', '12000')?.toAmount.toFixed(2)).toBe('10.00');
    expect(quoteExchange(USD, UZS, '10', '0')?.toAmount.toFixed(2)).toBe('126500.00');
    expect(quoteExchange(USD, UZS, '10', '')?.toAmount.toFixed(2)).toBe('126500.00');
  });

  it('uses the ratio of the two rates for other pairs, multiplying', () => {
    const q = quoteExchange(EUR, USD, '100');
    expect(q?.rate.toFixed(6)).toBe('1.090909');
    expect(q?.toAmount.toFixed(2)).toBe('109.09');
    expect(quoteExchange(USD, EUR, '100')?.toAmount.toFixed(2)).toBe('91.67');
  });

  it('keeps exact decimals where floats would drift', () => {
    expect(quoteExchange(USD, UZS, '0.1', '0.2')?.toAmount.toFixed(2)).toBe('0.02');
    expect(quoteExchange(USD, UZS, '1.15', '100')?.toAmount.toFixed(2)).toBe('115.00');
  });

  it('refuses a non-positive rate', () => {
    expect(quoteExchange(EUR, { id: 9, rate_to_uzs: '0' }, '1')).toBeNull();
  });
});

describe('decimal formatting', () => {
  it('fixes money to 2 decimals and quantities to 3, half up', () => {
    expect(fixedMoney('1.005')).toBe('1.01');
    expect(fixedMoney(2)).toBe('2.00');
    expect(fixedQuantity('12.5')).toBe('12.500');
    expect(fixedQuantity('0.0005')).toBe('0.001');
  });

  it('shows at most 2 decimals for money and 3 for quantities, grouping thousands', () => {
    expect(formatMoney('1265000.00')).toBe('1 265 000');
    expect(formatMoney('-1234.567')).toBe('-1 234.57');
    expect(formatQuantity('12.500')).toBe('12.5');
    expect(formatQuantity('1234.5678')).toBe('1 234.568');
  });

  it('shows a rate with up to 6 decimals, so a small currency keeps its precision', () => {
    expect(formatRate('12650.000000')).toBe('12 650');
    expect(formatRate('8.215000')).toBe('8.215');
    expect(formatRate('0.0012345678')).toBe('0.001235');
  });

  it('recognises decimal strings only', () => {
    expect(isDecimalString('12.50')).toBe(true);
    expect(isDecimalString('-3')).toBe(true);
    expect(isDecimalString('1e5')).toBe(false);
    expect(isDecimalString('12.')).toBe(false);
    expect(isDecimalString('abc')).toBe(false);
  });
});

describe('money in tables and reports (DESIGN.md section 16)', () => {
  afterEach(() => setNumberLanguage('uz'));

  it('shows exactly 2 decimals, grouped as spec.md writes Uzbek', () => {
    expect(formatMoneyFixed('25050')).toBe('25 050.00');
    expect(formatMoneyFixed('25520.75')).toBe('25 520.75');
    expect(formatMoneyFixed('201215.2')).toBe('201 215.20');
    expect(formatMoneyFixed('1234567.891')).toBe('1 234 567.89');
    expect(formatMoneyFixed('0')).toBe('0.00');
    expect(formatMoneyFixed('999.995')).toBe('1 000.00');
  });

  it('keeps the sign of a negative amount, and none on a zero', () => {
    expect(formatMoneyFixed('-1234.5')).toBe('-1 234.50');
    expect(formatMoneyFixed('-0.001')).toBe('0.00');
  });

  it('groups big amounts from their strings, with no float in between', () => {
    // 2^53 and beyond: a float would print 12345678901234567000.
    expect(formatMoneyFixed('12345678901234567890.125')).toBe('12 345 678 901 234 567 890.13');
    expect(formatMoneyFixed('-9007199254740993.01')).toBe('-9 007 199 254 740 993.01');
  });

  it("uses each language's separators, never changing the digits", () => {
    setNumberLanguage('ru');
    expect(formatMoneyFixed('1234567.89')).toMatch(/^1\s234\s567,89$/u);
    expect(formatMoneyFixed('-25050')).toMatch(/^-25\s050,00$/u);
    setNumberLanguage('en');
    expect(formatMoneyFixed('1234567.89')).toBe('1,234,567.89');
    expect(formatMoneyFixed('201215.2')).toBe('201,215.20');
    setNumberLanguage('uz-Cyrl');
    expect(formatMoneyFixed('1234567.8')).toMatch(/^1\s234\s567,80$/u);
  });

  it("writes a percent with 2 decimals and the language's decimal separator", () => {
    expect(formatPercent('29.5')).toBe('29.50%');
    expect(formatPercent('-3.333')).toBe('-3.33%');
    setNumberLanguage('ru');
    expect(formatPercent('29.52')).toBe('29,52%');
    expect(formatDecimal('19.5')).toBe('19,5');
  });
});
