import {
  fixedQuantity,
  msg,
  readWeightCode,
  type Variant,
  type VariantCreateSchema,
  type VariantListQuerySchema,
  type VariantUpdateSchema,
  weighedScan,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { type AppError, conflict, fieldError, notFound, pgCodeOf } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findColor, findSize } from './attributes.repository.ts';
import { auditCatalog, missingRef, pgConstraintOf, pgTableOf, SUBJECT_TEXTS } from './catalog.audit.ts';
import * as repo from './catalog.repository.ts';
import * as search from './variant-search.repository.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { loadVariantRefMap } from './catalog.repository.ts';

/**
 * The business's variant a scanned code names (DESIGN.md section 18, a stock count's scan): the
 * variant with this barcode, else the one with this SKU.
 */
export async function findVariantIdByCode(db: Database, businessId: number, code: string) {
  const byBarcode = await repo.barcodeOwnerId(db, businessId, code);
  return byBarcode ?? (await repo.skuOwnerId(db, businessId, code));
}

type VariantCreateInput = z.output<typeof VariantCreateSchema>;
type VariantUpdateInput = z.output<typeof VariantUpdateSchema>;
type VariantListInput = z.output<typeof VariantListQuerySchema>;

const SKU_TAKEN = msg('errors.catalog.variant_with_sku_already_exists');

/**
 * The variant object (its ref's fields and the rest). Added to the ref with Object.assign, not
 * spread into a new literal: V8 copies a spread object by a slow path, 6 us a row, which was 5%
 * of the variant search's time in Node (a picker's 20 rows at every keystroke).
 */
export function toVariant(row: repo.VariantRow): Variant {
  return Object.assign(repo.toVariantRef(row), {
    color: row.color_id,
    size: row.size_id,
    product_name: row.product_name,
    min_qty: row.min_qty === null ? null : fixedQuantity(row.min_qty),
    barcode: row.barcode,
  });
}

export async function loadVariant(db: Database, businessId: number, id: number): Promise<Variant> {
  const row = await repo.findVariant(db, businessId, id);
  if (!row) throw notFound();
  return toVariant(row);
}

/** Colour and size are optional; when given they must be rows of the same business. */
async function requireRefs(
  db: Database,
  businessId: number,
  refs: { color?: number | null | undefined; size?: number | null | undefined },
): Promise<void> {
  if (refs.color != null && !(await findColor(db, businessId, refs.color)))
    throw fieldError('color', missingRef(refs.color));
  if (refs.size != null && !(await findSize(db, businessId, refs.size)))
    throw fieldError('size', missingRef(refs.size));
}

/** The field error of a barcode another variant of the business has (DESIGN.md section 18). */
const barcodeTaken = (sku: string) => fieldError('barcode', msg('errors.catalog.barcode_taken', { sku }));

/** Refuses a barcode another variant has (the UNIQUE index decides a race: `withVariantRules`). */
async function requireFreeBarcode(
  db: Database,
  businessId: number,
  barcode: string | null | undefined,
  id?: number,
) {
  if (!barcode) return;
  const owner = await repo.barcodeOwner(db, businessId, barcode, id);
  if (owner !== undefined) throw barcodeTaken(owner);
}

/**
 * SKU and barcode unique in the business (DESIGN.md sections 3 and 18): checked first, the UNIQUE
 * indexes decide races, answered as the same field errors.
 */
export async function withVariantRules<T>(
  db: Database,
  businessId: number,
  work: () => Promise<T>,
  barcode?: string | null,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCodeOf(err) !== '23505') throw err;
    if (pgConstraintOf(err) === 'variants_barcode_unique')
      throw barcodeTaken(barcode ? ((await repo.barcodeOwner(db, businessId, barcode)) ?? barcode) : '');
    if (pgTableOf(err).includes('variants')) throw fieldError('sku', SKU_TAKEN);
    throw err;
  }
}

export async function listVariants(deps: Deps, actor: Actor, query: VariantListInput): Promise<Variant[]> {
  if (query.barcode !== undefined) return findByBarcode(deps.db, actor.businessId, query.barcode);
  const rows = await search.listVariants(deps.db, actor.businessId, query);
  return rows.map(toVariant);
}

/**
 * `?barcode=` (DESIGN.md section 18): the variant of the code, else, for a scale's weight code
 * when the business reads them, the variant of its item's in-store code with what it weighed
 * (kg) or the price it carries (UZS).
 */
