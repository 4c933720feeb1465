import { describe, expect, it } from 'vitest';
import { isValidReason, previewReason } from './reason.ts';

describe('reason rules (spec.md section 9)', () => {
  it('accepts 8 to 500 characters after trimming', () => {
    expect(isValidReason('1234567')).toBe(false);
    expect(isValidReason('  1234567  ')).toBe(false);
    expect(isValidReason('12345678')).toBe(true);
    expect(isValidReason('x'.repeat(500))).toBe(true);
    expect(isValidReason('x'.repeat(501))).toBe(false);
  });

  it('cuts a reason at 8 characters plus an ellipsis', () => {
    expect(previewReason('Ijara to‘lovi')).toBe('Ijara to...');
    expect(previewReason('Oylik')).toBe('Oylik');
    expect(previewReason('12345678')).toBe('12345678');
    expect(previewReason(null)).toBe('');
  });
});
