import { type Currency, type PriceType, PriceTypeCreateSchema, VariantPricesWriteSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  isCurrencyLocked,
  pricesDraft,
  priceTypeDraft,
  priceTypeLabel,
  priceTypePatch,
} from './price-rules.ts';

const USD: Currency = { id: 1, code: 'USD', name: 'Dollar', rate_to_uzs: '12650.00' };
const UZS: Currency = { id: 2, code: 'UZS', name: "So'm", rate_to_uzs: '1.00' };
const retail: PriceType = { id: 7, name: 'Chakana', currency: 2, currency_code: 'UZS', is_default: true };
const wholesale: PriceType = { id: 9, name: 'Ulgurji', currency: 1, currency_code: 'USD', is_default: false };

describe('the price type form', () => {
  it('starts a new price type in UZS, the default when it is the first', () => {
    expect(priceTypeDraft(undefined, [USD, UZS], 0)).toEqual({ name: '', currency: '2', is_default: true });
    expect(priceTypeDraft(undefined, [USD, UZS], 2)).toEqual({ name: '', currency: '2', is_default: false });
    expect(priceTypeDraft(undefined, [USD], 1).currency).toBe('1');
    expect(priceTypeDraft(wholesale, [USD, UZS], 2)).toEqual({
      name: 'Ulgurji',
      currency: '1',
      is_default: false,
    });
  });

  it('sends only what changed, and the default only when it moves to this one', () => {
    const form = (draft: { name: string; currency: string; is_default: boolean }) =>
      PriceTypeCreateSchema.parse(draft);
    expect(priceTypePatch(wholesale, form({ name: ' Ulgurji ', currency: '1', is_default: false }))).toEqual(
      {},
    );
    expect(priceTypePatch(wholesale, form({ name: 'Optom', currency: '2', is_default: true }))).toEqual({
      name: 'Optom',
      currency: 2,
      is_default: true,
    });
    // The default stays the default: never `is_default: false`, which the API refuses.
    expect(priceTypePatch(retail, form({ name: 'Chakana', currency: '2', is_default: true }))).toEqual({});
  });

  it('puts the refusal to change the currency of a priced type on the currency field', () => {
    const refusal = (key: string, status = 409) =>
      new ApiError(status, { detail: '…', detail_message: { key, values: {} } });
    expect(isCurrencyLocked(refusal('errors.catalog.price_type_has_prices'))).toBe(true);
    expect(isCurrencyLocked(refusal('errors.catalog.price_type_name_taken'))).toBe(false);
    expect(isCurrencyLocked(refusal('errors.catalog.price_type_has_prices', 400))).toBe(false);
    expect(isCurrencyLocked(new Error('offline'))).toBe(false);
  });

  it('names a price type with its currency', () => {
    expect(priceTypeLabel(wholesale)).toBe('Ulgurji (USD)');
  });
});

describe("a variant's prices form", () => {
  it('has an input per price type, in their order, empty where the variant has no price', () => {
    expect(pricesDraft([retail, wholesale], [{ price_type: 9, price: '12.50' }])).toEqual({
      prices: [
        { price_type: 7, price: '' },
        { price_type: 9, price: '12.50' },
      ],
    });
  });

  it('becomes the PUT body through the shared schema: an empty input removes the price', () => {
    const draft = pricesDraft([retail, wholesale], []);
    draft.prices[0]!.price = '125000';
    expect(VariantPricesWriteSchema.parse(draft)).toEqual({
      prices: [
        { price_type: 7, price: '125000' },
        { price_type: 9, price: null },
      ],
    });
  });

  it("refuses what the server refuses, on the input's own path", () => {
    const draft = pricesDraft([retail, wholesale], []);
    draft.prices[1]!.price = '1.005';
    const result = VariantPricesWriteSchema.safeParse(draft);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['prices.1.price', 'validation.catalog.price_two_decimals'],
    ]);
  });
});