async function findByBarcode(db: Database, businessId: number, code: string): Promise<Variant[]> {
  const exact = await search.listVariants(db, businessId, { barcode: code });
  if (exact.length > 0) return exact.map(toVariant);
  const weighed = readWeightCode(code);
  if (!weighed) return [];
  const mode = await repo.weightBarcodeMode(db, businessId);
  if (mode === 'off') return [];
  const [item] = await search.listVariants(db, businessId, { barcode: weighed.itemCode });
  if (!item) return [];
  return [{ ...toVariant(item), scanned: weighedScan(weighed, mode) }];
}

export function getVariant(deps: Deps, actor: Actor, id: number): Promise<Variant> {
  return loadVariant(deps.db, actor.businessId, id);
}

export function createVariant(deps: Deps, actor: Actor, input: VariantCreateInput): Promise<Variant> {
  return withVariantRules(
    deps.db,
    actor.businessId,
    () =>
      inTransaction(deps.db, async (trx) => {
        if (!(await repo.findProduct(trx, actor.businessId, input.product)))
          throw fieldError('product', missingRef(input.product));
        await requireRefs(trx, actor.businessId, input);
        if (await repo.skuTaken(trx, actor.businessId, input.sku)) throw fieldError('sku', SKU_TAKEN);
        await requireFreeBarcode(trx, actor.businessId, input.barcode);
        const id = await repo.insertVariant(trx, actor.businessId, {
          product_id: input.product,
          sku: input.sku,
          barcode: input.barcode,
          color_id: input.color,
          size_id: input.size,
          min_qty: input.min_qty,
        });
        await auditCatalog(
          trx,
          actor,
          'create',
          'variant',
          id,
          SUBJECT_TEXTS.variantOf(input.sku, input.product),
        );
        return loadVariant(trx, actor.businessId, id);
      }),
    input.barcode,
  );
}

export function updateVariant(
  deps: Deps,
  actor: Actor,
  id: number,
  input: VariantUpdateInput,
): Promise<Variant> {
  return withVariantRules(
    deps.db,
    actor.businessId,
    () =>
      inTransaction(deps.db, async (trx) => {
        if (!(await repo.lockVariant(trx, actor.businessId, id))) throw notFound();
        await requireRefs(trx, actor.businessId, input);
        if (input.sku !== undefined && (await repo.skuTaken(trx, actor.businessId, input.sku, id)))
          throw fieldError('sku', SKU_TAKEN);
        await requireFreeBarcode(trx, actor.businessId, input.barcode, id);
        const values = {
          ...(input.sku !== undefined ? { sku: input.sku } : {}),
          ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
          ...(input.color !== undefined ? { color_id: input.color } : {}),
          ...(input.size !== undefined ? { size_id: input.size } : {}),
          ...(input.min_qty !== undefined ? { min_qty: input.min_qty } : {}),
        };
        if (Object.keys(values).length > 0) await repo.updateVariant(trx, actor.businessId, id, values);
        await auditCatalog(trx, actor, 'update', 'variant', id, SUBJECT_TEXTS.changed(Object.keys(values)));
        return loadVariant(trx, actor.businessId, id);
      }),
    input.barcode,
  );
}

function stockHistoryConflict(sku: string): AppError {
  return conflict(msg('errors.catalog.cannot_delete_variant_has_stock', { sku }));
}

/** A variant with offer or stock history is refused, never cascaded (DESIGN.md section 3, Catalogue). */
export async function deleteVariant(deps: Deps, actor: Actor, id: number): Promise<void> {
  let sku = '';
  try {
    await inTransaction(deps.db, async (trx) => {
      const variant = await repo.lockVariant(trx, actor.businessId, id);
      if (!variant) throw notFound();
      sku = variant.sku;
      const offers = await repo.countOffersOfVariant(trx, actor.businessId, id);
      if (offers > 0) throw conflict(msg('errors.catalog.cannot_delete_variant_used_by', { sku, offers }));
      if (await repo.hasStockHistory(trx, actor.businessId, id)) throw stockHistoryConflict(sku);
      await repo.deleteVariant(trx, actor.businessId, id);
      await auditCatalog(trx, actor, 'delete', 'variant', id, sku);
    });
  } catch (err) {
    // Any other table that references variants (ON DELETE RESTRICT) holds history too.
    if (pgCodeOf(err) === '23503') {
      const table = pgTableOf(err);
      if (table.startsWith('offer'))
        throw conflict(msg('errors.catalog.cannot_delete_variant_used_by_offer', { sku }));
      if (table.startsWith('stock')) throw stockHistoryConflict(sku);
      throw conflict(
        msg('errors.catalog.cannot_delete_variant_other_records', { sku, table: table || 'history' }),
      );
    }
    throw err;
  }
}
