import { D } from '@app/shared';

// Figures the pages derive from the server's decimal strings, exactly (STYLE.md: never parseFloat
// an amount).

/** Whether a decimal string is below zero (a loss, a net outflow). */
export function isNegative(value: string): boolean {
  return new D(value).lt(0);
}

/** Whether a quantity is nothing at all (zero or below): out of stock. */
export function isEmpty(value: string): boolean {
  return new D(value).lte(0);
}
