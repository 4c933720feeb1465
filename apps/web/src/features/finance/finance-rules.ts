import { CURRENCY_IDS, D, type DecimalValue, isDecimalString, quoteExchange } from '@app/shared';

// Pure rules of the money forms (spec.md sections 5 and 8), kept apart from React so they are tested.

/**
 * spec.md section 5 "Exchange": choosing USD or UZS on one side sets the other side to the other of
 * the pair when that side is empty or the same currency. Returns the other side's new value.
 */
export function pairedCurrency(chosen: string, other: string): string {
  const pair: Record<string, string> = {
    [String(CURRENCY_IDS.USD)]: String(CURRENCY_IDS.UZS),
    [String(CURRENCY_IDS.UZS)]: String(CURRENCY_IDS.USD),
  };
  const partner = pair[chosen];
  if (partner && (other === '' || other === chosen)) return partner;
  return other;
}

/** A positive decimal the user typed (spec.md section 5: the amount must be a positive number). */
export function positiveDecimal(text: string): DecimalValue | null {
  const value = text.trim();
  if (!isDecimalString(value)) return null;
  const parsed = new D(value);
  return parsed.gt(0) ? parsed : null;
}

export interface EstimateCurrency {
  id: number;
  code: string;
  rate_to_uzs: string;
}

/** The live estimate of the exchange form: the same rule as the server (DESIGN.md section 3). */
export function exchangeEstimate(
  currencies: readonly EstimateCurrency[],
  fromId: string,
  toId: string,
  amount: string,
  customRate: string,
): { toAmount: DecimalValue; rate: DecimalValue; code: string } | null {
  const from = currencies.find((c) => String(c.id) === fromId);
  const to = currencies.find((c) => String(c.id) === toId);
  const value = positiveDecimal(amount);
  if (!from || !to || from.id === to.id || !value) return null;
  const custom = customRate.trim() && isDecimalString(customRate) ? customRate.trim() : null;
  const quote = quoteExchange(from, to, value, custom);
  return quote ? { toAmount: quote.toAmount, rate: quote.rate, code: to.code } : null;
}

/** A rate without trailing zeros: '12650.000000' -> '12650' (for '1 {code} = {rate} UZS'). */
export function plainRate(rate: string): string {
  return isDecimalString(rate) ? new D(rate).toFixed() : rate;
}
