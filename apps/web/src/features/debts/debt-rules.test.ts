import { CounterpartyCreateSchema, CounterpartyUpdateSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import {
  canRecordPayment,
  DIRECTION_HINTS,
  DIRECTION_LABELS,
  directionWithHint,
  isPositive,
  KIND_LABELS,
  netBalance,
  priceTypeChoices,
  priceTypeName,
  STATUS_LABELS,
  signOf,
  statementSign,
  totalsByCurrency,
} from './debt-rules.ts';

const debt = (status: 'OPEN' | 'PAID' | 'OVERDUE', department = 5) => ({
  status,
  department: { id: department, email: 'x@demo.uz' },
});

describe('who records a payment (DESIGN.md section 12)', () => {
  it("the debt's department and the Kassir, while something remains", () => {
    expect(canRecordPayment({ id: 5, role: 'Bozorchi' }, debt('OPEN'))).toBe(true);
    expect(canRecordPayment({ id: 9, role: 'Kassir' }, debt('OVERDUE'))).toBe(true);
    expect(canRecordPayment({ id: 5, role: 'Bozorchi' }, debt('PAID'))).toBe(false);
  });

  it('nobody else, not even the Owner', () => {
    expect(canRecordPayment({ id: 1, role: 'Owner' }, debt('OPEN'))).toBe(false);
    expect(canRecordPayment({ id: 6, role: "Ta'minotchi" }, debt('OPEN'))).toBe(false);
    expect(canRecordPayment(undefined, debt('OPEN'))).toBe(false);
  });
});

describe('totals', () => {
  it('one row per currency with what is to be received and to be paid', () => {
    expect(
      totalsByCurrency([
        { currency_code: 'USD', direction: 'PAYABLE', remaining: '40.00' },
        { currency_code: 'UZS', direction: 'RECEIVABLE', remaining: '1500000.00' },
        { currency_code: 'USD', direction: 'RECEIVABLE', remaining: '200.00' },
      ]),
    ).toEqual([
      { currency_code: 'USD', receivable: '200.00', payable: '40.00' },
      { currency_code: 'UZS', receivable: '1500000.00', payable: '0' },
    ]);
  });

  it('the net is what they owe us minus what we owe them, exactly', () => {
    expect(netBalance({ receivable: '0.30', payable: '0.10' })).toBe('0.20');
    expect(netBalance({ receivable: '0', payable: '12.5' })).toBe('-12.50');
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect([signOf('-0.01'), signOf('0.00'), signOf('3'), signOf('')]).toEqual([-1, 0, 1, 0]);
  });
});

describe("a counterparty's statement", () => {
  it('a receivable and a payment of a payable raise what they owe us; the others lower it', () => {
    expect(statementSign({ kind: 'DEBT', direction: 'RECEIVABLE' })).toBe(1);
    expect(statementSign({ kind: 'PAYMENT', direction: 'RECEIVABLE' })).toBe(-1);
    expect(statementSign({ kind: 'DEBT', direction: 'PAYABLE' })).toBe(-1);
    expect(statementSign({ kind: 'PAYMENT', direction: 'PAYABLE' })).toBe(1);
  });
});

describe('the words of the debt book', () => {
  it('name the kinds, directions and statuses as spec.md does', () => {
    expect(KIND_LABELS.BOTH).toBe('debts.kind.both');
    expect(uzText(KIND_LABELS.SUPPLIER)).toBe('Yetkazib beruvchi');
    expect(uzText(DIRECTION_LABELS.RECEIVABLE)).toBe('Olinadigan');
    expect(uzText(DIRECTION_HINTS.PAYABLE)).toBe('biz qarzdormiz');
    expect(
      directionWithHint((key, values) => uzText(key, values as Record<string, string>), 'RECEIVABLE'),
    ).toBe('Olinadigan (bizga qarzdor)');
    expect(uzText(STATUS_LABELS.OVERDUE)).toBe("Muddati o'tgan");
  });
});

describe("a counterparty's price type in its form (DESIGN.md section 19)", () => {
  const t = (key: Parameters<typeof uzText>[0], values?: unknown) =>
    uzText(key, values as Record<string, string>);
  const types = [
    { id: 4, name: 'Chakana', currency: 2, currency_code: 'UZS', is_default: true },
    { id: 7, name: 'Ulgurji', currency: 1, currency_code: 'USD', is_default: false },
  ];

  it('offers none first, naming the default that then applies, then each type with its currency', () => {
    expect(priceTypeChoices(t, types)).toEqual([
      { value: '', label: 'Asosiy narx turi (Chakana)' },
      { value: '4', label: 'Chakana (UZS)' },
      { value: '7', label: 'Ulgurji (USD)' },
    ]);
    expect(priceTypeChoices(t, [{ ...types[1]!, is_default: false }])[0]).toEqual({
      value: '',
      label: 'Asosiy narx turi',
    });
  });

  it("names the counterparty's own type, or the default's words", () => {
    expect(priceTypeName(t, types, 7)).toBe('Ulgurji (USD)');
    expect(priceTypeName(t, types, null)).toBe('Asosiy narx turi (Chakana)');
    expect(priceTypeName(t, [], null)).toBe('Asosiy narx turi');
  });

  it('sends the choice as an id, and none as null (it clears the type)', () => {
    const values = { name: 'Anvar aka', kind: 'CUSTOMER', phone: '', tin: '', note: '' };
    expect(CounterpartyCreateSchema.parse({ ...values, price_type: '7' }).price_type).toBe(7);
    expect(CounterpartyCreateSchema.parse({ ...values, price_type: '' }).price_type).toBeNull();
    expect(CounterpartyCreateSchema.parse(values).price_type).toBeNull();
    expect(CounterpartyUpdateSchema.parse({ price_type: '' }).price_type).toBeNull();
    expect(CounterpartyUpdateSchema.parse({}).price_type).toBeUndefined();
    expect(CounterpartyCreateSchema.safeParse({ ...values, price_type: 'abc' }).success).toBe(false);
  });
});
