import { D, type DecimalValue, fixedMoney, type Message, money, msg } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TxType } from '../../db/tables/finance.ts';
import { type AppError, conflict, pgCodeOf } from '../../lib/errors.ts';
import { toStored } from '../../lib/texts.ts';

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
  /** A message the code writes, or a person's own words (an offer's reason). */
  reason: Message | string;
  offerId?: number | null;
  exchangeGroup?: string | null;
  /** The sale or purchase whose posting or reversal writes it (DESIGN.md section 19). */
  documentId?: number | null;
  createdBy: number | null;
  /** Only the demo seed back-dates history; every live movement is stamped now(). */
  createdAt?: Date;
}

/** A posted ledger row as postMoney returns it. */
export interface PostedEntry {
  id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  rate_to_uzs: string;
  amount_in_uzs: string;
  created_at: Date;
}

/**
 * A ledger entry as money_post (db/functions/60_money_post.sql) takes it: every amount a decimal
 * string. money_post computes the row's UZS amount, its one definition.
 */
export function ledgerRow(e: LedgerEntry) {
  if (new D(e.amount).isZero()) throw new Error('a ledger row never has a zero amount');
  const reason = toStored(e.reason);
  return {
    business_id: e.businessId,
    user_id: e.userId,
    currency_id: e.currencyId,
    amount: fixedMoney(e.amount),
    rate_to_uzs: e.rateToUzs,
    offer_id: e.offerId ?? null,
    reason: reason.text,
    reason_message: reason.message,
    tx_type: e.txType,
    exchange_group: e.exchangeGroup ?? null,
    created_by: e.createdBy,
    created_at: e.createdAt?.toISOString() ?? null,
    document_id: e.documentId ?? null,
  };
}

/**
 * The one way money moves, inside the caller's transaction (DESIGN.md section 3 "Money
 * ledger"): money_post appends the rows and changes the balances by the same sums, debits by
 * conditional UPDATEs in one lock order. A shortfall is a 409 and the transaction rolls back.
 * The API's money operations go through money_apply instead (money-apply.ts), which calls the
 * same money_post.
 */
export async function postMoney(
  trx: Transaction<DB>,
  entries: readonly LedgerEntry[],
): Promise<PostedEntry[]> {
  if (entries.length === 0) return [];
  const rows = JSON.stringify(entries.map(ledgerRow));
  try {
    const result = await sql<PostedEntry>`
      SELECT id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, created_at
      FROM money_post(${rows}::jsonb)`.execute(trx);
    return result.rows;
  } catch (err) {
    throw shortfallError(err) ?? err;
  }
}

/** money_post's shortfall (SQLSTATE BO409, kind "shortfall") as the API's 409, else null. */
export function shortfallError(err: unknown): AppError | null {
  const detail = moneyErrorDetail(err, 'BO409');
  if (detail?.kind !== 'shortfall') return null;
  const code = String(detail.code ?? detail.currency_id);
  // Amounts formatted for the reader when the answer is rendered, "25 520.75 USD" (DESIGN.md 16).
  const have = money(String(detail.on_hand), code);
  const need = money(String(detail.needed), code);
  return conflict(msg('errors.finance.insufficient_funds', { code, have, need }));
}

/** The JSON DETAIL of an error the money functions raised with `sqlstate`, else null. */
export function moneyErrorDetail(err: unknown, sqlstate: string): Record<string, unknown> | null {
  if (pgCodeOf(err) !== sqlstate) return null;
  const detail = (err as { detail?: unknown }).detail;
  try {
    return typeof detail === 'string' ? (JSON.parse(detail) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
