import {
  creditAmount,
  D,
  fixedMoney,
  fixedQuantity,
  msg,
  STOCK_LIST_PAGE_SIZE,
  type StockEntry,
  type StockEntryCreateSchema,
  type StockEntryListQuery,
  type StockExit,
  type StockExitCreateSchema,
  type StockExitListQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import { cacheKey } from '../../lib/caches.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { fieldError } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { type NewDebt, openDebt } from '../debts/debts.service.ts';
import * as repo from './inventory.repository.ts';
import { consumeLots, receiveLot, type Trx } from './stock-ledger.ts';

export * as documentStock from './document-stock.ts';
// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export {
  applyOfferItems,
  type ReceivedShort,
  receiveOfferItems,
  type TransitLoss,
} from './inventory.offers.ts';
export { type OpeningLot, receiveOpeningStock } from './opening-stock.ts';

// Stock entries, exits and balances (DESIGN.md section 3 "Stock"). Each user is a department and
// sees only their own rows; the role rules sit in the routes' guards.

type EntryBody = z.output<typeof StockEntryCreateSchema>;
type ExitBody = z.output<typeof StockExitCreateSchema>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The debt a sale or a purchase on credit opens in its own transaction (DESIGN.md section 12):
 * the stock move and the debt land together or not at all. The body's credit rules
 * (StockExitBodySchema, StockEntryBodySchema) already asked for a counterparty and a price.
 */
async function openCreditDebt(
  trx: Trx,
  actor: Actor,
  body: { counterparty: number | null; currency: number; due_date: string | null },
  debt: Pick<NewDebt, 'direction' | 'amount' | 'reason' | 'stockExitId' | 'stockEntryId'>,
): Promise<void> {
  const price = debt.direction === 'RECEIVABLE' ? 'unit_price' : 'unit_cost';
  if (new D(debt.amount).isZero()) throw fieldError(price, msg('errors.inventory.amount_on_credit_rounds_0'));
  await openDebt(trx, actor, {
    ...debt,
    counterpartyId: body.counterparty ?? 0,
    currencyId: body.currency,
    dueDate: body.due_date,
  });
}

/** A variant of another business is as good as missing (DESIGN.md section 3 "Tenancy"). */
async function requireVariant(trx: Trx | Database, actor: Actor, variantId: number) {
  const variant = await repo.findBusinessVariant(trx, actor.businessId, variantId);
  if (!variant) throw fieldError('variant', msg('errors.invalid_pk', { id: variantId }));
  return variant;
}

/** A stock entry's History line (a whole text each way, for the translations, @app/shared texts). */
function entrySummary(
  type: string,
  sku: string,
  qty: string,
  cost: string,
  location: string | null | undefined,
) {
  return location ? `${type}: ${sku}, ${qty} x ${cost} (${location})` : `${type}: ${sku}, ${qty} x ${cost}`;
}

/** A stock exit's History line, with the lots it consumed. */
function exitSummary(
  type: string,
  sku: string,
  qty: string,
  location: string | null | undefined,
  lots: string,
) {
  return location
    ? msg('audit.inventory.exit_at_location', { type, sku, qty, location, lots })
    : msg('audit.inventory.exit', { type, sku, qty, lots });
}

/** A list of spec.md: every row; with `page`, one page of it (DESIGN.md section 16). */
export type StockList<T> = { all: T[] } | { page: number; lastPage: number; count: number; results: T[] };

/**
 * Loads a stock list whole, or (with `page`, parsed as DRF's) one page of it: `load` gets the row
 * window, and each row carries the whole list's count.
 */
async function stockList<R extends { total_count: number }, T>(
  page: string | undefined,
  load: (window: { offset: number; size: number } | undefined) => Promise<R[]>,
  to: (r: R) => T,
): Promise<StockList<T>> {
  if (page === undefined) return { all: (await load(undefined)).map(to) };
  const number = parsePage(page);
  const rows = await load({ offset: (number - 1) * STOCK_LIST_PAGE_SIZE, size: STOCK_LIST_PAGE_SIZE });
  const paged = countedPage(rows, number, STOCK_LIST_PAGE_SIZE);
  return { ...paged, results: paged.rows.map(to) };
}

