import { describe, expect, it } from 'vitest';
import { lineGross, paymentRows } from './receipt-rows.ts';

describe('the receipt page', () => {
  it("shows a line's qty x price before its discount, rounded to the tiyin", () => {
    expect(lineGross({ qty: '2.000', price: '125000.00' })).toBe('250000.00');
    expect(lineGross({ qty: '1.333', price: '0.50' })).toBe('0.67');
  });

  it('lists cash per currency, then on credit with its due date, then the change in UZS', () => {
    const rows = paymentRows({
      currency_code: 'UZS',
      payment: {
        cash: [
          { currency: 1, currency_code: 'UZS', amount: '100000.00' },
          { currency: 2, currency_code: 'USD', amount: '10.00' },
        ],
        on_credit: '50000.00',
        due_date: '2027-01-15',
        change_uzs: '2000.00',
      },
    });
    expect(rows.map((r) => [r.key, r.amount, r.currency])).toEqual([
      ['receipts.payment.cash', '100000.00', 'UZS'],
      ['receipts.payment.cash', '10.00', 'USD'],
      ['receipts.payment.onCreditDue', '50000.00', 'UZS'],
      ['receipts.payment.change', '2000.00', 'UZS'],
    ]);
    expect(rows[2]?.values).toEqual({ date: '2027-01-15' });
  });

  it('leaves out what was not given: no credit, no change', () => {
    const rows = paymentRows({
      currency_code: 'USD',
      payment: { cash: [], on_credit: '0.00', due_date: null, change_uzs: '0.00' },
    });
    expect(rows).toEqual([]);
  });
});
