import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from './form-errors.ts';

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
