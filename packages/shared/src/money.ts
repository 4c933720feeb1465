import Decimal from 'decimal.js';
import { CURRENCY_IDS, MONEY_SCALE, QUANTITY_SCALE, RATE_SCALE } from './constants.ts';
import { type Language, numberSeparators, separatorsOf } from './languages.ts';

// Exact decimals only (STYLE.md "Money and ledgers"): every rounding names its mode.
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type DecimalValue = InstanceType<typeof D>;

/** A decimal string the wire and the database accept: optional sign, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value.trim());
}

export function fixedMoney(value: string | number | DecimalValue): string {
  return new D(value).toDecimalPlaces(MONEY_SCALE, D.ROUND_HALF_UP).toFixed(MONEY_SCALE);
}
export function fixedQuantity(value: string | number | DecimalValue): string {
  return new D(value).toDecimalPlaces(QUANTITY_SCALE, D.ROUND_HALF_UP).toFixed(QUANTITY_SCALE);
}
export function fixedRate(value: string | number | DecimalValue): string {
  return new D(value).toDecimalPlaces(RATE_SCALE, D.ROUND_HALF_UP).toFixed(RATE_SCALE);
}

/**
 * What a sale or a purchase on credit owes (DESIGN.md section 12): quantity x unit price, rounded
 * half-up to the tiyin. The server opens the debt with it; the Sell and Buy forms show it.
 */
export function creditAmount(qty: string, unitPrice: string): string {
  return fixedMoney(new D(qty).times(unitPrice));
}

/** Display: at most 2 decimals, no trailing zeros beyond what is needed, grouped thousands. */
export function formatMoney(value: string | number): string {
  return groupThousands(new D(value).toDecimalPlaces(MONEY_SCALE, D.ROUND_HALF_UP).toString());
}
/**
 * Money in tables, reports and messages (DESIGN.md section 16): exactly 2 decimals, so a column's
 * figures line up ("25 050.00" over "25 520.75"), grouped as the language groups; still "at most
 * 2" of spec.md section 9. Balance cards keep formatMoney.
 */
export function formatMoneyFixed(value: string | number | DecimalValue): string {
  return groupThousands(fixedMoney(value));
}
/**
 * A percent (the reports' margin, a string like "29.52"; DESIGN.md section 16): exactly 2
 * decimals with the language's separators, "29.52%" (ru "29,52%").
 */
export function formatPercent(value: string | number | DecimalValue): string {
  return `${groupThousands(fixedMoney(value))}%`;
}
/** A decimal string with the language's separators, its digits as written (a chart's tick). */
export function formatDecimal(value: string): string {
  return groupThousands(new D(value).toString());
}
/** Display: a rate to UZS with up to 6 decimals, no trailing zeros (8.215, 12 650). */
export function formatRate(value: string | number): string {
  return groupThousands(new D(value).toDecimalPlaces(RATE_SCALE, D.ROUND_HALF_UP).toString());
}
/** Display: up to 3 decimals. */
export function formatQuantity(value: string | number): string {
  return groupThousands(new D(value).toDecimalPlaces(QUANTITY_SCALE, D.ROUND_HALF_UP).toString());
}

/**
 * An amount with its currency for one reader, whatever the page's language ("25 520.75 USD"):
 * the server renders a message's money for its reader (DESIGN.md section 15).
 */
export function formatMoneyIn(language: Language, value: string, currency: string): string {
  return `${groupThousands(fixedMoney(value), separatorsOf(language))} ${currency}`;
}

/** Money with a reader's separators and exactly 2 decimals, without a currency ("25 520.75"). */
export function formatMoneyFixedIn(language: Language, value: string | number | DecimalValue): string {
  return groupThousands(fixedMoney(value), separatorsOf(language));
}

/** A quantity with a reader's separators, up to 3 decimals ("12.5"): a file's, whatever the page's. */
export function formatQuantityIn(language: Language, value: string | number): string {
  return groupThousands(
    new D(value).toDecimalPlaces(QUANTITY_SCALE, D.ROUND_HALF_UP).toString(),
    separatorsOf(language),
  );
}

function groupThousands(plain: string, { group, decimal } = numberSeparators()): string {
  const [int = '0', frac] = plain.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return frac ? `${sign}${grouped}${decimal}${frac}` : `${sign}${grouped}`;
}

export interface ExchangeCurrency {
  id: number;
  rate_to_uzs: string;
}

export interface ExchangeQuote {
  /** The rate applied: custom, USD's rate for the USD/UZS pair, or the ratio of the two rates. */
  rate: DecimalValue;
  /** true when the result is from_amount / rate (UZS to USD), else from_amount × rate. */
  divides: boolean;
  /** Rounded half-up to 2 decimals. */
  toAmount: DecimalValue;
}

function isUsdUzsPair(fromId: number, toId: number): boolean {
  return (
    (fromId === CURRENCY_IDS.USD && toId === CURRENCY_IDS.UZS) ||
    (fromId === CURRENCY_IDS.UZS && toId === CURRENCY_IDS.USD)
  );
}

/**
 * The exchange rule of spec.md section 5 and DESIGN.md section 3, used by the form's estimate
 * and by the server's result alike. Returns null when the rate is not positive.
 */
export function quoteExchange(
  from: ExchangeCurrency,
  to: ExchangeCurrency,
  fromAmount: string | number | DecimalValue,
  customRate?: string | number | null,
): ExchangeQuote | null {
  const amount = new D(fromAmount);
  const custom =
    customRate === undefined || customRate === null || customRate === '' ? null : new D(customRate);
  let rate: DecimalValue;
  if (custom?.gt(0)) rate = custom;
  else if (isUsdUzsPair(from.id, to.id))
    rate = new D(from.id === CURRENCY_IDS.USD ? from.rate_to_uzs : to.rate_to_uzs);
  else {
    const toRate = new D(to.rate_to_uzs);
    if (toRate.lte(0)) return null;
    rate = new D(from.rate_to_uzs).div(toRate);
  }
  if (rate.lte(0)) return null;
  const divides = from.id === CURRENCY_IDS.UZS && to.id === CURRENCY_IDS.USD;
  const raw = divides ? amount.div(rate) : amount.mul(rate);
  return { rate, divides, toAmount: raw.toDecimalPlaces(MONEY_SCALE, D.ROUND_HALF_UP) };
}
