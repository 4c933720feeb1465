import { describe, expect, it } from 'vitest';
import { draftErrors, initialDraft, isShort, type ReceivedDraft, receivedBody } from './received-rules.ts';

// The "received quantities" form (DESIGN.md section 20): everything arrives by default, a short
// line needs a reason, and only the short lines are sent.

const line = (patch: Partial<ReceivedDraft> = {}): ReceivedDraft => ({
  variant: 7,
  sent: '10.000',
  qty: '10',
  reason: '',
  ...patch,
});

describe('received quantities', () => {
  it('starts with every line received in full, which sends nothing', () => {
    const draft = initialDraft({
      item_lines: [{ variant: { id: 7 }, quantity: '10.000' }] as never,
    });
    expect(draft).toEqual([line()]);
    expect(draftErrors(draft)).toEqual({});
    expect(receivedBody(draft)).toEqual([]);
  });

  it('asks a reason for a short line and sends it with the quantity', () => {
    expect(isShort(line({ qty: '7' }))).toBe(true);
    expect(draftErrors([line({ qty: '7' })])).toEqual({ 0: { reason: 'offers.received.reasonRequired' } });
    expect(receivedBody([line({ qty: '7,5', reason: ' Sindi ' }), line({ variant: 8 })])).toEqual([
      { variant: 7, qty: '7.500', reason_text: 'Sindi' },
    ]);
  });

  it('refuses more than sent, a negative number, text and a fourth decimal', () => {
    expect(draftErrors([line({ qty: '11' })])).toEqual({ 0: { qty: 'offers.received.tooMuch' } });
    for (const qty of ['-1', 'abc', '', '1.0001'])
      expect(draftErrors([line({ qty })]), qty).toEqual({ 0: { qty: 'offers.received.invalid' } });
    expect(draftErrors([line({ qty: '0', reason: "Yo'qoldi" })])).toEqual({});
  });
});
