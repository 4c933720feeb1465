import type { Offer } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import { type OfferRowView, offerAmount, offerRowView } from './offer-rules.ts';

const user = (id: number) => ({ id, email: `u${id}@x.uz`, first_name: '', last_name: '', code: '' });
const offer = (status: Offer['status'], createdBy = 1) => ({
  status,
  created_by: user(createdBy),
  from_user: user(1),
  to_user: user(2),
});

/** The Uzbek text of a label row, or null for buttons and nothing. */
const labelOf = (view: OfferRowView) => (view.kind === 'label' ? uzText(view.text) : null);

describe('offerRowView', () => {
  it('lets the creator of a DRAFT submit, delete or cancel; others see nothing', () => {
    expect(offerRowView(offer('DRAFT'), 1)).toEqual({
      kind: 'actions',
      actions: ['submit', 'delete', 'cancel'],
    });
    expect(offerRowView(offer('DRAFT'), 2)).toEqual({ kind: 'none' });
  });
  it("shows JO'NATILDI to the creator of a PENDING offer and approve/reject to the other party", () => {
    expect(labelOf(offerRowView(offer('PENDING'), 1))).toBe("JO'NATILDI");
    expect(offerRowView(offer('PENDING'), 2)).toEqual({ kind: 'actions', actions: ['approve', 'reject'] });
  });
  it('labels APPROVED and shows nothing for REJECTED and CANCELED', () => {
    expect(labelOf(offerRowView(offer('APPROVED'), 2))).toBe('TASDIQLANDI');
    expect(offerRowView(offer('REJECTED'), 1)).toEqual({ kind: 'none' });
    expect(offerRowView(offer('CANCELED'), 2)).toEqual({ kind: 'none' });
  });
});

describe('offerAmount', () => {
  it('joins money lines with their codes', () => {
    expect(
      offerAmount({
        money_lines: [
          { currency: 1, currency_code: 'USD', amount: '50.00' },
          { currency: 2, currency_code: 'UZS', amount: '1500000.50' },
        ],
        item_lines: [],
      }),
    ).toBe('50.00 USD, 1 500 000.50 UZS');
  });
});
