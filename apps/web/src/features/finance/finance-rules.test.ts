import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import { ApiError, failureMessage } from '../../lib/api-client.ts';
import { exchangeEstimate, pairedCurrency, plainRate, positiveDecimal } from './finance-rules.ts';

const currencies = [
  { id: 1, code: 'USD', rate_to_uzs: '12650.000000' },
  { id: 2, code: 'UZS', rate_to_uzs: '1.000000' },
];

describe('pairedCurrency', () => {
  it('sets the other side of the USD/UZS pair when it is empty or equal', () => {
    expect(pairedCurrency('1', '')).toBe('2');
    expect(pairedCurrency('2', '')).toBe('1');
    expect(pairedCurrency('1', '1')).toBe('2');
    expect(pairedCurrency('2', '1')).toBe('1');
  });
  it('leaves another choice alone', () => {
    expect(pairedCurrency('1', '2')).toBe('2');
    expect(pairedCurrency('3', '')).toBe('');
  });
});

describe('exchangeEstimate', () => {
  it('multiplies USD to UZS and divides UZS to USD', () => {
    expect(exchangeEstimate(currencies, '1', '2', '100', '')?.toAmount.toFixed(2)).toBe('1265000.00');
    expect(exchangeEstimate(currencies, '2', '1', '1000000', '')?.toAmount.toFixed(2)).toBe('79.05');
  });
  it('uses a positive custom rate, ignores zero', () => {
    expect(exchangeEstimate(currencies, '1', '2', '10', '13000')?.toAmount.toFixed(2)).toBe('130000.00');
    expect(exchangeEstimate(currencies, '1', '2', '10', '0')?.toAmount.toFixed(2)).toBe('126500.00');
  });
  it('is null for missing or bad input', () => {
    expect(exchangeEstimate(currencies, '', '2', '10', '')).toBeNull();
    expect(exchangeEstimate(currencies, '1', '1', '10', '')).toBeNull();
    expect(exchangeEstimate(currencies, '1', '2', 'abc', '')).toBeNull();
    expect(exchangeEstimate(currencies, '1', '2', '-5', '')).toBeNull();
  });
});

describe('positiveDecimal', () => {
  it('accepts positive decimals only', () => {
    expect(positiveDecimal('12.5')?.toString()).toBe('12.5');
    expect(positiveDecimal('0')).toBeNull();
    expect(positiveDecimal('1e3')).toBeNull();
    expect(positiveDecimal('')).toBeNull();
  });
});

describe('failureMessage', () => {
  it('follows the chain: detail, string body, message, fallback', () => {
    const fallback = uzText('finance.exchange.failed');
    expect(fallback).toBe('Exchange failed.');
    expect(failureMessage(new ApiError(409, { detail: 'Kam' }), fallback)).toBe('Kam');
    expect(failureMessage(new ApiError(502, 'Bad gateway'), fallback)).toBe('Bad gateway');
    expect(failureMessage(new Error('offline'), fallback)).toBe('offline');
    expect(failureMessage(null, fallback)).toBe('Exchange failed.');
  });
});

describe('plainRate', () => {
  it('drops trailing zeros', () => {
    expect(plainRate('12650.000000')).toBe('12650');
    expect(plainRate('12800.500000')).toBe('12800.5');
  });
});
