import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { documentErrors, fieldsUnder } from './server-errors.ts';

describe('documentErrors', () => {
  it('puts lines.N messages on line N and keeps the other fields', () => {
    const err = new ApiError(409, {
      detail: 'Not enough stock',
      'lines.0.qty': ['Only 2 left of A-1'],
      'lines.2.qty': ['Only 0 left of B-2'],
      'lines.2.price': ['No price for B-2'],
      payment: ['Short by 10 UZS'],
      'payment.cash.1.currency': ['Unknown currency'],
    });
    const errors = documentErrors(err);
    expect(errors.lines).toEqual({ 0: 'Only 2 left of A-1', 2: 'Only 0 left of B-2 No price for B-2' });
    expect(fieldsUnder(errors.fields, 'payment')).toBe('Short by 10 UZS Unknown currency');
    expect(fieldsUnder(errors.fields, 'counterparty')).toBeUndefined();
  });

  it("has nothing for an error that is not the API's", () => {
    expect(documentErrors(new Error('offline'))).toEqual({ lines: {}, fields: {} });
  });
});
