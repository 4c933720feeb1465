import { D, fixedQuantity, msg } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { notifyLowStock } from '../notifications/notifications.service.ts';

// The one stock ledger (DESIGN.md section 3 "Stock"), used by entries, exits and product offers.
// Every function runs inside the caller's transaction: a ledger row per lot touched, the lots,
// and the balance cache change together or not at all. Concurrency is the database's: a balance
// row is locked (conditional UPDATE or upsert) before its lots, so all writers of one department
// and variant take turns; several keys are locked in (department, variant) order.

export type Trx = Transaction<DB>;

export interface StockKey {
  departmentId: number;
  variantId: number;
}

export type ReceiveSource =
  | { kind: 'ENTRY'; entryId: number }
  | { kind: 'OFFER_IN'; offerId: number; sourceLotId: number };

export interface ReceiveInput extends StockKey {
  businessId: number;
  qty: string;
  unitCost: string;
  currencyId: number;
  source: ReceiveSource;
  /** Only the demo seed back-dates history (with the rate of its time); live lots are stamped now(). */
  at?: Date;
  rateToUzs?: string;
}

export type ConsumeReason = { kind: 'EXIT'; exitId: number } | { kind: 'OFFER_OUT'; offerId: number };

export interface ConsumeInput extends StockKey {
  businessId: number;
  qty: string;
  reason: ConsumeReason;
  /** Only the demo seed back-dates history; live moves are stamped now(). */
  at?: Date;
}

/** One lot an exit or a transfer consumed, and how much of it. */
export interface ConsumedLot {
  lotId: number;
  qty: string;
  unitCost: string;
  currencyId: number;
}

/** Adds a lot of `qty` to a department's stock: lot, ENTRY or OFFER_IN move, balance. */
export async function receiveLot(trx: Trx, input: ReceiveInput): Promise<{ lotId: number }> {
  const { businessId, departmentId, variantId, ...part } = input;
  const [lot] = await receiveLots(trx, { businessId, departmentId, variantId }, [part]);
  if (!lot) throw new Error('the received lot was not written');
  return lot;
}

/** One lot received: its quantity, cost and where it comes from. */
export type ReceivePart = Omit<ReceiveInput, keyof StockKey | 'businessId'>;

/**
 * Adds several lots of one variant to a department's stock in three statements whatever their
 * number: one balance change for their sum, the lots, and a move per lot.
 */
export async function receiveLots(
  trx: Trx,
  key: StockKey & { businessId: number },
  parts: readonly ReceivePart[],
): Promise<Array<{ lotId: number }>> {
  if (parts.length === 0) return [];
  const total = parts.reduce((sum, p) => sum.plus(p.qty), new D(0));
  await addToBalance(trx, key, fixedQuantity(total));
  const sourceOf = ({ source }: ReceivePart) => ({
    entry_id: source.kind === 'ENTRY' ? source.entryId : null,
    source_lot_id: source.kind === 'OFFER_IN' ? source.sourceLotId : null,
    offer_id: source.kind === 'OFFER_IN' ? source.offerId : null,
  });
  const lots = await trx
    .insertInto('stock_lots')
    .values(
      parts.map((p) => ({
        business_id: key.businessId,
        department_id: key.departmentId,
        variant_id: key.variantId,
        qty_received: p.qty,
        qty_remaining: p.qty,
        unit_cost: p.unitCost,
        currency_id: p.currencyId,
        ...sourceOf(p),
        ...(p.at ? { created_at: p.at } : {}),
        ...(p.rateToUzs ? { rate_to_uzs: p.rateToUzs } : {}),
      })),
    )
    .returning(['id', 'entry_id', 'source_lot_id'])
    .execute();
  // Matched by their source (an entry, or the sender's lot), not by the order RETURNING keeps.
  const lotIdOf = (p: ReceivePart) => {
    const { entry_id, source_lot_id } = sourceOf(p);
    const lot = lots.find((l) => l.entry_id === entry_id && l.source_lot_id === source_lot_id);
    if (!lot) throw new Error('a received lot was not written');
    return lot.id;
  };
  const lotIds = parts.map(lotIdOf);
  await trx
    .insertInto('stock_moves')
    .values(
      parts.map((p, i) => ({
        business_id: key.businessId,
        department_id: key.departmentId,
        variant_id: key.variantId,
        qty: p.qty,
        kind: p.source.kind,
        entry_id: sourceOf(p).entry_id,
        offer_id: sourceOf(p).offer_id,
        lot_id: lotIds[i] as number,
        ...(p.at ? { created_at: p.at } : {}),
      })),
    )
    .execute();
  return lotIds.map((lotId) => ({ lotId }));
}

