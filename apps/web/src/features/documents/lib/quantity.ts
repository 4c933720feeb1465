import { D, isDecimalString, QUANTITY_SCALE, type UnitMeasure } from '@app/shared';

// A line's quantity on the counter and the forms (DESIGN.md section 19): pieces are whole, kilograms
// and metres go to 0.001 (QUANTITY_SCALE). The steppers add and take one unit.

/** The decimals a unit's quantity may have. */
export function quantityDecimals(unit: UnitMeasure): number {
  return unit === 'D' ? 0 : QUANTITY_SCALE;
}

/** The input's `step`: "1" for pieces, "0.001" for kg and m. */
export function quantityStep(unit: UnitMeasure): string {
  return unit === 'D' ? '1' : new D(1).div(10 ** QUANTITY_SCALE).toFixed(QUANTITY_SCALE);
}

/** A typed quantity the unit allows: above 0, with no more decimals than the unit has. */
export function isValidQuantity(text: string, unit: UnitMeasure): boolean {
  const value = text.trim();
  if (!isDecimalString(value)) return false;
  const qty = new D(value);
  return qty.gt(0) && qty.decimalPlaces() <= quantityDecimals(unit);
}

/** One unit more or less (never to 0 or below: a line is removed with its own button). */
export function stepQuantity(text: string, unit: UnitMeasure, direction: 1 | -1): string {
  const qty = isDecimalString(text.trim()) ? new D(text.trim()) : new D(0);
  const next = qty.plus(direction);
  if (next.lte(0)) return isValidQuantity(text, unit) ? text : '1';
  return next.toDecimalPlaces(quantityDecimals(unit), D.ROUND_DOWN).toString();
}
