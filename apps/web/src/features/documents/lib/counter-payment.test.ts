import { describe, expect, it } from 'vitest';
import { counterPayment, type PaymentRates } from './counter-payment.ts';

const rates: PaymentRates = {
  doc: { id: 2, code: 'UZS', rate: '1' },
  uzs: { id: 2, code: 'UZS', rate: '1' },
  usd: { id: 1, code: 'USD', rate: '12500' },
};

describe('counterPayment', () => {
  it('UZS takes the whole total in UZS, no change', () => {
    const p = counterPayment('120000.00', { mode: 'UZS', uzs: '', usd: '' }, rates);
    expect(p.cash).toEqual([{ currency: 2, amount: '120000.00' }]);
    expect(p.onCredit).toBe('0.00');
    expect(p.changeUzs).toBe('0.00');
    expect(p.missing).toBe('0.00');
  });

  it('USD shows the dollars that cover the total, rounded up to the cent, and the change in UZS', () => {
    const p = counterPayment('120001.00', { mode: 'USD', uzs: '', usd: '' }, rates);
    // 120001 / 12500 = 9.60008: 9.61 covers it.
    expect(p.usdDue).toBe('9.61');
    expect(p.cash).toEqual([{ currency: 1, amount: '9.61' }]);
    expect(p.changeUzs).toBe('124.00');
  });

  it('USD given as a bill: the change is what it passes the total, in UZS', () => {
    const p = counterPayment('120000', { mode: 'USD', uzs: '', usd: '10' }, rates);
    expect(p.cash).toEqual([{ currency: 1, amount: '10.00' }]);
    expect(p.changeUzs).toBe('5000.00');
  });

  it('mixed adds the UZS and the USD, and says what is missing', () => {
    const short = counterPayment('120000', { mode: 'MIXED', uzs: '50000', usd: '5' }, rates);
    expect(short.cash).toEqual([
      { currency: 2, amount: '50000.00' },
      { currency: 1, amount: '5.00' },
    ]);
    expect(short.missing).toBe('7500.00');
    const over = counterPayment('120000', { mode: 'MIXED', uzs: '60000', usd: '5' }, rates);
    expect(over.missing).toBe('0.00');
    expect(over.changeUzs).toBe('2500.00');
  });

  it('nasiya puts on credit what is not paid now, in the sale currency', () => {
    const half = counterPayment('120000', { mode: 'CREDIT', uzs: '', usd: '4.80' }, rates);
    expect(half.cash).toEqual([{ currency: 1, amount: '4.80' }]);
    expect(half.onCredit).toBe('60000.00');
    expect(half.missing).toBe('0.00');
    const none = counterPayment('120000', { mode: 'CREDIT', uzs: '', usd: '' }, rates);
    expect(none.cash).toEqual([]);
    expect(none.onCredit).toBe('120000.00');
  });

  it('nasiya credit is rounded half down, so cash and credit never pass the total by half a cent', () => {
    const usdSale: PaymentRates = { ...rates, doc: { id: 1, code: 'USD', rate: '12500' } };
    // 1 UZS = 0.00008 USD: 10.00 - 0.00008 = 9.99992 -> 9.99 would leave 0.00992 missing; 10.00 passes by 0.00008.
    const p = counterPayment('10.00', { mode: 'CREDIT', uzs: '62.5', usd: '' }, usdSale);
    // 62.5 UZS = 0.005 USD: the rest 9.995 rounds down to 9.99, leaving half a cent (allowed).
    expect(p.onCredit).toBe('9.99');
    expect(p.missing).toBe('0.00');
    expect(p.changeUzs).toBe('0.00');
  });

  it('typed text that is not an amount counts as nothing', () => {
    const p = counterPayment('1000', { mode: 'MIXED', uzs: 'abc', usd: '-3' }, rates);
    expect(p.cash).toEqual([]);
    expect(p.missing).toBe('1000.00');
  });
});
