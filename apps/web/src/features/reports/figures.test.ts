import { describe, expect, it } from 'vitest';
import { isEmpty, isNegative } from './figures.ts';

describe('isNegative', () => {
  it('reads the sign of a decimal string', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(isNegative('-0')).toBe(false);
    expect(isNegative('12.5')).toBe(false);
  });
});

describe('isEmpty', () => {
  it('is true at zero and below', () => {
    expect(isEmpty('0.000')).toBe(true);
    expect(isEmpty('-1')).toBe(true);
    expect(isEmpty('0.001')).toBe(false);
  });
});
