import {
  D,
  fixedQuantity,
  msg,
  STOCK_COUNT_MAX_LINES,
  type StockCountCounted,
  type StockCountVarianceLine,
  type StockCountVariances,
} from '@app/shared';
import { sql } from 'kysely';
import type { Actor } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findVariantIdByCode } from '../catalog/variants.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import type { DocDeps, Trx } from './document-kind.ts';
import { viewerOf } from './document-reading.ts';
import * as repo from './documents.repository.ts';
import { lockDraft, recordUpdate } from './documents.service.ts';
import { countVariances } from './stock-count-lines.ts';
import { stockCountKind } from './stock-counts.kind.ts';

// What a stock count does beyond the skeleton (DESIGN.md section 20): counted quantities typed
// per line, a scan that adds one, and every line's variance read at once before posting. Each
// change locks the count's header, so it never crosses its posting.

/** Every line's variance and value, and the totals (a draft's against the balances now). */
export async function readVariances(deps: DocDeps, actor: Actor, id: number): Promise<StockCountVariances> {
  const header = await repo.findSummary(deps.db, viewerOf(actor), 'STOCK_COUNT', id);
  if (!header) throw notFound();
  const lines = await repo.linesOf(deps.db, actor.businessId, id);
  const { adjustments: _, ...variances } = await countVariances(
    deps.db,
    { business_id: actor.businessId, department_id: header.department_id, status: header.status },
    lines,
  );
  return variances;
}

/**
 * Counted quantities typed per line (`null`: not counted again); a variant that is not a line
 * of the count is its entry's error, all named at once, and nothing changes.
 */
export async function setCounted(
  deps: DocDeps,
  actor: Actor,
  id: number,
  body: StockCountCounted,
): Promise<StockCountVariances> {
  await inTransaction(deps.db, async (trx) => {
    const header = await lockDraft(trx, actor, stockCountKind, id);
    const lines = await trx
      .selectFrom('document_lines')
      .select(['variant_id'])
      .where('business_id', '=', actor.businessId)
      .where('document_id', '=', id)
      .execute();
    const known = new Set(lines.map((l) => l.variant_id));
    const errors = Object.fromEntries(
      body.lines.flatMap((l, i) =>
        known.has(Number(l.variant))
          ? []
          : [[`lines.${i}.variant`, [msg('errors.stock_counts.not_in_count', { id: Number(l.variant) })]]],
      ),
    );
    const [first] = Object.values(errors);
    if (first?.[0]) throw badRequest(first[0], errors);
    const counted = new Map(body.lines.map((l) => [Number(l.variant), l.counted]));
    const values = [...counted].map(
      ([variant, qty]) =>
        sql`(${variant}::int, ${qty === null || qty === undefined ? null : fixedQuantity(String(qty))}::numeric)`,
    );
    await sql`UPDATE document_lines AS l SET counted_qty = v.counted
      FROM (VALUES ${sql.join(values)}) AS v(variant_id, counted)
      WHERE l.business_id = ${actor.businessId} AND l.document_id = ${id} AND l.variant_id = v.variant_id`.execute(
      trx,
    );
    await recordUpdate(trx, actor, stockCountKind, header);
  });
  return readVariances(deps, actor, id);
}

/**
 * A scan (DESIGN.md section 18's codes: a barcode, else a SKU) adds one to its line's counted
 * quantity. A variant not yet on the count is added with the balance now as its expected
 * quantity, if the count's scope covers it: a count of a product type refuses another type's.
 */
export async function scan(
  deps: DocDeps,
  actor: Actor,
  id: number,
  code: string,
  scope: IdempotencyScope | null,
): Promise<StockCountVarianceLine> {
  // With an Idempotency-Key, a scan sent again after a lost answer counts once.
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const header = await lockDraft(trx, actor, stockCountKind, id);
      const variantId = await findVariantIdByCode(trx, actor.businessId, code);
      if (variantId === undefined) throw notFound(msg('errors.stock_counts.unknown_code', { code }));
      const line = await trx
        .updateTable('document_lines')
        .set({ counted_qty: sql`coalesce(counted_qty, 0) + 1` })
        .where('business_id', '=', actor.businessId)
        .where('document_id', '=', id)
        .where('variant_id', '=', variantId)
        .returning('id')
        .executeTakeFirst();
      const lineId = line?.id ?? (await addScannedLine(trx, header, variantId));
      // The scanned line's variance only: a 5,000-line count is not read whole at every scan.
      const lines = (await repo.linesOf(trx, actor.businessId, id)).filter((l) => l.id === lineId);
      const [row] = (await countVariances(trx, header, lines)).lines;
      if (!row) throw new Error('the scanned line was not found');
      return row;
    }),
  );
}

/** A scanned variant the count has no line for: a new line counted once, if the scope allows. */
async function addScannedLine(trx: Trx, header: repo.HeaderRow, variantId: number): Promise<number> {
  const sku = await trx
    .selectFrom('variants')
    .select('sku')
    .where('business_id', '=', header.business_id)
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  if (
    header.count_scope === 'TYPE' &&
    (await documentStock.productTypeOf(trx, header.business_id, variantId)) !== header.count_product_type
  )
    throw conflict(msg('errors.stock_counts.out_of_scope', { sku: sku.sku }));
  const last = await trx
    .selectFrom('document_lines')
    .select([sql<number>`coalesce(max(line_no), 0)::int`.as('n'), sql<number>`count(*)::int`.as('count')])
    .where('business_id', '=', header.business_id)
    .where('document_id', '=', header.id)
    .executeTakeFirstOrThrow();
  if (last.count >= STOCK_COUNT_MAX_LINES)
    throw conflict(msg('errors.stock_counts.too_many_lines', { max: STOCK_COUNT_MAX_LINES }));
  const onHand = await documentStock.quantitiesOnHand(trx, header.business_id, header.department_id, [
    variantId,
  ]);
  const row = await trx
    .insertInto('document_lines')
    .values({
      business_id: header.business_id,
      document_id: header.id,
      line_no: last.n + 1,
      variant_id: variantId,
      qty: '0',
      price: '0',
      amount: '0',
      expected_qty: fixedQuantity(new D(onHand.get(variantId) ?? '0')),
      counted_qty: '1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
