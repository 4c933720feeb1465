import {
  D,
  DECIMAL_PATTERN,
  fixedQuantity,
  type Offer,
  type OfferReceivedLine,
  QUANTITY_SCALE,
} from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';

// The "received quantities" form's rules (DESIGN.md section 20), tested beside: every line
// starts as received in full; a line received short needs a reason; only the lines that differ
// from what was sent go to the server (the others are received in full there too).

export interface ReceivedDraft {
  variant: number;
  sent: string;
  qty: string;
  reason: string;
}

export function initialDraft(offer: Pick<Offer, 'item_lines'>): ReceivedDraft[] {
  return offer.item_lines.map((l) => ({
    variant: l.variant.id,
    sent: l.quantity,
    qty: new D(l.quantity).toString(),
    reason: '',
  }));
}

/** A line's quantity as a decimal, or null when it is not a number of at most 3 decimals ≥ 0. */
function parsedQty(qty: string): InstanceType<typeof D> | null {
  const text = qty.trim().replace(',', '.');
  if (!DECIMAL_PATTERN.test(text)) return null;
  const value = new D(text);
  return value.lt(0) || value.decimalPlaces() > QUANTITY_SCALE ? null : value;
}

export function isShort(line: ReceivedDraft): boolean {
  const qty = parsedQty(line.qty);
  return qty?.lt(line.sent) ?? false;
}

/** Each line's error (by index): a bad number, more than sent, or a shortage without a reason. */
export function draftErrors(
  lines: readonly ReceivedDraft[],
): Record<number, { qty?: MessageKey; reason?: MessageKey }> {
  const errors: Record<number, { qty?: MessageKey; reason?: MessageKey }> = {};
  lines.forEach((line, i) => {
    const qty = parsedQty(line.qty);
    if (qty === null) errors[i] = { qty: 'offers.received.invalid' };
    else if (qty.gt(line.sent)) errors[i] = { qty: 'offers.received.tooMuch' };
    else if (qty.lt(line.sent) && line.reason.trim() === '')
      errors[i] = { reason: 'offers.received.reasonRequired' };
  });
  return errors;
}

/** The approval's `received`: the lines received short, each with its reason. */
export function receivedBody(lines: readonly ReceivedDraft[]): OfferReceivedLine[] {
  return lines.filter(isShort).map((line) => ({
    variant: line.variant,
    qty: fixedQuantity(parsedQty(line.qty) ?? 0),
    reason_text: line.reason.trim(),
  }));
}
