import {
  type ExternalTransactionBodySchema,
  type ExternalTransactionResponse,
  fixedMoney,
  type Language,
  type MoneyTransaction,
  type MoneyTransactionsQuery,
  msg,
  TRANSACTIONS_PAGE_SIZE,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { parsePage } from '../../lib/pagination.ts';
import { storedText } from '../../lib/texts.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './finance.repository.ts';
import { postMoney } from './ledger.ts';
import * as txRepo from './transactions.repository.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { findCurrenciesByIds, recordRate } from './finance.repository.ts';
export { postMoney } from './ledger.ts';
export { applyMoney, OfferRuleViolation } from './money-apply.ts';

/** The business's currencies, each at its rate in force (DESIGN.md section 9). */
export async function listCurrencies(deps: Pick<Deps, 'db'>, actor: Actor) {
  return repo.listCurrencies(deps.db, actor.businessId);
}

export async function listMyBalances(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await repo.listBalances(deps.db, actor);
  return rows.map((b) => ({ id: b.id, currency: b.currency_id, currency_code: b.code, on_hand: b.on_hand }));
}

/**
 * One of the business's currencies, named by code (spec.md section 3) or by id; unknown, or not
 * the business's, is a field error.
 */
export async function resolveCurrency(db: Database, businessId: number, ref: string | number) {
  const currency =
    typeof ref === 'number'
      ? await repo.findCurrencyById(db, businessId, ref)
      : await repo.findCurrencyByCode(db, businessId, ref);
  if (!currency) throw fieldError('currency', msg('errors.finance.currency_not_found'));
  return currency;
}

type ExternalBody = z.output<typeof ExternalTransactionBodySchema>;

/**
 * The cashier's external income or expense (DESIGN.md section 3 "External transaction"): a
 * positive amount, the sign from is_income, on the cashier's own balance; an expense beyond the
 * balance is refused by the ledger with 409.
 */
export async function recordExternalTransaction(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: ExternalBody,
  idempotency: IdempotencyScope | null,
): Promise<ExternalTransactionResponse> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, idempotency, async () => {
      const currency = await resolveCurrency(trx, actor.businessId, body.currency);
      const amount = body.is_income ? body.amount : `-${body.amount}`;
      const [row] = await postMoney(trx, [
        {
          businessId: actor.businessId,
          userId: actor.id,
          currencyId: currency.id,
          amount,
          rateToUzs: currency.rate_to_uzs,
          txType: 'EXTERNAL',
          reason: body.reason_text,
          createdBy: actor.id,
        },
      ]);
      if (!row) throw new Error('the ledger row was not written');
      await auditAs(trx, actor, {
        action: body.is_income ? 'external.income' : 'external.expense',
        entity: 'money_transaction',
        entityId: row.id,
        summary: body.is_income
          ? msg('audit.finance.incoming_external', {
              fixedMoney: fixedMoney(amount),
              code: currency.code,
              reason_text: body.reason_text,
            })
          : msg('audit.finance.outgoing_external', {
              fixedMoney: fixedMoney(amount),
              code: currency.code,
              reason_text: body.reason_text,
            }),
      });
      return {
        id: row.id,
        department: actor.id,
        amount: row.amount,
        currency: currency.code,
        rate_to_uzs: row.rate_to_uzs,
        amount_in_uzs: row.amount_in_uzs,
        reason: body.reason_text,
        created_at: row.created_at.toISOString(),
      };
    }),
  );
}

export interface TransactionsPage {
  count: number;
  page: number;
  lastPage: number;
  results: MoneyTransaction[];
}

/** GET finance/money-transactions/by-user/ (DESIGN.md section 4): 20 a page, out of range 404. */
export async function listMyTransactions(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: MoneyTransactionsQuery,
  language: Language,
): Promise<TransactionsPage> {
  const page = parsePage(query.page);
  const { page: _page, ordering, ...filter } = query;
  const { count, ids } = await txRepo.countAndPageIds(
    deps.db,
    { businessId: actor.businessId, userId: actor.id },
    filter,
    ordering,
    (page - 1) * TRANSACTIONS_PAGE_SIZE,
    TRANSACTIONS_PAGE_SIZE,
  );
  const lastPage = Math.max(1, Math.ceil(count / TRANSACTIONS_PAGE_SIZE));
  if (page > lastPage) throw notFound(msg('errors.invalid_page'));
  const rows = await txRepo.transactionsByIds(deps.db, actor.businessId, ids);
  return {
    count,
    page,
    lastPage,
    results: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      currency: { id: r.currency_id, code: r.currency_code },
      rate_to_uzs: r.rate_to_uzs,
      amount_in_uzs: r.amount_in_uzs,
      offer: r.offer_id,
      reason: storedText(r.reason_message, r.reason, language),
      tx_type: r.tx_type,
      exchange_group: r.exchange_group,
      created_at: r.created_at.toISOString(),
    })),
  };
}
