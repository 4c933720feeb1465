import type { WeightBarcodeMode, WeightCode } from './barcode.ts';
import { MONEY_SCALE } from './constants.ts';
import { D, fixedQuantity } from './money.ts';

// A scale's weight code as a line takes it (DESIGN.md section 18). Apart from barcode.ts, which
// the web's first page imports (who-am-I's check) without decimal.js.

/** What a weight code puts on a line: the kilograms weighed (`weight`), or the price it carries in UZS (`price`). */
export interface WeighedScan {
  qty: string | null;
  price: string | null;
}

/**
 * A weight code read as the business's scales print it (DESIGN.md section 18): the grams as
 * kilograms, or the UZS price. The server's `?barcode=` answer and the counter offline both read
 * scans with it.
 */
export function weighedScan(code: WeightCode, mode: Exclude<WeightBarcodeMode, 'off'>): WeighedScan {
  const value = new D(code.value);
  return mode === 'weight'
    ? { qty: fixedQuantity(value.div(1000)), price: null }
    : { qty: null, price: value.toFixed(MONEY_SCALE) };
}