export function listEntries(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: StockEntryListQuery,
): Promise<StockList<StockEntry>> {
  return stockList(
    query.page,
    (page) => repo.listEntries(deps.db, actor, query.ordering, { location: query.location, page }),
    toEntry,
  );
}

function toEntry(r: Awaited<ReturnType<typeof repo.listEntries>>[number]): StockEntry {
  return {
    id: r.id,
    department: r.department_id,
    variant: { id: r.variant_id, product: r.product_id, sku: r.sku, label: r.label, unit: r.unit },
    qty_received: fixedQuantity(r.qty_received),
    qty_remaining: fixedQuantity(r.qty_remaining),
    unit_cost: fixedMoney(r.unit_cost),
    currency: r.currency_id,
    currency_code: r.currency_code,
    type: r.type,
    location: r.location,
    reason_text: r.reason_text,
    created_at: iso(r.created_at),
  };
}

/** A receipt: the entry, its lot, an ENTRY move and the balance, once per Idempotency-Key. */
export function createEntry(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: EntryBody,
  scope: IdempotencyScope | null,
): Promise<StockEntry> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const variant = await requireVariant(trx, actor, body.variant);
      const entry = await trx
        .insertInto('stock_entries')
        .values({
          business_id: actor.businessId,
          department_id: actor.id,
          variant_id: body.variant,
          qty_received: body.qty_received,
          unit_cost: body.unit_cost,
          currency_id: body.currency,
          type: body.type,
          location: body.location,
          reason_text: body.reason_text,
          created_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await receiveLot(trx, {
        businessId: actor.businessId,
        departmentId: actor.id,
        variantId: body.variant,
        qty: body.qty_received,
        unitCost: body.unit_cost,
        currencyId: body.currency,
        source: { kind: 'ENTRY', entryId: entry.id },
      });
      if (body.on_credit)
        await openCreditDebt(trx, actor, body, {
          direction: 'PAYABLE',
          amount: creditAmount(body.qty_received, body.unit_cost),
          reason: msg('reason.purchase_on_credit_x', {
            sku: variant.sku,
            fixedQuantity: fixedQuantity(body.qty_received),
          }),
          stockEntryId: entry.id,
        });
      await auditAs(trx, actor, {
        action: 'stock_entry.create',
        entity: 'stock_entry',
        entityId: entry.id,
        summary: entrySummary(
          body.type,
          variant.sku,
          fixedQuantity(body.qty_received),
          fixedMoney(body.unit_cost),
          body.location,
        ),
      });
      const [row] = await repo.listEntries(trx, actor, '-created_at', { id: entry.id });
      if (!row) throw new Error('the new entry vanished');
      return toEntry(row);
    }),
  );
}

export function listExits(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: StockExitListQuery,
): Promise<StockList<StockExit>> {
  return stockList(
    query.page,
    (page) => repo.listExits(deps.db, actor, query.ordering, { location: query.location, page }),
    toExit,
  );
}

function toExit(r: Awaited<ReturnType<typeof repo.listExits>>[number]): StockExit {
  return {
    id: r.id,
    department: r.department_id,
    variant: { id: r.variant_id, product: r.product_id, sku: r.sku, label: r.label, unit: r.unit },
    qty_issued: fixedQuantity(r.qty_issued),
    unit_price: r.unit_price === null ? null : fixedMoney(r.unit_price),
    currency: r.currency_id,
    currency_code: r.currency_code,
    type: r.type,
    location: r.location,
    note: r.note,
    created_at: iso(r.created_at),
  };
}

/** An issue: consumes the department's lots first-in first-out; a shortfall is a 409. */
export function createExit(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: ExitBody,
  scope: IdempotencyScope | null,
): Promise<StockExit> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const variant = await requireVariant(trx, actor, body.variant);
      const exit = await trx
        .insertInto('stock_exits')
        .values({
          business_id: actor.businessId,
          department_id: actor.id,
          variant_id: body.variant,
          qty_issued: body.qty_issued,
          unit_price: body.unit_price,
          currency_id: body.currency,
          type: body.type,
          location: body.location,
          note: body.note,
          created_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lots = await consumeLots(trx, {
        businessId: actor.businessId,
        departmentId: actor.id,
        variantId: body.variant,
        qty: body.qty_issued,
        reason: { kind: 'EXIT', exitId: exit.id },
      });
      if (body.on_credit)
        await openCreditDebt(trx, actor, body, {
          direction: 'RECEIVABLE',
          amount: creditAmount(body.qty_issued, body.unit_price ?? '0'),
          reason: msg('reason.sale_on_credit_x', {
            sku: variant.sku,
            fixedQuantity: fixedQuantity(body.qty_issued),
          }),
          stockExitId: exit.id,
        });
      await auditAs(trx, actor, {
        action: 'stock_exit.create',
        entity: 'stock_exit',
        entityId: exit.id,
        summary: exitSummary(
          body.type,
          variant.sku,
          fixedQuantity(body.qty_issued),
          body.location,
          lots.map((l) => l.lotId).join(','),
        ),
      });
      const [row] = await repo.listExits(trx, actor, '-created_at', { id: exit.id });
      if (!row) throw new Error('the new exit vanished');
      return toExit(row);
    }),
  );
}

