import {
  businessDay,
  D,
  DEBTS_PAGE_SIZE,
  type Debt,
  type DebtCreateSchema,
  type DebtListQuery,
  type DebtPayment,
  type DebtPaymentCreateSchema,
  fixedMoney,
  type Message,
  money,
  msg,
  seesEveryDebt,
} from '@app/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import { jsonOf, toStored } from '../../lib/texts.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { postMoney, resolveCurrency } from '../finance/finance.service.ts';
import { counterpartyExists } from './counterparties.repository.ts';
import * as repo from './debts.repository.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { type AgeingDbRow, ageingRows, overdueDebts } from './debts.repository.ts';

// Counterparties and the debt book, nasiya (DESIGN.md section 12). Every user of the business
// keeps counterparties, administrators delete them; viewers of the whole business and the Kassir
// see every debt, everyone else their own department's. Payments are money: a DEBT ledger row.

type Deps_ = Pick<Deps, 'db' | 'clock'>;

export function viewerOf(deps: Pick<Deps, 'clock'>, actor: Actor): repo.DebtViewer {
  return {
    businessId: actor.businessId,
    departmentId: seesEveryDebt(actor.role) ? null : actor.id,
    today: businessDay(deps.clock()),
  };
}

const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- debts

/** A generated reason's message (migration 0022), rendered for the reader by the routes (`readable`). */
type WithReasonMessage<T> = T & { reason_message: Message | null };

export function toDebt(r: repo.DebtRow): WithReasonMessage<Debt> {
  return {
    id: r.id,
    counterparty: { id: r.counterparty_id, name: r.counterparty_name },
    department: { id: r.department_id, email: r.department_email },
    direction: r.direction,
    currency: r.currency_id,
    currency_code: r.currency_code,
    amount: fixedMoney(r.amount),
    paid: fixedMoney(r.paid),
    remaining: r.remaining,
    due_date: r.due_date,
    status: r.status,
    reason: r.reason,
    reason_message: r.reason_message,
    stock_exit: r.stock_exit_id,
    stock_entry: r.stock_entry_id,
    created_at: iso(r.created_at),
  };
}

export async function listDebts(deps: Deps_, actor: Actor, query: DebtListQuery) {
  const page = parsePage(query.page);
  const viewer = viewerOf(deps, actor);
  const { page: _, ...filter } = query;
  const [rows, totals] = await Promise.all([
    repo.listDebts(deps.db, viewer, filter, (page - 1) * DEBTS_PAGE_SIZE),
    repo.debtTotals(deps.db, viewer, filter),
  ]);
  const paged = countedPage(rows, page, DEBTS_PAGE_SIZE);
  return { ...paged, results: paged.rows.map(toDebt), totals };
}

export async function getDebt(deps: Deps_, actor: Actor, id: number): Promise<Debt> {
  const row = await repo.findDebt(deps.db, viewerOf(deps, actor), id);
  if (!row) throw notFound();
  return toDebt(row);
}

/** A counterparty of the actor's business, or a field error (another business's is as good as missing). */
export async function requireCounterparty(db: Database, businessId: number, id: number): Promise<void> {
  if (!(await counterpartyExists(db, businessId, id)))
    throw fieldError('counterparty', msg('errors.invalid_pk', { id }));
}

/**
 * A new debt's History line: each combination a whole text, in one expression so the texts'
 * check reads all four (@app/shared texts).
 */
const debtSummary = (direction: NewDebt['direction'], amount: string, due: string | null) =>
  direction === 'RECEIVABLE'
    ? due
      ? msg('audit.debts.on_credit_owed_us_due', { amount, due })
      : msg('audit.debts.on_credit_owed_us', { amount })
    : due
      ? msg('audit.debts.on_credit_we_owe_due', { amount, due })
      : msg('audit.debts.on_credit_we_owe', { amount });

export interface NewDebt {
  counterpartyId: number;
  direction: 'RECEIVABLE' | 'PAYABLE';
  currencyId: number;
  amount: string;
  dueDate: string | null;
  /** A message the code writes (a sale on credit's), or the person's own words. */
  reason: Message | string;
  stockExitId?: number;
  stockEntryId?: number;
  /** The sale or purchase on credit that opens it (DESIGN.md section 19). */
  documentId?: number;
  /** The department that lent or owes; the actor's own when absent (an import names another). */
  departmentId?: number;
}

/**
 * Opens a debt of the actor's department inside the caller's transaction: a loan from POST
 * debts/, or a sale or purchase on credit in the stock forms' transaction (DESIGN.md section 12).
 */
