import { describe, expect, it } from 'vitest';
import { isValidQuantity, quantityStep, stepQuantity } from './quantity.ts';

describe('line quantities by unit', () => {
  it('pieces are whole, kg and m go to 0.001', () => {
    expect(quantityStep('D')).toBe('1');
    expect(quantityStep('KG')).toBe('0.001');
    expect(isValidQuantity('2', 'D')).toBe(true);
    expect(isValidQuantity('2.5', 'D')).toBe(false);
    expect(isValidQuantity('2.505', 'KG')).toBe(true);
    expect(isValidQuantity('2.5055', 'M')).toBe(false);
    expect(isValidQuantity('0', 'KG')).toBe(false);
  });

  it('the steppers add and take one unit, never down to 0', () => {
    expect(stepQuantity('2', 'D', 1)).toBe('3');
    expect(stepQuantity('2', 'D', -1)).toBe('1');
    expect(stepQuantity('1', 'D', -1)).toBe('1');
    expect(stepQuantity('1.25', 'KG', 1)).toBe('2.25');
    expect(stepQuantity('0.5', 'KG', -1)).toBe('0.5');
    expect(stepQuantity('', 'D', 1)).toBe('1');
  });
});
