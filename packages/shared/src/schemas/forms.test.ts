import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decodeMessage } from '../texts/message.ts';
import { createRenderer } from '../texts/render.ts';
import uz from '../texts/uz.json' with { type: 'json' };
import {
  ExchangeFormSchema,
  ExternalTransactionFormSchema,
  moneyOfferFormSchema,
  ProductFormSchema,
  productOfferFormSchema,
  SetPasswordFormSchema,
  StockEntryFormSchema,
  StockExitFormSchema,
  UnitFormSchema,
  VerifyResetCodeFormSchema,
} from './forms.ts';

const render = createRenderer({ uz });

/**
 * The messages a form shows in Uzbek, in field order (the first is the one in the form's error
 * area): each issue's message is a key with values (DESIGN.md section 15), rendered from uz.
 */
function messages(schema: z.ZodType, values: unknown): string[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const message = decodeMessage(issue.message);
    return 'key' in message ? render(message, 'uz') : message.text;
  });
}

const REASON = 'Oylik uchun pul';

describe('form schemas carry spec.md section 5 texts', () => {
  it('exchange: a missing field reads "Please fill required fields."; the amount rule is the server\'s', () => {
    const empty = { from_currency: '', to_currency: '', from_amount: '', custom_rate: '' };
    expect(messages(ExchangeFormSchema, empty)[0]).toBe('Please fill required fields.');
    expect(
      messages(ExchangeFormSchema, { ...empty, from_currency: '1', to_currency: '2', from_amount: '0' }),
    ).toEqual(['Musbat summa kiriting.']);
    expect(
      ExchangeFormSchema.parse({
        from_currency: '1',
        to_currency: '2',
        from_amount: ' 10.5 ',
        custom_rate: '',
      }),
    ).toEqual({ from_currency: 1, to_currency: 2, from_amount: '10.5' });
  });

  it('external transaction: currency first, then "Please enter a valid amount."', () => {
    const base = { currency: '', amount: '', reason_text: REASON, is_income: true };
    expect(messages(ExternalTransactionFormSchema, base)).toEqual([
      'Please choose a currency.',
      'Please enter a valid amount.',
    ]);
    expect(messages(ExternalTransactionFormSchema, { ...base, currency: 'USD', amount: '-3' })).toEqual([
      'Please enter a valid amount.',
    ]);
    expect(
      messages(ExternalTransactionFormSchema, {
        ...base,
        currency: 'USD',
        amount: '3',
        reason_text: 'qisqa',
      }),
    ).toEqual(["Sabab kamida 8 ta belgidan iborat bo'lishi kerak."]);
  });

  it('money offer: "Barcha maydonlarni to\'ldiring.", "User topilmadi", and the request body', () => {
    const empty = { other: '', currency: '', amount: '', reason_text: REASON };
    expect(messages(moneyOfferFormSchema('income', 7, []), empty)[0]).toBe("Barcha maydonlarni to'ldiring.");
    const filled = { other: '9', currency: '1', amount: '12.34', reason_text: REASON };
    expect(messages(moneyOfferFormSchema('outcome', 7, [8]), filled)).toEqual(['User topilmadi']);
    expect(moneyOfferFormSchema('outcome', 7, [9]).parse(filled)).toEqual({
      from_user: 7,
      to_user: 9,
      money_lines: [{ currency: 1, amount: '12.34' }],
      item_lines: [],
      reason_text: REASON,
    });
    expect(moneyOfferFormSchema('income', 7, []).parse(filled)).toMatchObject({ from_user: 9, to_user: 7 });
  });

  it('product offer: the department, then the lines, then the body with variant ids', () => {
    const line = { variant: null, quantity: '' };
    const empty = { other: '', lines: [line], reason_text: REASON };
    expect(messages(productOfferFormSchema('outcome', 7), empty)[0]).toBe(
      "Qabul qiluvchi bo'lim ID topilmadi.",
    );
    expect(messages(productOfferFormSchema('income', 7), empty)[0]).toBe("Yuboruvchi bo'limni tanlang.");
    expect(messages(productOfferFormSchema('income', 7), { ...empty, other: '9' })[0]).toBe(
      "Variant va miqdorni to'ldiring.",
    );
    const picked = {
      other: '9',
      lines: [{ variant: { id: 4, sku: 'A-1' }, quantity: '1.5' }],
      reason_text: REASON,
    };
    expect(productOfferFormSchema('outcome', 7).parse(picked)).toMatchObject({
      from_user: 7,
      to_user: 9,
      item_lines: [{ variant: 4, quantity: '1.5' }],
    });
    expect(messages(productOfferFormSchema('outcome', undefined), picked)).toEqual([
      "Qabul qiluvchi bo'lim ID topilmadi.",
    ]);
  });

  it('stock entry and exit: "Fill all required fields *", optional price sent as null', () => {
    const entry = {
      variant: null,
      qty_received: '',
      unit_cost: '',
      currency: '1',
      type: 'PURCHASE',
      location: '',
      reason_text: '',
    };
    expect(messages(StockEntryFormSchema, entry)[0]).toBe('Fill all required fields *');
    expect(
      messages(StockEntryFormSchema, { ...entry, variant: { id: 3 }, qty_received: '2', unit_cost: '-1' }),
    ).toEqual(["Qiymat 0 dan katta yoki unga teng bo'lishi kerak."]);
    const exit = {
      variant: { id: 3 },
      qty_issued: '2',
      unit_price: '',
      currency: '2',
      type: 'SALE',
      location: '',
      note: '',
    };
    expect(StockExitFormSchema.parse(exit)).toMatchObject({
      variant: 3,
      qty_issued: '2',
      unit_price: null,
      currency: 2,
    });
    expect(messages(StockExitFormSchema, { ...exit, qty_issued: '' })).toEqual([
      'Fill all required fields *',
    ]);
  });

  it("product: each missing or malformed field has the server's message, and the body is typed", () => {
    const product = { name: ' Ip ', model: 'P-40', code: '1003', unit: '2', type: 'RAW' };
    expect(ProductFormSchema.parse(product)).toEqual({
      name: 'Ip',
      model: 'P-40',
      code: 1003,
      unit: 2,
      type: 'RAW',
    });
    expect(messages(ProductFormSchema, { name: '  ', model: '', code: '12a', unit: '', type: '' })).toEqual([
      "Bu maydon bo'sh bo'lishi mumkin emas.",
      "Bu maydon bo'sh bo'lishi mumkin emas.",
      "To'g'ri butun son kiriting.",
      "Bu maydon to'ldirilishi shart.",
      'Birini tanlang: RAW, SEMI yoki FINISHED.',
    ]);
  });

  it('unit: a fixed rate that is not a number falls back to 0', () => {
    expect(
      UnitFormSchema.parse({ name: 'Metr', measure: 'M', fixed_rate_to_base: 'abc' }).fixed_rate_to_base,
    ).toBe('0');
    expect(
      UnitFormSchema.parse({ name: 'Metr', measure: 'M', fixed_rate_to_base: ' 0.5 ' }).fixed_rate_to_base,
    ).toBe('0.5');
    expect(messages(UnitFormSchema, { name: ' ', measure: '', fixed_rate_to_base: '' })).toEqual([
      "Bu maydon bo'sh bo'lishi mumkin emas.",
      'Birini tanlang: KG, M yoki D.',
    ]);
  });

  it('verify code and set password', () => {
    expect(messages(VerifyResetCodeFormSchema, { email: 'a@b.uz', code: '12a' })).toEqual([
      'Invalid or expired code.',
    ]);
    expect(messages(SetPasswordFormSchema, { password: 'longenough', confirm: 'different1' })).toEqual([
      'Passwords do not match.',
    ]);
    expect(messages(SetPasswordFormSchema, { password: 'short', confirm: 'short' })).toEqual([
      "Bu maydonda kamida 8 ta belgi bo'lishi kerak.",
    ]);
  });
});
