import { CURRENCY_IDS, D, type Message, msg } from '@app/shared';
import type { Actor } from '../../lib/context.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { cancelDocumentDebt, openDebt } from '../debts/debts.service.ts';
import { findCurrenciesByIds, postMoney } from '../finance/finance.service.ts';
import type { LoadedDocument, Trx } from './document-kind.ts';
import { moneyRowsOf, recordCash } from './documents.repository.ts';
import { type Settlement, settle } from './payment.ts';

// A sale's and a purchase's money (DESIGN.md section 19): the cash as ledger rows on the
// department's balance, the rest a debt of the counterparty; reversed, the opposite rows and the
// debt cancelled.

export interface PaymentWords {
  direction: 'in' | 'out';
  txType: 'SALE' | 'PURCHASE';
  reason: Message;
  creditReason: Message;
}

/** Posts the document's payment in the caller's transaction: money rows, then the debt. */
export async function postPayment(
  trx: Trx,
  actor: Actor,
  doc: LoadedDocument,
  words: PaymentWords,
): Promise<Settlement> {
  const { header } = doc;
  const ids = [...new Set([header.currency_id, CURRENCY_IDS.UZS, ...doc.cash.map((c) => c.currency_id)])];
  const currencies = await findCurrenciesByIds(trx, header.business_id, ids);
  const rates = new Map(currencies.map((c) => [c.id, c.rate_to_uzs]));
  const code = currencies.find((c) => c.id === header.currency_id)?.code ?? '';
  const settlement = settle({
    direction: words.direction,
    total: header.total,
    currencyId: header.currency_id,
    currencyCode: code,
    cash: doc.cash.map((c) => ({ currencyId: c.currency_id, amount: c.amount })),
    onCredit: header.on_credit,
    rates,
  });
  // Paid in full by default (payment.ts): the cash is recorded as paid, for the card and receipt.
  if (doc.cash.length === 0) await recordCash(trx, header.business_id, header.id, settlement.cash);
  await postMoney(
    trx,
    settlement.moves.map((move) => ({
      businessId: header.business_id,
      userId: header.department_id,
      currencyId: move.currencyId,
      amount: move.amount,
      rateToUzs: rates.get(move.currencyId) ?? '1',
      txType: words.txType,
      reason: words.reason,
      documentId: header.id,
      createdBy: actor.id,
    })),
  );
  if (new D(settlement.onCredit).gt(0)) {
    if (header.counterparty_id === null)
      throw fieldError('counterparty', msg('errors.documents.counterparty_for_credit'));
    await openDebt(trx, actor, {
      counterpartyId: header.counterparty_id,
      departmentId: header.department_id,
      direction: words.direction === 'in' ? 'RECEIVABLE' : 'PAYABLE',
      currencyId: header.currency_id,
      amount: settlement.onCredit,
      dueDate: header.due_day,
      reason: words.creditReason,
      documentId: header.id,
    });
  }
  return settlement;
}

/**
 * Reverses the payment: the debt cancelled (refused once payments were taken on it), then the
 * opposite of every money row the posting wrote, at its rate (a refund beyond the balance is
 * refused by the ledger).
 */
export async function reversePayment(
  trx: Trx,
  actor: Actor,
  doc: LoadedDocument,
  reason: Message,
): Promise<void> {
  const { header } = doc;
  if ((await cancelDocumentDebt(trx, actor, header.id)) === 'paid')
    throw conflict(msg('errors.documents.debt_has_payments', { number: header.number }));
  const rows = await moneyRowsOf(trx, header.business_id, header.id);
  await postMoney(
    trx,
    rows.map((row) => ({
      businessId: header.business_id,
      userId: row.user_id,
      currencyId: row.currency_id,
      amount: new D(row.amount).neg(),
      rateToUzs: row.rate_to_uzs,
      txType: row.tx_type,
      reason,
      documentId: header.id,
      createdBy: actor.id,
    })),
  );
}
