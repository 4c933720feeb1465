import { D, type DecimalValue, fixedMoney } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TxType } from '../../db/tables/finance.ts';
import { conflict } from '../../lib/errors.ts';

/** One movement of money for one department in one currency (DESIGN.md section 3). */
export interface LedgerEntry {
  businessId: number;
  userId: number;
  currencyId: number;
  /** Signed: positive adds to the balance, negative takes from it. Never zero. */
  amount: DecimalValue | string;
  /** The UZS rate in force for this row. */
  rateToUzs: string;
  txType: TxType;
  reason: string;
  offerId?: number | null;
  exchangeGroup?: string | null;
  createdBy: number | null;
  /** Only the demo seed back-dates history; every live movement is stamped now(). */
  createdAt?: Date;
}

export interface PostedEntry {
  id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  rate_to_uzs: string;
  amount_in_uzs: string;
  created_at: Date;
}

export function amountInUzs(amount: DecimalValue | string, rate: string): string {
  return fixedMoney(new D(amount).mul(rate));
}

/**
 * The one way money moves: appends the ledger rows and changes the balances by the same sums,
 * inside the caller's transaction (DESIGN.md section 3 "Money ledger"). Balance rows are changed
 * in a fixed order (user id, then currency id) so concurrent movements never deadlock, and each
 * debit is a conditional UPDATE: a shortfall throws 409 and the caller's transaction rolls back.
 */
export async function postMoney(
  trx: Transaction<DB>,
  entries: readonly LedgerEntry[],
): Promise<PostedEntry[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) {
    if (new D(entry.amount).isZero()) throw new Error('postMoney: a ledger row never has a zero amount');
  }
  for (const delta of balanceDeltas(entries)) {
    if (delta.amount.isZero()) continue;
    await applyDelta(trx, delta.userId, delta.currencyId, delta.amount);
  }
  await bumpCounts(trx, entries);
  return trx
    .insertInto('money_transactions')
    .values(
      entries.map((e) => ({
        business_id: e.businessId,
        user_id: e.userId,
        currency_id: e.currencyId,
        amount: fixedMoney(e.amount),
        rate_to_uzs: e.rateToUzs,
        amount_in_uzs: amountInUzs(e.amount, e.rateToUzs),
        offer_id: e.offerId ?? null,
        reason: e.reason,
        tx_type: e.txType,
        exchange_group: e.exchangeGroup ?? null,
        created_by: e.createdBy,
        ...(e.createdAt ? { created_at: e.createdAt } : {}),
      })),
    )
    .returning(['id', 'user_id', 'currency_id', 'amount', 'rate_to_uzs', 'amount_in_uzs', 'created_at'])
    .execute();
}

interface BalanceDelta {
  userId: number;
  currencyId: number;
  amount: DecimalValue;
}

/** Net change per (user, currency), sorted in the one lock order. */
export function balanceDeltas(entries: readonly LedgerEntry[]): BalanceDelta[] {
  const byKey = new Map<string, BalanceDelta>();
  for (const e of entries) {
    const key = `${e.userId}:${e.currencyId}`;
    const prior = byKey.get(key);
    if (prior) prior.amount = prior.amount.add(e.amount);
    else byKey.set(key, { userId: e.userId, currencyId: e.currencyId, amount: new D(e.amount) });
  }
  return [...byKey.values()].sort((a, b) => a.userId - b.userId || a.currencyId - b.currencyId);
}

/**
 * Keeps money_tx_counts (the by-user list's counts) equal to the rows, in one upsert whose rows
 * are sorted, so concurrent movements lock them in one order after their balances.
 */
async function bumpCounts(trx: Transaction<DB>, entries: readonly LedgerEntry[]) {
  const byKey = new Map<
    string,
    {
      user_id: number;
      currency_id: number;
      positive: boolean;
      tx_type: TxType;
      has_offer: boolean;
      n: number;
    }
  >();
  for (const e of entries) {
    const row = {
      user_id: e.userId,
      currency_id: e.currencyId,
      positive: new D(e.amount).gt(0),
      tx_type: e.txType,
      has_offer: e.offerId !== undefined && e.offerId !== null,
    };
    const key = `${row.user_id}:${row.currency_id}:${row.positive}:${row.tx_type}:${row.has_offer}`;
    const prior = byKey.get(key);
    if (prior) prior.n += 1;
    else byKey.set(key, { ...row, n: 1 });
  }
  const rows = [...byKey.values()].sort(
    (a, b) =>
      a.user_id - b.user_id ||
      a.currency_id - b.currency_id ||
      Number(a.positive) - Number(b.positive) ||
      a.tx_type.localeCompare(b.tx_type) ||
      Number(a.has_offer) - Number(b.has_offer),
  );
  await trx
    .insertInto('money_tx_counts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'currency_id', 'positive', 'tx_type', 'has_offer'])
        .doUpdateSet({ n: sql<number>`money_tx_counts.n + excluded.n` }),
    )
    .execute();
}

async function applyDelta(trx: Transaction<DB>, userId: number, currencyId: number, amount: DecimalValue) {
  const delta = fixedMoney(amount);
  if (amount.gt(0)) {
    // A credit may open the balance row; the upsert locks it like the debit below does.
    await sql`
      INSERT INTO balances (user_id, currency_id, on_hand) VALUES (${userId}, ${currencyId}, ${delta})
      ON CONFLICT (user_id, currency_id)
      DO UPDATE SET on_hand = balances.on_hand + EXCLUDED.on_hand, updated_at = now()`.execute(trx);
    return;
  }
  const debited = await sql<{ on_hand: string }>`
    UPDATE balances SET on_hand = on_hand + ${delta}, updated_at = now()
    WHERE user_id = ${userId} AND currency_id = ${currencyId} AND on_hand + ${delta} >= 0
    RETURNING on_hand`.execute(trx);
  if (debited.rows.length === 0) throw await shortfall(trx, userId, currencyId, amount.neg());
}

async function shortfall(trx: Transaction<DB>, userId: number, currencyId: number, needed: DecimalValue) {
  const row = await trx
    .selectFrom('currencies')
    .leftJoin('balances', (j) =>
      j.onRef('balances.currency_id', '=', 'currencies.id').on('balances.user_id', '=', userId),
    )
    .select(['currencies.code', 'balances.on_hand'])
    .where('currencies.id', '=', currencyId)
    .executeTakeFirst();
  const code = row?.code ?? String(currencyId);
  const onHand = fixedMoney(row?.on_hand ?? '0');
  return conflict(
    `${code} balansida mablag' yetarli emas: ${onHand} ${code} bor, ${fixedMoney(needed)} ${code} kerak.`,
  );
}
