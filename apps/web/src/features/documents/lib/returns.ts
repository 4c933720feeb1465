import {
  D,
  type DecimalValue,
  type Document,
  type DocumentLine,
  fixedMoney,
  isDecimalString,
  type ReturnCreate,
  type UnitMeasure,
} from '@app/shared';
import { quantityDecimals } from './quantity.ts';

// A return started from a sale or purchase (DESIGN.md section 20): what is left of each line, the
// amount a quantity refunds, and the body the return page posts. The server prices and caps again
// under the source's lock; these only show the user what to expect.

type SourceLine = Pick<DocumentLine, 'qty' | 'amount' | 'returned' | 'returned_amount'>;

/** What can still be returned of a line: its quantity less what its posted returns took. */
export function leftOf(line: SourceLine): DecimalValue {
  return D.max(new D(line.qty).minus(line.returned ?? '0'), 0);
}

/** A typed quantity read: empty is 0; null when it is not a quantity the unit allows (or below 0). */
export function readReturnQty(text: string, unit: UnitMeasure): DecimalValue | null {
  const value = text.trim();
  if (value === '') return new D(0);
  if (!isDecimalString(value)) return null;
  const qty = new D(value);
  return qty.gte(0) && qty.decimalPlaces() <= quantityDecimals(unit) ? qty : null;
}

/**
 * The amount a quantity of a line refunds, as the server prices it: the line's amount × qty / its
 * qty, rounded once; the last units left take the exact rest (so a line's returns add up to it).
 */
export function lineRefund(line: SourceLine, qty: DecimalValue): string {
  if (qty.lte(0)) return fixedMoney(0);
  if (qty.eq(leftOf(line))) return fixedMoney(new D(line.amount).minus(line.returned_amount ?? '0'));
  return fixedMoney(new D(line.amount).times(qty).div(line.qty));
}

/** The total to refund for the typed quantities (lines not read count as 0). */
export function refundTotal(
  lines: readonly (SourceLine & { variant: { unit: UnitMeasure } })[],
  qtys: readonly string[],
): string {
  return fixedMoney(
    lines.reduce((sum, line, i) => {
      const qty = readReturnQty(qtys[i] ?? '', line.variant.unit);
      return qty ? sum.plus(lineRefund(line, qty)) : sum;
    }, new D(0)),
  );
}

/** Whether the refund may lower the debt: only a source that put something on credit has one. */
export function offersDebtRefund(source: Pick<Document, 'payment'>): boolean {
  return new D(source.payment.on_credit).gt(0);
}

export interface ReturnRequest {
  body: ReturnCreate;
  /** The source line's index (on the page) of each body line, to put `lines.N` errors back. */
  pageIndex: number[];
}

/** The body for the lines with a quantity above 0; null when there is none (nothing to return). */
export function returnRequest(
  source: Pick<Document, 'id' | 'kind'> & {
    lines: readonly { id: number; variant: { unit: UnitMeasure } }[];
  },
  qtys: readonly string[],
  refund: 'cash' | 'debt',
): ReturnRequest | null {
  const body: ReturnCreate = {
    source_kind: source.kind === 'PURCHASE' ? 'purchase' : 'sale',
    source: source.id,
    refund,
    lines: [],
  };
  const pageIndex: number[] = [];
  source.lines.forEach((line, i) => {
    const qty = readReturnQty(qtys[i] ?? '', line.variant.unit);
    if (qty?.gt(0)) {
      body.lines.push({ source_line: line.id, qty: qty.toString() });
      pageIndex.push(i);
    }
  });
  return pageIndex.length > 0 ? { body, pageIndex } : null;
}

/** The server's line errors (by the body's index) moved to the page's lines. */
export function errorsOnPage(
  errors: Record<number, string>,
  pageIndex: readonly number[],
): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [i, message] of Object.entries(errors)) {
    const at = pageIndex[Number(i)];
    if (at !== undefined) out[at] = message;
  }
  return out;
}
