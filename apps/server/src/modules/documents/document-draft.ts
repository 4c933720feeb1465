import { businessDay, CURRENCY_IDS, D, fixedMoney, msg, type PaymentInputSchema } from '@app/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/context.ts';
import { fieldError } from '../../lib/errors.ts';
import { defaultPriceCurrency } from '../catalog/prices.service.ts';
import { requireCounterparty } from '../debts/debts.service.ts';
import { resolveCurrency } from '../finance/finance.service.ts';
import type { DocDeps, Draft, HeaderContext, PriorDraft, Trx } from './document-kind.ts';
import type { LineValues } from './documents.repository.ts';

// The draft of a kind whose body names its header and prices its lines (a sale, a purchase;
// DESIGN.md section 19): the shared default of KindConfig.draft.

type Payment = z.output<typeof PaymentInputSchema>;

/** A priced kind's body after its schema: the header's fields and its lines. */
export interface DocumentBody<Line> {
  counterparty: number | null;
  currency?: number | undefined;
  date?: string | undefined;
  note: string;
  lines: Line[];
  payment?: Payment | undefined;
}

/** How a priced kind's lines are stored: prices resolved, amounts computed, each error on its line. */
export type PriceLines<Line> = (
  trx: Trx,
  context: HeaderContext,
  lines: readonly Line[],
) => Promise<LineValues[]>;

/** A line as stored, kept as it was priced. */
export const storedLine = (l: PriorDraft['lines'][number]): LineValues => ({
  variant_id: l.variant_id,
  qty: l.qty,
  price: l.price,
  discount: l.discount,
  amount: l.amount,
  price_type_id: l.price_type_id,
  price_source: l.price_source,
  source_line_id: l.source_line_id,
});

async function checkPayment(trx: Trx, businessId: number, payment: Payment | undefined) {
  if (payment)
    for (const [i, part] of payment.cash.entries())
      try {
        await resolveCurrency(trx, businessId, part.currency);
      } catch {
        throw fieldError(`payment.cash.${i}.currency`, msg('errors.finance.currency_not_found'));
      }
}

/**
 * A body's header, lines and cash as stored, every reference checked within the business. A
 * change of a draft gives only what changes: the rest is the draft's (`prior`); its lines stay
 * as they were priced unless new lines are given.
 */
export const pricedDraft =
  <Line>(priceLines: PriceLines<Line>) =>
  async (
    trx: Trx,
    deps: DocDeps,
    actor: Actor,
    body: Partial<DocumentBody<Line>>,
    prior: PriorDraft | null,
  ): Promise<Draft> => {
    const counterparty =
      body.counterparty !== undefined ? body.counterparty : (prior?.header.counterparty_id ?? null);
    if (counterparty !== null && counterparty !== prior?.header.counterparty_id)
      await requireCounterparty(trx, actor.businessId, counterparty);
    let currency = body.currency ?? prior?.header.currency_id;
    if (body.currency !== undefined) await resolveCurrency(trx, actor.businessId, body.currency);
    currency ??= (await defaultPriceCurrency(trx, actor.businessId)) ?? CURRENCY_IDS.UZS;
    const lines = body.lines
      ? await priceLines(
          trx,
          { businessId: actor.businessId, counterpartyId: counterparty, currencyId: currency },
          body.lines,
        )
      : (prior?.lines ?? []).map(storedLine);
    const payment = body.payment;
    await checkPayment(trx, actor.businessId, payment);
    const total = lines.reduce((sum, l) => sum.plus(l.amount), new D(0));
    const onCredit = payment ? payment.on_credit : (prior?.header.on_credit ?? '0');
    if (new D(onCredit).gt(0) && counterparty === null)
      throw fieldError('counterparty', msg('errors.documents.counterparty_for_credit'));
    return {
      header: {
        counterparty_id: counterparty,
        currency_id: currency,
        doc_date: body.date ?? prior?.header.day ?? businessDay(deps.clock()),
        note: body.note ?? prior?.header.note ?? '',
        total: fixedMoney(total),
        on_credit: fixedMoney(onCredit),
        due_date: payment ? payment.due_date : (prior?.header.due_day ?? null),
      },
      lines,
      cash: payment
        ? payment.cash.map((c) => ({ currency_id: c.currency, amount: fixedMoney(c.amount) }))
        : (prior?.cash ?? []).map((c) => ({ currency_id: c.currency_id, amount: c.amount })),
    };
  };
