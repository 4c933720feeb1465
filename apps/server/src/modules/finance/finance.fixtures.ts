import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findCurrencyById } from './finance.repository.ts';
import { postMoney } from './ledger.ts';

// Setup helpers for the money tests: money is put on a department through the same ledger
// function the API uses (an ADJUSTMENT row, as the admin CLI writes).

export const USD = 1;
export const UZS = 2;

export async function fund(
  db: Database,
  user: { id: number; businessId: number },
  currencyId: number,
  amount: string,
): Promise<void> {
  const rate = await findCurrencyById(db, user.businessId, currencyId);
  if (!rate) throw new Error(`the business has no rate for currency ${currencyId}`);
  await inTransaction(db, (trx) =>
    postMoney(trx, [
      {
        businessId: user.businessId,
        userId: user.id,
        currencyId,
        amount,
        rateToUzs: rate.rate_to_uzs,
        txType: 'ADJUSTMENT',
        reason: 'Test opening balance',
        createdBy: null,
      },
    ]),
  );
}

/** The body of a money offer (DESIGN.md section 3 "Offers") of one line from `from` to `to`. */
export function moneyOfferBody(from: { id: number }, to: { id: number }, amount: string, reason: string) {
  return {
    from_user: from.id,
    to_user: to.id,
    money_lines: [{ currency: USD, amount }],
    reason_text: reason,
  };
}

export async function balanceOf(db: Database, userId: number, currencyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('balances')
    .select('on_hand')
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return row?.on_hand ?? null;
}

/** The ids of the ledger rows one exchange (its group) or one money offer wrote. */
export function ledgerRowsOf(db: Database, of: { exchangeGroup: string } | { offerId: number }) {
  const rows = db.selectFrom('money_transactions').select('id');
  return (
    'offerId' in of
      ? rows.where('offer_id', '=', of.offerId)
      : rows.where('exchange_group', '=', of.exchangeGroup)
  ).execute();
}

export async function ledgerCount(db: Database, userId?: number): Promise<number> {
  let q = db.selectFrom('money_transactions').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
