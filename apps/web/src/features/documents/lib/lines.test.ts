import { describe, expect, it } from 'vitest';
import { addVariant, changeLine, linesTotal, removeLine } from './lines.ts';

const shirt = { id: 1, label: "Ko'ylak / Oq / M", sku: 'KL-01', unit: 'D' as const };
const cloth = { id: 2, label: 'Mato', sku: 'MT-01', unit: 'M' as const };

describe('counter lines', () => {
  it('the same variant again adds one to its line', () => {
    let lines = addVariant([], shirt);
    lines = addVariant(lines, cloth, '2.5');
    lines = addVariant(lines, shirt);
    expect(lines.map((l) => [l.variant.sku, l.qty])).toEqual([
      ['KL-01', '2'],
      ['MT-01', '2.5'],
    ]);
    lines = addVariant(lines, cloth, '0.125');
    expect(lines[1]?.qty).toBe('2.625');
  });

  it('changes and removes a line', () => {
    let lines = addVariant(addVariant([], shirt), cloth);
    lines = changeLine(lines, 0, { qty: '3', price: '15000' });
    expect(lines[0]).toMatchObject({ qty: '3', price: '15000' });
    expect(removeLine(lines, 0).map((l) => l.variant.id)).toEqual([2]);
  });

  it('totals exactly, each line rounded to the tiyin', () => {
    let lines = addVariant(addVariant([], shirt), cloth, '1.333');
    lines = changeLine(lines, 0, { qty: '3' });
    const prices: Record<number, string> = { 1: '0.1', 2: '10.01' };
    // 3 x 0.1 = 0.3 (never 0.30000000000000004); 1.333 x 10.01 = 13.34333 -> 13.34
    expect(linesTotal(lines, (l) => prices[l.variant.id] ?? null)).toBe('13.64');
    expect(linesTotal(lines, () => null)).toBe('0.00');
  });
});
