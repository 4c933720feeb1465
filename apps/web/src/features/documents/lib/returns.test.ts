import { D } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  errorsOnPage,
  leftOf,
  lineRefund,
  offersDebtRefund,
  readReturnQty,
  refundTotal,
  returnRequest,
} from './returns.ts';

// A return page's arithmetic (DESIGN.md section 20): what is left of a line, what a quantity
// refunds (as the server prices it), and the body with only the lines that come back.

const line = (over: Record<string, unknown> = {}) => ({
  id: 7,
  qty: '3.000',
  amount: '10000.00',
  returned: '0.000',
  returned_amount: '0.00',
  variant: { unit: 'D' as const },
  ...over,
});

describe('returning part of a document', () => {
  it('leaves a line its quantity less what posted returns took, never below 0', () => {
    expect(leftOf(line({ returned: '1.000' })).toString()).toBe('2');
    expect(leftOf(line({ returned: '3.000' })).toString()).toBe('0');
    expect(leftOf(line({ returned: undefined })).toString()).toBe('3');
  });

  it('reads an empty quantity as 0 and refuses what the unit does not allow', () => {
    expect(readReturnQty('', 'D')?.toString()).toBe('0');
    expect(readReturnQty('2', 'D')?.toString()).toBe('2');
    expect(readReturnQty('1.5', 'D')).toBeNull();
    expect(readReturnQty('1.5', 'KG')?.toString()).toBe('1.5');
    expect(readReturnQty('-1', 'KG')).toBeNull();
    expect(readReturnQty('abc', 'KG')).toBeNull();
  });

  it('refunds the amount per unit after the discount, and the last units the exact rest', () => {
    // 3 sold for 10 000.00: one is 3 333.33, the last two of what is left 6 666.67.
    expect(lineRefund(line(), new D(1))).toBe('3333.33');
    expect(lineRefund(line({ returned: '1.000', returned_amount: '3333.33' }), new D(2))).toBe('6666.67');
    expect(lineRefund(line(), new D(3))).toBe('10000.00');
    expect(lineRefund(line(), new D(0))).toBe('0.00');
  });

  it('totals the typed quantities, skipping what is not a quantity', () => {
    const lines = [line(), line({ id: 8, qty: '2.000', amount: '500.00' })];
    expect(refundTotal(lines, ['1', '2'])).toBe('3833.33');
    expect(refundTotal(lines, ['x', ''])).toBe('0.00');
  });

  it('offers the debt only when the source put something on credit', () => {
    expect(
      offersDebtRefund({ payment: { cash: [], on_credit: '0.00', due_date: null, change_uzs: '0' } }),
    ).toBe(false);
    expect(
      offersDebtRefund({ payment: { cash: [], on_credit: '5.00', due_date: null, change_uzs: '0' } }),
    ).toBe(true);
  });

  it("posts only the lines that come back, and puts the server's line errors back on the page's lines", () => {
    const source = { id: 12, kind: 'PURCHASE' as const, lines: [line(), line({ id: 8 }), line({ id: 9 })] };
    const request = returnRequest(source, ['0', '2', '1'], 'debt');
    expect(request?.body).toEqual({
      source_kind: 'purchase',
      source: 12,
      refund: 'debt',
      lines: [
        { source_line: 8, qty: '2' },
        { source_line: 9, qty: '1' },
      ],
    });
    expect(errorsOnPage({ 1: 'too many' }, request?.pageIndex ?? [])).toEqual({ 2: 'too many' });
    expect(returnRequest(source, ['', '0', ''], 'cash')).toBeNull();
  });
});
