import { randomUUID } from 'node:crypto';
import {
  CURRENCY_IDS,
  D,
  type DecimalValue,
  type ExchangeBodySchema,
  type ExchangeResponse,
  fixedMoney,
  fixedRate,
  msg,
  quoteExchange,
} from '@app/shared';
import type { z } from 'zod';
import type { Actor, Deps } from '../../lib/context.ts';
import { badRequest, fieldError } from '../../lib/errors.ts';
import type { IdempotencyScope } from '../../lib/idempotency.ts';
import { type AppliedEntry, applyMoney, type Currency } from './money-apply.ts';

type ExchangeBody = z.output<typeof ExchangeBodySchema>;

/**
 * The UZS rate each leg records (DESIGN.md section 3 "Exchange"): the rate in force, except that
 * a custom rate on the USD/UZS pair is the USD leg's rate (it is UZS per USD).
 */
function legRate(currency: Currency, other: Currency, customRate: string | null | undefined): string {
  // The same test as quoteExchange: a custom rate counts only when positive.
  const custom = customRate && new D(customRate).gt(0) ? customRate : null;
  const pair = new Set([currency.id, other.id]);
  const isUsdUzs = pair.has(CURRENCY_IDS.USD) && pair.has(CURRENCY_IDS.UZS);
  if (custom && isUsdUzs && currency.id === CURRENCY_IDS.USD) return fixedRate(custom);
  return currency.rate_to_uzs;
}

function leg(row: AppliedEntry, currency: Currency) {
  return {
    id: row.id,
    amount: row.amount,
    currency: currency.id,
    currency_code: currency.code,
    rate_to_uzs: row.rate_to_uzs,
    amount_in_uzs: row.amount_in_uzs,
  };
}

/** An exchange's ledger reason ("Almashtirish: 10.00 USD -> 126 500.00 UZS"), as a message. */
function exchangeReason(amount: string, from: Currency, toAmount: string | DecimalValue, to: Currency) {
  return msg('reason.exchange', {
    fixedMoney: fixedMoney(amount),
    code: from.code,
    fixedMoney2: fixedMoney(toAmount),
    code2: to.code,
  });
}

/** POST offers/exchanges/: two ledger rows with one exchange_group, in one round trip. */
export async function createExchange(
  deps: Pick<Deps, 'db' | 'caches' | 'moneyBatcher'>,
  actor: Actor,
  body: ExchangeBody,
  idempotency: IdempotencyScope | null,
): Promise<ExchangeResponse> {
  if (body.from_currency === body.to_currency) {
    throw fieldError('to_currency', msg('errors.finance.same_currency'));
  }
  let from: Currency | undefined;
  let to: Currency | undefined;
  const answer = await applyMoney<{ exchange_group: string; rate: string }>(
    deps,
    actor.businessId,
    (currencies) => {
      from = currencies.get(body.from_currency);
      if (!from) throw fieldError('from_currency', msg('errors.finance.currency_not_found'));
      to = currencies.get(body.to_currency);
      if (!to) throw fieldError('to_currency', msg('errors.finance.currency_not_found'));
      const quote = quoteExchange(from, to, body.from_amount, body.custom_rate);
      // Refused when the result rounds to 0 (DESIGN.md section 3).
      if (!quote || quote.toAmount.lte(0)) {
        throw badRequest(msg('errors.finance.exchange_comes_0_increase_amount'), {
          from_amount: [msg('errors.finance.exchange_rounds_to_zero')],
        });
      }
      const group = randomUUID();
      const common = {
        businessId: actor.businessId,
        userId: actor.id,
        txType: 'EXCHANGE' as const,
        exchangeGroup: group,
        createdBy: actor.id,
      };
      const reason = exchangeReason(body.from_amount, from, quote.toAmount, to);
      return {
        idempotency,
        rates: [from, to],
        entries: [
          {
            ...common,
            currencyId: from.id,
            amount: `-${body.from_amount}`,
            rateToUzs: legRate(from, to, body.custom_rate),
            reason,
          },
          {
            ...common,
            currencyId: to.id,
            amount: quote.toAmount,
            rateToUzs: legRate(to, from, body.custom_rate),
            reason,
          },
        ],
        audit: {
          businessId: actor.businessId,
          actorId: actor.id,
          action: 'exchange.create',
          entity: 'exchange',
          entityId: group,
          summary: msg('audit.finance.rate', { reason, fixedRate: fixedRate(quote.rate) }),
          ip: actor.ip,
        },
        result: { exchange_group: group, rate: fixedRate(quote.rate) },
      };
    },
  );
  const out = answer.entries.find((r) => r.currency_id === from?.id);
  const inc = answer.entries.find((r) => r.currency_id === to?.id);
  if (!out || !inc || !from || !to) throw new Error('the exchange legs were not written');
  return {
    exchange_group: answer.exchange_group,
    rate: answer.rate,
    outgoing: leg(out, from),
    incoming: leg(inc, to),
    created_at: out.created_at,
  };
}