export async function addToBalance(
  trx: Trx,
  key: StockKey & { businessId: number },
  qty: string,
): Promise<void> {
  await trx
    .insertInto('stock_balances')
    .values({
      business_id: key.businessId,
      department_id: key.departmentId,
      variant_id: key.variantId,
      qty_on_hand: qty,
    })
    .onConflict((oc) =>
      oc.columns(['department_id', 'variant_id']).doUpdateSet({
        qty_on_hand: sql`stock_balances.qty_on_hand + excluded.qty_on_hand`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Takes `qty` out of a department's stock, first-in first-out. The conditional UPDATE both
 * locks the balance row and refuses a shortfall (409 naming the variant and what is available).
 */
export async function consumeLots(trx: Trx, input: ConsumeInput): Promise<ConsumedLot[]> {
  const { businessId, departmentId, at, ...need } = input;
  const [taken] = await consumeManyLots(trx, { businessId, departmentId, at }, [need]);
  if (!taken) throw new Error('no lots were consumed');
  return taken;
}

/** One quantity a batch takes out of a department's stock, and why. */
export interface ConsumeNeed {
  variantId: number;
  qty: string;
  reason: ConsumeReason;
}

/**
 * Takes several quantities out of one department's stock, first-in first-out, in a fixed number
 * of statements whatever their number (a 40-line sale, DESIGN.md section 19): the balances by one
 * conditional UPDATE (a shortfall is a 409 naming the first short variant), the lots read once
 * and changed by one UPDATE, a move per lot taken. Needs of one variant take its lots in turn.
 * With more than one variant the caller has locked the balance rows in order (lockBalances).
 */
export async function consumeManyLots(
  trx: Trx,
  key: { businessId: number; departmentId: number; at?: Date | undefined },
  needs: readonly ConsumeNeed[],
): Promise<ConsumedLot[][]> {
  if (needs.length === 0) return [];
  const totals = new Map<number, InstanceType<typeof D>>();
  for (const n of needs) totals.set(n.variantId, (totals.get(n.variantId) ?? new D(0)).plus(n.qty));
  await takeFromBalances(trx, key, totals);
  const lots = await trx
    .selectFrom('stock_lots')
    .select(['id', 'variant_id', 'qty_remaining', 'unit_cost', 'currency_id'])
    .where('business_id', '=', key.businessId)
    .where('department_id', '=', key.departmentId)
    .where('variant_id', 'in', [...totals.keys()])
    .where('qty_remaining', '>', '0')
    .orderBy('variant_id')
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  const taken = pickForNeeds(lots, needs);
  const all = taken.flat();
  const byLot = new Map<number, InstanceType<typeof D>>();
  for (const t of all) byLot.set(t.lotId, (byLot.get(t.lotId) ?? new D(0)).plus(t.qty));
  await sql`UPDATE stock_lots AS l SET qty_remaining = l.qty_remaining - v.take
    FROM (VALUES ${sql.join([...byLot].map(([id, qty]) => sql`(${id}::int, ${fixedQuantity(qty)}::numeric)`))}) AS v(id, take)
    WHERE l.business_id = ${key.businessId} AND l.id = v.id`.execute(trx);
  await trx
    .insertInto('stock_moves')
    .values(
      needs.flatMap((need, i) =>
        (taken[i] ?? []).map((t) => ({
          business_id: key.businessId,
          department_id: key.departmentId,
          variant_id: need.variantId,
          qty: `-${t.qty}`,
          kind: need.reason.kind,
          exit_id: need.reason.kind === 'EXIT' ? need.reason.exitId : null,
          offer_id: need.reason.kind === 'OFFER_OUT' ? need.reason.offerId : null,
          lot_id: t.lotId,
          ...(key.at ? { created_at: key.at } : {}),
        })),
      ),
    )
    .execute();
  return taken;
}

/**
 * Takes each variant's total out of its balance by one conditional UPDATE: a shortfall is a 409
 * naming the first short variant. LOW_STOCK when a balance crosses its variant's min_qty.
 */
async function takeFromBalances(
  trx: Trx,
  key: { businessId: number; departmentId: number },
  totals: ReadonlyMap<number, InstanceType<typeof D>>,
): Promise<void> {
  const values = [...totals].map(
    ([variantId, qty]) => sql`(${variantId}::int, ${fixedQuantity(qty)}::numeric)`,
  );
  const updated = await sql<{
    variant_id: number;
    qty_on_hand: string;
    min_qty: string | null;
    took: string;
  }>`
    UPDATE stock_balances AS b SET qty_on_hand = b.qty_on_hand - v.qty, updated_at = now()
    FROM (VALUES ${sql.join(values)}) AS v(variant_id, qty)
    WHERE b.business_id = ${key.businessId} AND b.department_id = ${key.departmentId}
      AND b.variant_id = v.variant_id AND b.qty_on_hand >= v.qty
    RETURNING b.variant_id, b.qty_on_hand, v.qty AS took,
      (SELECT min_qty FROM variants WHERE business_id = b.business_id AND id = b.variant_id) AS min_qty`.execute(
    trx,
  );
  if (updated.rows.length < totals.size) {
    const done = new Set(updated.rows.map((r) => r.variant_id));
    const [variantId, qty] = [...totals].find(([id]) => !done.has(id)) ?? [];
    throw await shortfall(trx, key, variantId ?? 0, fixedQuantity(qty ?? 0));
  }
  // Every decrease of stock passes here (exits, documents, approved product offers): LOW_STOCK
  // when it crosses the variant's min_qty (DESIGN.md section 13).
  for (const row of updated.rows)
    await notifyLowStock(trx, {
      businessId: key.businessId,
      departmentId: key.departmentId,
      variantId: row.variant_id,
      before: fixedQuantity(new D(row.qty_on_hand).plus(row.took)),
      after: row.qty_on_hand,
      minQty: row.min_qty,
    });
}

/** Each need's lots, oldest first; needs of one variant take its lots in turn. */
function pickForNeeds(lots: ReadonlyArray<OpenLot & { variant_id: number }>, needs: readonly ConsumeNeed[]) {
  const open = new Map<number, OpenLot[]>();
  for (const lot of lots) open.set(lot.variant_id, [...(open.get(lot.variant_id) ?? []), { ...lot }]);
  return needs.map((need) => {
    const variantLots = open.get(need.variantId) ?? [];
    const picked = pickFifo(variantLots, need.qty);
    // What this need took is gone for the next need of the same variant.
    for (const t of picked) {
      const lot = variantLots.find((l) => l.id === t.lotId);
      if (lot) lot.qty_remaining = fixedQuantity(new D(lot.qty_remaining).minus(t.qty));
    }
    open.set(
      need.variantId,
      variantLots.filter((l) => new D(l.qty_remaining).gt(0)),
    );
    return picked;
  });
}

interface OpenLot {
  id: number;
  qty_remaining: string;
  unit_cost: string;
  currency_id: number;
}

/** Oldest lots first until `qty` is covered. */
export function pickFifo(lots: readonly OpenLot[], qty: string): ConsumedLot[] {
  let left = new D(qty);
  const taken: ConsumedLot[] = [];
  for (const lot of lots) {
    if (left.lte(0)) break;
    const take = D.min(left, lot.qty_remaining);
    taken.push({
      lotId: lot.id,
      qty: fixedQuantity(take),
      unitCost: lot.unit_cost,
      currencyId: lot.currency_id,
    });
    left = left.minus(take);
  }
  // The balance said there was enough: lots that disagree mean a broken invariant, not bad input.
  if (left.gt(0)) throw new Error('stock lots do not cover the balance; the ledger invariant is broken');
  return taken;
}

async function shortfall(
  trx: Trx,
  key: { businessId: number; departmentId: number },
  variantId: number,
  qty: string,
) {
  const row = await trx
    .selectFrom('variants')
    .leftJoin('stock_balances as b', (j) =>
      j
        .onRef('b.business_id', '=', 'variants.business_id')
        .onRef('b.variant_id', '=', 'variants.id')
        .on('b.department_id', '=', key.departmentId),
    )
    .select(['variants.sku', 'b.qty_on_hand'])
    .where('variants.business_id', '=', key.businessId)
    .where('variants.id', '=', variantId)
    .executeTakeFirst();
  const available = fixedQuantity(row?.qty_on_hand ?? '0');
  return conflict(
    msg('errors.inventory.insufficient_stock', {
      sku: row?.sku ?? variantId,
      available,
      fixedQuantity: fixedQuantity(qty),
    }),
  );
}

/**
 * Locks the balance rows of several keys in (department, variant) order, creating empty rows
 * where none exist yet, so two multi-line transfers never wait on each other in a cycle.
 */
export async function lockBalances(trx: Trx, businessId: number, keys: readonly StockKey[]): Promise<void> {
  if (keys.length === 0) return;
  // One statement: the rows are inserted or updated, and so locked, in the ORDER BY's order.
  const values = keys.map((k) => sql`(${k.departmentId}::int, ${k.variantId}::int)`);
  await sql`INSERT INTO stock_balances AS b (business_id, department_id, variant_id)
    SELECT DISTINCT ${businessId}::int, k.department_id, k.variant_id
    FROM (VALUES ${sql.join(values)}) AS k(department_id, variant_id)
    ORDER BY 2, 3
    ON CONFLICT (department_id, variant_id) DO UPDATE SET qty_on_hand = b.qty_on_hand`.execute(trx);
}
