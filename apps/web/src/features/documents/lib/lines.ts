import { D, isDecimalString } from '@app/shared';
import type { UnitVariantOption } from '../api/prices.ts';

// The lines being typed on the counter and the forms. Scanning or picking a variant that is already
// on a line adds one to it (a scale's weighed quantity adds its weight) instead of a second line.

export interface EditLine {
  variant: UnitVariantOption;
  qty: string;
  /** A sale's typed price ('' = the price list's), a purchase's unit cost. */
  price: string;
}

/** The lines with `variant` added: one more (or `qty` more) on its line, else a new line at the end. */
export function addVariant(
  lines: readonly EditLine[],
  variant: UnitVariantOption,
  qty: string | null = null,
): EditLine[] {
  const add = qty !== null && isDecimalString(qty) && new D(qty).gt(0) ? new D(qty) : new D(1);
  const i = lines.findIndex((l) => l.variant.id === variant.id);
  if (i < 0) return [...lines, { variant, qty: add.toString(), price: '' }];
  return lines.map((line, j) => {
    if (j !== i) return line;
    const before = isDecimalString(line.qty.trim()) ? new D(line.qty.trim()) : new D(0);
    return { ...line, qty: before.plus(add).toString() };
  });
}

export function changeLine(lines: readonly EditLine[], index: number, change: Partial<EditLine>): EditLine[] {
  return lines.map((line, j) => (j === index ? { ...line, ...change } : line));
}

export function removeLine(lines: readonly EditLine[], index: number): EditLine[] {
  return lines.filter((_, j) => j !== index);
}

/** The lines' total at the given prices (a line without one counts nothing): exact, 2 decimals. */
export function linesTotal(lines: readonly EditLine[], priceOf: (line: EditLine) => string | null): string {
  let total = new D(0);
  for (const line of lines) {
    const price = priceOf(line);
    const qty = line.qty.trim();
    if (price !== null && isDecimalString(price) && isDecimalString(qty))
      total = total.plus(new D(qty).times(price).toDecimalPlaces(2, D.ROUND_HALF_UP));
  }
  return total.toFixed(2);
}