export async function openDebt(trx: Database, actor: Actor, debt: NewDebt): Promise<number> {
  const reason = toStored(debt.reason);
  await requireCounterparty(trx, actor.businessId, debt.counterpartyId);
  const row = await trx
    .insertInto('debts')
    .values({
      business_id: actor.businessId,
      counterparty_id: debt.counterpartyId,
      department_id: debt.departmentId ?? actor.id,
      direction: debt.direction,
      currency_id: debt.currencyId,
      amount: debt.amount,
      due_date: debt.dueDate,
      reason: reason.text,
      reason_message: jsonOf(reason.message),
      stock_exit_id: debt.stockExitId ?? null,
      stock_entry_id: debt.stockEntryId ?? null,
      document_id: debt.documentId ?? null,
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditAs(trx, actor, {
    action: 'debt.create',
    entity: 'debt',
    entityId: row.id,
    summary: debtSummary(debt.direction, fixedMoney(debt.amount), debt.dueDate),
  });
  return row.id;
}

/**
 * Cancels the debt a document's posting opened, when its document is reversed (DESIGN.md section
 * 19): the debt is removed, since what was owed never was. `paid` when payments were taken on it:
 * the caller refuses the reversal (the payments are money already moved; they are returned or the
 * goods taken back first). `none` when the document opened no debt.
 */
export async function cancelDocumentDebt(
  trx: Database,
  actor: Actor,
  documentId: number,
): Promise<'none' | 'paid' | 'cancelled'> {
  const debt = await trx
    .selectFrom('debts')
    .select(['id', 'paid', 'amount', 'direction', sql<string | null>`due_date::text`.as('due')])
    .where('business_id', '=', actor.businessId)
    .where('document_id', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!debt) return 'none';
  if (new D(debt.paid).gt(0)) return 'paid';
  await repo.deleteDebt(trx, actor.businessId, debt.id);
  await auditAs(trx, actor, {
    action: 'debt.cancel',
    entity: 'debt',
    entityId: debt.id,
    summary: debtSummary(debt.direction, fixedMoney(debt.amount), debt.due),
  });
  return 'cancelled';
}

/**
 * A return's refund on the returned document's debt (DESIGN.md section 20): the debt of that
 * direction lowered by `amount`, removed when nothing would be left and nothing was paid. False,
 * and nothing written, when there is no such debt or less than `amount` remains unpaid.
 */
export async function lowerDocumentDebt(
  trx: Database,
  actor: Actor,
  documentId: number,
  direction: NewDebt['direction'],
  amount: string,
): Promise<boolean> {
  const debt = await trx
    .selectFrom('debts')
    .select(['id', 'paid', 'amount', 'direction', sql<string | null>`due_date::text`.as('due')])
    .where('business_id', '=', actor.businessId)
    .where('document_id', '=', documentId)
    .where('direction', '=', direction)
    .forUpdate()
    .executeTakeFirst();
  if (!debt || new D(debt.amount).minus(debt.paid).lt(amount)) return false;
  const left = new D(debt.amount).minus(amount);
  if (left.isZero()) await repo.deleteDebt(trx, actor.businessId, debt.id);
  else
    await trx
      .updateTable('debts')
      .set({ amount: fixedMoney(left) })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', debt.id)
      .execute();
  await auditAs(trx, actor, {
    action: 'debt.lower',
    entity: 'debt',
    entityId: debt.id,
    summary: debtSummary(debt.direction, fixedMoney(left), debt.due),
  });
  return true;
}

/**
 * A return's reversal on the returned document's debt (DESIGN.md section 20): the debt raised
 * again by `amount`, or opened again as `reopen` when the return had removed it.
 */
export async function raiseDocumentDebt(
  trx: Database,
  actor: Actor,
  reopen: NewDebt & { documentId: number },
): Promise<void> {
  const debt = await trx
    .selectFrom('debts')
    .select(['id', 'amount', 'direction', sql<string | null>`due_date::text`.as('due')])
    .where('business_id', '=', actor.businessId)
    .where('document_id', '=', reopen.documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!debt) {
    await openDebt(trx, actor, reopen);
    return;
  }
  const amount = fixedMoney(new D(debt.amount).plus(reopen.amount));
  await trx
    .updateTable('debts')
    .set({ amount })
    .where('business_id', '=', actor.businessId)
    .where('id', '=', debt.id)
    .execute();
  await auditAs(trx, actor, {
    action: 'debt.raise',
    entity: 'debt',
    entityId: debt.id,
    summary: debtSummary(debt.direction, amount, debt.due),
  });
}

export async function createDebt(
  deps: Deps_,
  actor: Actor,
  body: z.output<typeof DebtCreateSchema>,
  scope: IdempotencyScope | null,
): Promise<Debt> {
  const id = await inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const currency = await resolveCurrency(trx, actor.businessId, body.currency);
      return openDebt(trx, actor, {
        counterpartyId: body.counterparty,
        direction: body.direction,
        currencyId: currency.id,
        amount: body.amount,
        dueDate: body.due_date,
        reason: body.reason_text,
      });
    }),
  );
  return getDebt(deps, actor, id);
}

