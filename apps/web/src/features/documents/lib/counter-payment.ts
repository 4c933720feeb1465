import { D, type DecimalValue, isDecimalString } from '@app/shared';

// The counter's payment (DESIGN.md section 19 "The counter"): what the payment buttons send as
// `payment: {cash, on_credit, due_date}` and what they show (the USD to take, the change in UZS,
// what is still missing, what goes on credit). The same arithmetic as the server's settle()
// (apps/server/src/modules/documents/payment.ts), on exact decimals, so what the counter shows is
// what the server posts.

export type PaymentMode = 'UZS' | 'USD' | 'MIXED' | 'CREDIT';
export const PAYMENT_MODES: readonly PaymentMode[] = ['UZS', 'USD', 'MIXED', 'CREDIT'];

export interface CurrencyRate {
  id: number;
  code: string;
  /** rate_to_uzs, in force. */
  rate: string;
}

export interface PaymentRates {
  /** The sale's own currency (the default price list's, else UZS): its total and credit are in it. */
  doc: CurrencyRate;
  uzs: CurrencyRate;
  usd: CurrencyRate;
}

/** What the seller typed: cash taken in UZS and in USD (mixed, or paid now on a nasiya). */
export interface PaymentEntry {
  mode: PaymentMode;
  uzs: string;
  usd: string;
}

export interface CounterPayment {
  cash: Array<{ currency: number; amount: string }>;
  /** In the sale's currency. */
  onCredit: string;
  changeUzs: string;
  /** What the cash and the credit leave uncovered, in the sale's currency ("0.00" when covered). */
  missing: string;
  /** The UZS and the USD that pay the total in full (rounded up to the tiyin and the cent). */
  uzsDue: string;
  usdDue: string;
  /** The cash given, valued in the sale's currency. */
  paid: string;
}

/** Half a tiyin or cent, as the server allows a conversion's rounding (payment.ts TOLERANCE). */
const TOLERANCE = new D('0.005');

/** A typed amount, 0 when it is empty or not a number (the field shows its own error). */
export function typedAmount(text: string): DecimalValue {
  const value = text.trim();
  return isDecimalString(value) && new D(value).gt(0) ? new D(value) : new D(0);
}

function dueIn(total: DecimalValue, rates: PaymentRates, to: CurrencyRate): string {
  return total.times(rates.doc.rate).div(to.rate).toDecimalPlaces(2, D.ROUND_UP).toFixed(2);
}

/** The cash parts the mode sends: the whole in UZS or USD, or what was typed. */
function cashParts(entry: PaymentEntry, rates: PaymentRates, uzsDue: string, usdDue: string) {
  const typed = (currency: CurrencyRate, text: string, due: string) => {
    const amount = entry.mode === 'USD' && text.trim() === '' ? new D(due) : typedAmount(text);
    return { currency, amount };
  };
  const parts =
    entry.mode === 'UZS'
      ? [{ currency: rates.uzs, amount: new D(uzsDue) }]
      : entry.mode === 'USD'
        ? [typed(rates.usd, entry.usd, usdDue)]
        : [typed(rates.uzs, entry.uzs, uzsDue), typed(rates.usd, entry.usd, usdDue)];
  return parts.filter((p) => p.amount.gt(0));
}

/** The payment of a sale of `total` (in the sale's currency) as the seller chose to take it. */
export function counterPayment(totalText: string, entry: PaymentEntry, rates: PaymentRates): CounterPayment {
  const total = new D(totalText);
  const uzsDue = dueIn(total, rates, rates.uzs);
  const usdDue = dueIn(total, rates, rates.usd);
  const parts = total.gt(0) ? cashParts(entry, rates, uzsDue, usdDue) : [];
  const paid = parts.reduce(
    (sum, p) => sum.plus(p.amount.times(p.currency.rate).div(rates.doc.rate)),
    new D(0),
  );
  // A nasiya puts on credit what the cash leaves; rounded half down so that cash and credit
  // never pass the total by the half tiyin the server refuses (payment.ts).
  const credit =
    entry.mode === 'CREDIT' && paid.lt(total)
      ? total.minus(paid).toDecimalPlaces(2, D.ROUND_HALF_DOWN)
      : new D(0);
  const excess = paid.plus(credit).minus(total);
  const missing = excess.lt(TOLERANCE.negated()) ? excess.negated().toDecimalPlaces(2, D.ROUND_UP) : new D(0);
  const change = excess.gte(TOLERANCE) ? excess.times(rates.doc.rate).toDecimalPlaces(2) : new D(0);
  return {
    cash: parts.map((p) => ({ currency: p.currency.id, amount: p.amount.toFixed(2) })),
    onCredit: credit.toFixed(2),
    changeUzs: change.toFixed(2),
    missing: missing.toFixed(2),
    uzsDue,
    usdDue,
    paid: paid.toDecimalPlaces(2).toFixed(2),
  };
}
