import type { Document } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { PURCHASE_KIND, SALE_KIND } from '../kinds.ts';
import { bodyOf, formStateOf } from './document-body.ts';

const shirt = { id: 7, label: "Ko'ylak / Oq / M", sku: 'KL-01', unit: 'D' as const };

describe('a document typed in full', () => {
  it('a sale line without a typed price asks the price list; a purchase line sends its unit cost', () => {
    const state = {
      counterparty: { id: 3, name: 'Anvar aka' },
      lines: [{ variant: shirt, qty: ' 2 ', price: '' }],
      cash: [
        { currency: '2', amount: '15000' },
        { currency: '', amount: '5' },
      ],
      onCredit: '',
      dueDate: '',
      note: '',
    };
    expect(bodyOf(SALE_KIND, state)).toEqual({
      counterparty: 3,
      note: '',
      lines: [{ variant: 7, qty: '2', price: null }],
      payment: { cash: [{ currency: 2, amount: '15000' }], on_credit: '0', due_date: null },
    });
    const purchase = bodyOf(PURCHASE_KIND, {
      ...state,
      lines: [{ variant: shirt, qty: '2', price: '5000' }],
      onCredit: '10000',
      dueDate: '2026-12-31',
    });
    expect(purchase).toMatchObject({
      lines: [{ variant: 7, qty: '2', unit_cost: '5000' }],
      payment: { on_credit: '10000', due_date: '2026-12-31' },
    });
  });

  it("a draft's fields: quantities without trailing zeros, a listed price left to the list", () => {
    const draft = {
      kind: 'SALE',
      counterparty: null,
      note: 'x',
      lines: [
        {
          variant: { ...shirt, product: 1 },
          qty: '2.500',
          price: '15000.00',
          price_source: 'DEFAULT',
        },
        { variant: { ...shirt, id: 8, product: 1 }, qty: '1.000', price: '900.00', price_source: 'MANUAL' },
      ],
      payment: { cash: [], on_credit: '0.00', due_date: null, change_uzs: '0.00' },
    } as unknown as Document;
    const state = formStateOf(draft);
    expect(state.lines.map((l) => [l.qty, l.price])).toEqual([
      ['2.5', ''],
      ['1', '900.00'],
    ]);
    expect(state.onCredit).toBe('');
    expect(state.note).toBe('x');
  });
});