/** The debt's department and the Kassir record payments (DESIGN.md section 12). */
function mayRecordPayment(actor: Actor, departmentId: number): boolean {
  return actor.id === departmentId || actor.role === 'Kassir';
}

function toPayment(r: repo.DebtPaymentRow): WithReasonMessage<DebtPayment> {
  return {
    id: r.id,
    debt: r.debt_id,
    amount: fixedMoney(r.amount),
    currency_code: r.currency_code,
    money_transaction: r.money_transaction_id,
    reason: r.reason,
    reason_message: r.reason_message,
    created_by: { id: r.created_by, email: r.email },
    created_at: iso(r.created_at),
  };
}

export async function listPayments(deps: Deps_, actor: Actor, debtId: number): Promise<DebtPayment[]> {
  await getDebt(deps, actor, debtId);
  return (await repo.listPayments(deps.db, actor.businessId, debtId)).map(toPayment);
}

/**
 * A payment of a debt (DESIGN.md section 12): at most what remains (409 beyond it), under the
 * debt's row lock so two payments racing never exceed it. A receivable's payment is money in, a
 * payable's money out (refused like any expense beyond the recorder's balance); either is one
 * DEBT ledger row on the recorder's balance, in the debt's currency at its rate in force.
 */
export async function payDebt(
  deps: Deps_,
  actor: Actor,
  debtId: number,
  body: z.output<typeof DebtPaymentCreateSchema>,
  scope: IdempotencyScope | null,
): Promise<DebtPayment> {
  const paymentId = await inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const visible = await repo.findDebt(trx, viewerOf(deps, actor), debtId);
      if (!visible) throw notFound();
      if (!mayRecordPayment(actor, visible.department_id)) throw forbidden();
      const debt = await repo.lockDebt(trx, actor.businessId, debtId);
      if (!debt) throw notFound();
      const remaining = new D(debt.amount).minus(debt.paid);
      if (remaining.isZero()) throw conflict(msg('errors.debts.debt_has_already_been_paid'));
      if (new D(body.amount).gt(remaining)) {
        // "25 520.75 USD" for the reader (DESIGN.md section 16), formatted when rendered.
        const left = money(fixedMoney(remaining), visible.currency_code);
        throw conflict(msg('errors.debts.payment_must_not_exceed_remaining', { left }));
      }
      const currency = await resolveCurrency(trx, actor.businessId, debt.currency_id);
      const reason =
        body.reason_text ||
        msg('reason.debt_payment', { debtId, counterparty_name: visible.counterparty_name });
      const [row] = await postMoney(trx, [
        {
          businessId: actor.businessId,
          userId: actor.id,
          currencyId: debt.currency_id,
          amount: debt.direction === 'RECEIVABLE' ? body.amount : `-${body.amount}`,
          rateToUzs: currency.rate_to_uzs,
          txType: 'DEBT',
          reason,
          createdBy: actor.id,
        },
      ]);
      if (!row) throw new Error('the ledger row was not written');
      await trx
        .updateTable('debts')
        .set({ paid: fixedMoney(new D(debt.paid).plus(body.amount)) })
        .where('business_id', '=', actor.businessId)
        .where('id', '=', debtId)
        .execute();
      const payment = await trx
        .insertInto('debt_payments')
        .values({
          business_id: actor.businessId,
          debt_id: debtId,
          amount: body.amount,
          money_transaction_id: row.id,
          reason: toStored(reason).text,
          reason_message: jsonOf(toStored(reason).message),
          created_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await auditAs(trx, actor, {
        action: 'debt.payment',
        entity: 'debt',
        entityId: debtId,
        summary: msg('audit.debts.debt_payment', {
          fixedMoney: fixedMoney(body.amount),
          currency_code: visible.currency_code,
          counterparty_name: visible.counterparty_name,
        }),
      });
      return payment.id;
    }),
  );
  const [payment] = (await repo.listPayments(deps.db, actor.businessId, debtId)).filter(
    (p) => p.id === paymentId,
  );
  if (!payment) throw new Error('the payment vanished');
  return toPayment(payment);
}
