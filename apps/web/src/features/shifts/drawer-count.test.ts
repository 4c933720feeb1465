import { describe, expect, it } from 'vitest';
import { differenceTone, drawerBody, EMPTY_COUNT, notesTotal, readCount } from './drawer-count.ts';

describe('a drawer counted per currency (DESIGN.md section 22)', () => {
  it('sums the notes exactly, whatever their number', () => {
    const count = { ...EMPTY_COUNT, byNotes: true, notes: { '200000': '3', '1000': '7', '500': '' } };
    expect(readCount(count)).toEqual({
      kind: 'counted',
      total: '607000.00',
      denominations: [
        { value: '200000', count: 3 },
        { value: '1000', count: 7 },
      ],
    });
    // Coins in cents add up without a float's error: 3 × 0.10 + 0.20 is 0.50, not 0.5000000000000001.
    expect(notesTotal({ ...EMPTY_COUNT, notes: { '0.10': '3', '0.20': '1' } })).toBe('0.50');
    expect(notesTotal(EMPTY_COUNT)).toBe('0.00');
  });

  it('reads an amount typed, with a comma or a point, and refuses what is not one', () => {
    expect(readCount({ ...EMPTY_COUNT, amount: '150000,5' })).toMatchObject({ total: '150000.50' });
    expect(readCount({ ...EMPTY_COUNT, amount: ' ' })).toEqual({ kind: 'empty' });
    expect(readCount({ ...EMPTY_COUNT, amount: '-5' })).toEqual({ kind: 'invalid' });
    expect(readCount({ ...EMPTY_COUNT, amount: '1.234' })).toEqual({ kind: 'invalid' });
    expect(readCount({ ...EMPTY_COUNT, byNotes: true, notes: { '100': '2.5' } })).toEqual({
      kind: 'invalid',
    });
  });

  it('sends the notes or the amount, and names the currencies left empty or typed wrong', () => {
    const body = drawerBody([1, 2, 3, 4], {
      1: { ...EMPTY_COUNT, byNotes: true, notes: { '50000': '2' } },
      2: { ...EMPTY_COUNT, amount: '40' },
      4: { ...EMPTY_COUNT, amount: 'abc' },
    });
    expect(body).toEqual({
      counts: [
        { currency: 1, denominations: [{ value: '50000', count: 2 }] },
        { currency: 2, amount: '40.00' },
      ],
      empty: [3],
      invalid: [4],
    });
  });

  it('tells a short drawer from one over', () => {
    expect(differenceTone('-3000.00')).toBe('short');
    expect(differenceTone('12.50')).toBe('over');
    expect(differenceTone('0.00')).toBe('even');
    expect(differenceTone(null)).toBe('even');
  });
});
