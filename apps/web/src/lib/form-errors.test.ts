import { describe, expect, it } from 'vitest';
import { uzText } from '../i18n/testing.ts';
import { ApiError } from './api-client.ts';
import { applyServerErrors, firstErrorMessage, SAVE_FAILED_KEY } from './form-errors.ts';

describe('firstErrorMessage', () => {
  it('takes the first message in field order, nested lines included', () => {
    expect(firstErrorMessage({})).toBeNull();
    expect(
      firstErrorMessage<{ lines: Array<{ quantity: string }>; reason_text: string }>({
        // react-hook-form leaves holes for lines without errors.
        lines: [undefined as never, { quantity: { type: 'custom', message: 'second line' } }],
        reason_text: { type: 'too_small', message: 'reason' },
      }),
    ).toBe('second line');
    expect(firstErrorMessage({ other: { type: 'custom', message: 'first', ref: { name: 'x' } } })).toBe(
      'first',
    );
  });
});

describe('applyServerErrors', () => {
  const saveFailed = uzText(SAVE_FAILED_KEY);

  it('puts field errors under their fields and says nothing more', () => {
    const set: Array<[string, string]> = [];
    const setError = (name: never, error: { message: string }) => set.push([name, error.message]);
    expect(applyServerErrors(setError, new ApiError(400, { code: ['Band'] }), saveFailed)).toBeNull();
    expect(set).toEqual([['code', 'Band']]);
  });

  it("falls back to the server's detail, then to the save failure", () => {
    const setError = () => undefined;
    expect(applyServerErrors(setError, new ApiError(409, { detail: 'Kam' }), saveFailed)).toBe('Kam');
    expect(applyServerErrors(setError, null, saveFailed)).toBe("Saqlab bo'lmadi. Qayta urinib ko'ring.");
  });
});
