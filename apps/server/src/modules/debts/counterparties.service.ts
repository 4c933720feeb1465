import {
  type Counterparty,
  type CounterpartyCreateSchema,
  type CounterpartyFieldsSchema,
  type CounterpartyListQuery,
  type CounterpartyUpdateSchema,
  D,
  DEBTS_PAGE_SIZE,
  fixedMoney,
  isAdministrator,
  type Message,
  msg,
  type StatementLine,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findPriceTypeOf } from '../catalog/prices.service.ts';
import * as repo from './counterparties.repository.ts';
import { viewerOf } from './debts.service.ts';

// Counterparties (DESIGN.md section 12): every user of the business keeps them, administrators
// delete them; a counterparty's statement shows the debts the viewer sees. Apart from the debt
// book (debts.service.ts), as DESIGN.md section 15 asks.

type Deps_ = Pick<Deps, 'db' | 'clock'>;

function toCounterparty(r: Omit<repo.CounterpartyRow, 'total_count'>): Counterparty {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    phone: r.phone,
    tin: r.tin,
    note: r.note,
    price_type: r.price_type_id,
    open: r.open ?? [],
    overdue: r.overdue,
    created_at: r.created_at.toISOString(),
  };
}

export async function listCounterparties(deps: Deps_, actor: Actor, query: CounterpartyListQuery) {
  const page = parsePage(query.page);
  const rows = await repo.listCounterparties(
    deps.db,
    viewerOf(deps, actor),
    query,
    (page - 1) * DEBTS_PAGE_SIZE,
  );
  const paged = countedPage(rows, page, DEBTS_PAGE_SIZE);
  return { ...paged, results: paged.rows.map(toCounterparty) };
}

export async function getCounterparty(deps: Deps_, actor: Actor, id: number): Promise<Counterparty> {
  const row = await repo.findCounterparty(deps.db, viewerOf(deps, actor), id);
  if (!row) throw notFound();
  return toCounterparty(row);
}

/**
 * A counterparty's price type (DESIGN.md section 19): one of the business's, by id; another
 * business's or a missing one is a field error. Answers its name for the History line.
 */
async function priceTypeName(db: Database, actor: Actor, id: number): Promise<string> {
  const found = await findPriceTypeOf(db, actor.businessId, id);
  if (!found) throw fieldError('price_type', msg('errors.invalid_pk', { id }));
  return found.name;
}

/** The History line's price type: its name, or "none" when it was cleared. */
const priceTypeValue = (name: string | null): string | Message => name ?? msg('audit.debts.no_price_type');

export async function createCounterparty(
  deps: Deps_,
  actor: Actor,
  body: z.output<typeof CounterpartyCreateSchema>,
): Promise<Counterparty> {
  const { price_type, ...fields } = body;
  const id = await inTransaction(deps.db, async (trx) => {
    const priceType = price_type === null ? null : await priceTypeName(trx, actor, price_type);
    const row = await trx
      .insertInto('counterparties')
      .values({ business_id: actor.businessId, ...fields, price_type_id: price_type, created_by: actor.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditAs(trx, actor, {
      action: 'counterparty.create',
      entity: 'counterparty',
      entityId: row.id,
      summary:
        priceType === null
          ? msg('audit.debts.counterparty_added', { name: body.name })
          : msg('audit.debts.counterparty_added_price_type', { name: body.name, price_type: priceType }),
    });
    return row.id;
  });
  return getCounterparty(deps, actor, id);
}

export async function updateCounterparty(
  deps: Deps_,
  actor: Actor,
  id: number,
  body: z.output<typeof CounterpartyUpdateSchema>,
): Promise<Counterparty> {
  const { price_type, ...fields } = body;
  await inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('counterparties')
      .select('price_type_id')
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const newPriceType = price_type ? await priceTypeName(trx, actor, price_type) : null;
    const changed = await trx
      .updateTable('counterparties')
      .set({
        ...fields,
        ...(price_type !== undefined ? { price_type_id: price_type } : {}),
        updated_at: new Date(),
      })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirstOrThrow();
    await auditAs(trx, actor, {
      action: 'counterparty.update',
      entity: 'counterparty',
      entityId: id,
      summary:
        price_type !== undefined && price_type !== before.price_type_id
          ? msg('audit.debts.counterparty_updated_price_type', {
              name: changed.name,
              price_type: priceTypeValue(newPriceType),
            })
          : msg('audit.debts.counterparty_updated', { name: changed.name }),
    });
  });
  return getCounterparty(deps, actor, id);
}

/** Administrators delete a counterparty without debts; with debts it is a 409 (DESIGN.md section 12). */
export async function deleteCounterparty(deps: Deps_, actor: Actor, id: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom('counterparties')
      .select('name')
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (!isAdministrator(actor.role)) throw forbidden();
    const debts = await repo.countDebtsOf(trx, actor.businessId, id);
    if (debts > 0) throw conflict(msg('errors.debts.counterparty_has_debts', { name: row.name, debts }));
    await trx
      .deleteFrom('counterparties')
      .where('business_id', '=', actor.businessId)
      .where('id', '=', id)
      .execute();
    await auditAs(trx, actor, {
      action: 'counterparty.delete',
      entity: 'counterparty',
      entityId: id,
      summary: msg('audit.debts.counterparty_deleted', { name: row.name }),
    });
  });
}

/** A counterparty's debts and payments with the running balance per currency (they owe us: +). */
export async function counterpartyStatement(deps: Deps_, actor: Actor, id: number): Promise<StatementLine[]> {
  const viewer = viewerOf(deps, actor);
  if (!(await repo.counterpartyExists(deps.db, actor.businessId, id))) throw notFound();
  const balances = new Map<string, InstanceType<typeof D>>();
  return (await repo.statementRows(deps.db, viewer, id)).map((r) => {
    // A receivable raises what they owe us, its payment lowers it; a payable the other way round.
    const sign = (r.direction === 'RECEIVABLE') === (r.kind === 'DEBT') ? 1 : -1;
    const balance = (balances.get(r.currency_code) ?? new D(0)).plus(new D(r.amount).times(sign));
    balances.set(r.currency_code, balance);
    return {
      date: r.at.toISOString(),
      kind: r.kind,
      debt: r.debt,
      direction: r.direction,
      currency_code: r.currency_code,
      amount: fixedMoney(r.amount),
      balance: fixedMoney(balance),
      reason: r.reason,
      reason_message: r.reason_message,
    };
  });
}

/**
 * A counterparty brought in by an import (DESIGN.md section 17), in the caller's transaction: the
 * business's one with the same STIR, else the same name, is updated; otherwise one is made.
 */
export async function saveImportedCounterparty(
  trx: Database,
  actor: Actor,
  fields: z.output<typeof CounterpartyFieldsSchema>,
): Promise<{ id: number; created: boolean }> {
  const same = await repo.findSameCounterparty(trx, actor.businessId, fields.tin, fields.name);
  if (same) {
    await trx
      .updateTable('counterparties')
      .set({ ...fields, updated_at: new Date() })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', same)
      .execute();
    return { id: same, created: false };
  }
  const row = await trx
    .insertInto('counterparties')
    .values({ business_id: actor.businessId, ...fields, created_by: actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