/** A department's stock answer, encoded once, and the version it was read at. */
export interface MyBalancesAnswer {
  version: string;
  body: Buffer;
}

/** What the server keeps of a department's stock: every balance row's text and version. */
interface Holding {
  rows: Map<number, { version: bigint; json: string | null }>;
  count: number;
  sum: bigint;
  maxVersion: bigint;
  /** Counts the rows merged, so a request knows whether another one changed them while it read. */
  generation: number;
  answer: MyBalancesAnswer | null;
}

/**
 * The balance rows of recently asked departments, one map per app (lib/caches.ts), up to
 * CACHE_ROWS rows in all (least recently asked out first). After one stock move the 3 MB answer
 * of a 10,000-variant department is rebuilt from the one changed row instead of read again from
 * PostgreSQL.
 *
 * Why the kept rows are the stock as it is: a request reads the rows changed since the highest
 * version held, with the department's (count, sum of versions), in one statement. The held rows
 * were one earlier snapshot's (no other request merged meanwhile: `generation`), so a row changed
 * since then has either a higher version than any held (it is read) or committed late with a
 * lower one; then the sums differ, since every change raises its row's version, and the request
 * reads every row again.
 */
type StockHoldings = Map<number, Holding>;
const stockHoldings = cacheKey<StockHoldings>('stockHoldings', () => new Map());
const CACHE_ROWS = 200_000;

/** My stock (every variant above zero) as ready JSON, with its version for the ETag. */
export async function myBalances(deps: Pick<Deps, 'db' | 'caches'>, actor: Actor): Promise<MyBalancesAnswer> {
  const byDepartment = deps.caches.of(stockHoldings);
  let held = byDepartment.get(actor.id);
  if (held) {
    const generation = held.generation;
    const read = await repo.balanceRowsSince(deps.db, actor, held.maxVersion);
    if (held.generation !== generation || byDepartment.get(actor.id) !== held) held = undefined;
    else {
      merge(held, read.rows);
      if (held.count !== read.count || held.sum !== read.sum) held = undefined;
    }
  }
  if (!held) {
    const all = await repo.balanceRowsSince(deps.db, actor, -1n);
    held = { rows: new Map(), count: 0, sum: 0n, maxVersion: -1n, generation: 0, answer: null };
    merge(held, all.rows);
  }
  byDepartment.delete(actor.id);
  byDepartment.set(actor.id, held);
  let rows = 0;
  for (const h of byDepartment.values()) rows += h.rows.size;
  for (const [department, h] of byDepartment) {
    if (rows <= CACHE_ROWS || department === actor.id) break;
    byDepartment.delete(department);
    rows -= h.rows.size;
  }
  if (!held.answer) {
    const texts = [...held.rows.entries()]
      .filter(([, row]) => row.json !== null)
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row.json);
    held.answer = { version: `${held.count}-${held.sum}`, body: Buffer.from(`[${texts.join(',')}]`) };
  }
  return held.answer;
}

function merge(held: Holding, rows: readonly repo.BalanceRowText[]): void {
  for (const row of rows) {
    const prior = held.rows.get(row.id);
    if (prior && prior.version >= row.version) continue;
    if (prior) held.sum -= prior.version;
    else held.count += 1;
    held.sum += row.version;
    held.rows.set(row.id, { version: row.version, json: row.json });
    if (row.version > held.maxVersion) held.maxVersion = row.version;
    held.answer = null;
    held.generation += 1;
  }
}
