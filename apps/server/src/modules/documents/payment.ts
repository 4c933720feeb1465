import { CURRENCY_IDS, D, type DecimalValue, fixedMoney, type Message, money, msg } from '@app/shared';
import { badRequest, fieldError } from '../../lib/errors.ts';

// A sale's or a purchase's payment (DESIGN.md section 19): cash in one or more currencies at the
// rates in force, and the rest on credit. Pure arithmetic on exact decimals; the posting writes
// what it answers.

/** Half a cent or tiyin: the most a conversion's rounding may leave over or under the total. */
const TOLERANCE = new D('0.005');

export interface CashPart {
  currencyId: number;
  amount: string;
}

export interface Settlement {
  /** The cash paid, per currency: the payment's, or the total in the document's currency. */
  cash: CashPart[];
  /** Signed amounts per currency for the money ledger, none zero. */
  moves: CashPart[];
  onCredit: string;
  /** Change given back in UZS (a sale's only). */
  changeUzs: string;
}

export interface SettleInput {
  /** `in`: a sale, the cash comes to the department; `out`: a purchase, it leaves. */
  direction: 'in' | 'out';
  total: string;
  currencyId: number;
  currencyCode: string;
  cash: readonly CashPart[];
  onCredit: string;
  /** rate_to_uzs of every currency involved, in force. */
  rates: ReadonlyMap<number, string>;
}

function rateOf(rates: ReadonlyMap<number, string>, currencyId: number): DecimalValue {
  const rate = rates.get(currencyId);
  if (!rate) throw fieldError('payment', msg('errors.finance.currency_not_found'));
  return new D(rate);
}

/**
 * What the payment moves. Without cash and without credit the document is paid in full in its
 * own currency. Cash is valued in the document's currency at the rates in force; cash and credit
 * must cover the total; a sale's cash beyond it (with nothing on credit) is change, given back in
 * UZS; a purchase may not pay more than its total.
 */
export function settle(input: SettleInput): Settlement {
  const total = new D(input.total);
  const cash =
    input.cash.length === 0 && new D(input.onCredit).isZero() && total.gt(0)
      ? [{ currencyId: input.currencyId, amount: fixedMoney(total) }]
      : input.cash;
  const docRate = rateOf(input.rates, input.currencyId);
  const paid = cash.reduce(
    (sum, part) => sum.plus(new D(part.amount).times(rateOf(input.rates, part.currencyId)).div(docRate)),
    new D(0),
  );
  const credit = new D(input.onCredit);
  const covered = paid.plus(credit);
  const code = input.currencyCode;
  if (covered.lt(total.minus(TOLERANCE)))
    throw paymentError(
      msg('errors.documents.payment_short', {
        missing: money(fixedMoney(total.minus(covered)), code),
        total: money(fixedMoney(total), code),
      }),
    );
  const excess = covered.minus(total);
  let changeUzs = new D(0);
  if (excess.gte(TOLERANCE)) {
    const amount = money(fixedMoney(excess), code);
    if (input.direction === 'out') throw paymentError(msg('errors.documents.overpaid', { excess: amount }));
    if (credit.gt(0)) throw paymentError(msg('errors.documents.credit_beyond_rest', { excess: amount }));
    changeUzs = excess.times(docRate).toDecimalPlaces(2);
  }
  const sign = input.direction === 'in' ? 1 : -1;
  const byCurrency = new Map<number, DecimalValue>();
  for (const part of cash)
    byCurrency.set(part.currencyId, (byCurrency.get(part.currencyId) ?? new D(0)).plus(part.amount));
  if (changeUzs.gt(0))
    byCurrency.set(CURRENCY_IDS.UZS, (byCurrency.get(CURRENCY_IDS.UZS) ?? new D(0)).minus(changeUzs));
  const moves = [...byCurrency]
    .filter(([, amount]) => !amount.isZero())
    .map(([currencyId, amount]) => ({ currencyId, amount: fixedMoney(amount.times(sign)) }));
  return { cash: [...cash], moves, onCredit: fixedMoney(credit), changeUzs: fixedMoney(changeUzs) };
}

function paymentError(message: Message) {
  return badRequest(message, { payment: [message] });
}
