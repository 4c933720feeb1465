import { IN_STORE_MAX_ITEM, inStoreCode, type ProductType, type VariantRef } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow, rowExists } from '../../db/row-queries.ts';
import { variantLabelSql, variantSizeLabelSql, variantsWithParts } from '../../db/variant-label.ts';

// Products and variants: queries only, every one scoped to a business (DESIGN.md section 3,
// Tenancy). Units, sizes and colours are in attributes.repository.ts.

// ---------------------------------------------------------------------------------------------
// Products

function productRows(db: Database, businessId: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('units as u', 'u.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.model', 'p.code', 'p.unit_id', 'u.name as unit_name', 'p.type'])
    .where('p.business_id', '=', businessId);
}
export type ProductRow = Awaited<ReturnType<ReturnType<typeof productRows>['executeTakeFirstOrThrow']>>;

export function listProducts(db: Database, businessId: number, type?: ProductType): Promise<ProductRow[]> {
  let query = productRows(db, businessId);
  if (type) query = query.where('p.type', '=', type);
  return query.orderBy('p.id').execute();
}

export function findProduct(db: Database, businessId: number, id: number): Promise<ProductRow | undefined> {
  return productRows(db, businessId).where('p.id', '=', id).executeTakeFirst();
}

export interface ProductValues {
  name: string;
  model: string;
  code: number;
  unit_id: number;
  type: ProductType;
}

export async function insertProduct(db: Database, businessId: number, values: ProductValues) {
  const row = await db
    .insertInto('products')
    .values({ ...values, business_id: businessId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the product row for the rest of the transaction; undefined when not in the business. */
export function lockProduct(db: Database, businessId: number, id: number) {
  return businessRow(db, 'products', ['id', 'name', 'model'], businessId, id, { lock: true });
}

export async function updateProduct(
  db: Database,
  businessId: number,
  id: number,
  values: Partial<ProductValues>,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...values, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(db: Database, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('products').where('business_id', '=', businessId).where('id', '=', id).execute();
}

export async function countVariantsOfProduct(
  db: Database,
  businessId: number,
  productId: number,
): Promise<number> {
  const row = await db
    .selectFrom('variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Variants

function variantRows(db: Database, businessId: number) {
  return variantsWithParts(db)
    .select([
      'v.id',
      'v.product_id',
      'v.sku',
      'v.color_id',
      'v.size_id',
      'v.min_qty',
      'v.barcode',
      'p.name as product_name',
      'p.model as product_model',
      'p.code as product_code',
      'c.name as color_name',
      'c.code as color_code',
      // The product's unit, so a quantity of the variant shows it (DESIGN.md section 16).
      'un.measure as unit',
      variantLabelSql.as('label'),
      variantSizeLabelSql.as('size_label'),
    ])
    .where('v.business_id', '=', businessId);
}
export type VariantRow = Awaited<ReturnType<ReturnType<typeof variantRows>['executeTakeFirstOrThrow']>>;

/** DESIGN.md section 4's variant object. */
export function toVariantRef(row: VariantRow): VariantRef {
  return {
    id: row.id,
    sku: row.sku,
    label: row.label,
    product: row.product_id,
    product_code: Number(row.product_code),
    color_name: row.color_name,
    color_code: row.color_code,
    size_label: row.size_label,
    unit: row.unit,
  };
}

/** The business's variants of `ids`, in id order (unknown ids left out). */
export function listVariantsById(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<VariantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return variantRows(db, businessId)
    .where('v.id', 'in', [...ids])
    .orderBy('v.id')
    .execute();
}

export function findVariant(db: Database, businessId: number, id: number): Promise<VariantRow | undefined> {
  return variantRows(db, businessId).where('v.id', '=', id).executeTakeFirst();
}

/**
 * The variant objects of `ids` in one business, for the stock and offer modules (DESIGN.md
 * section 4). Ids of other businesses or unknown ids are left out; order follows the ids.
 */
export async function loadVariantRefs(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<VariantRef[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await variantRows(db, businessId).where('v.id', 'in', unique).execute();
  const byId = new Map(rows.map((r) => [r.id, toVariantRef(r)]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** The same as loadVariantRefs, keyed by id. */
export async function loadVariantRefMap(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, VariantRef>> {
  return new Map((await loadVariantRefs(db, businessId, ids)).map((v) => [v.id, v]));
}

export function skuTaken(db: Database, businessId: number, sku: string, exceptId?: number) {
  return rowExists(db, 'variants', (eb) =>
    eb.and([
      eb('business_id', '=', businessId),
      eb('sku', '=', sku),
      ...(exceptId === undefined ? [] : [eb('id', '<>', exceptId)]),
    ]),
  );
}

/** The SKU of the business's variant with this barcode (other than `exceptId`), if one has it. */
export async function barcodeOwner(db: Database, businessId: number, barcode: string, exceptId?: number) {
  let query = db
    .selectFrom('variants')
    .select('sku')
    .where('business_id', '=', businessId)
    .where('barcode', '=', barcode);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.sku;
}

/** The id of the business's variant with this barcode, or with this SKU. */
export async function barcodeOwnerId(db: Database, businessId: number, barcode: string) {
  const row = await db
    .selectFrom('variants')
    .select('id')
    .where('business_id', '=', businessId)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
  return row?.id;
}

export async function skuOwnerId(db: Database, businessId: number, sku: string) {
  const row = await db
    .selectFrom('variants')
    .select('id')
    .where('business_id', '=', businessId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  return row?.id;
}

/** How the business reads its scales' weight codes (DESIGN.md section 18). */
export async function weightBarcodeMode(db: Database, businessId: number) {
  const row = await db
    .selectFrom('businesses')
    .select('weight_barcodes')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  return row.weight_barcodes;
}

/** The business's variants of `ids` with their barcodes, locked, in id order. */
export function lockVariantsById(db: Database, businessId: number, ids: readonly number[]) {
  return db
    .selectFrom('variants')
    .select(['id', 'sku', 'barcode'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Takes `count` in-store codes (DESIGN.md section 18) under the business row's lock: the next
 * item numbers after the last one given out, skipping a code some variant was given by hand; a
 * number is never given twice. Fewer than `count` left is null, and nothing is taken.
 */
export async function takeInStoreCodes(db: Database, businessId: number, count: number) {
  const { last_in_store_item: last } = await db
    .selectFrom('businesses')
    .select('last_in_store_item')
    .where('id', '=', businessId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const codes: string[] = [];
  let item = last;
  while (codes.length < count) {
    const wanted = count - codes.length;
    const first = item + 1;
    item = Math.min(item + wanted, IN_STORE_MAX_ITEM);
    if (first > item) return null;
    const candidates = Array.from({ length: item - first + 1 }, (_, i) => inStoreCode(first + i));
    const taken = await db
      .selectFrom('variants')
      .select('barcode')
      .where('business_id', '=', businessId)
      .where('barcode', 'in', candidates)
      .execute();
    const takenCodes = new Set(taken.map((t) => t.barcode));
    codes.push(...candidates.filter((c) => !takenCodes.has(c)));
  }
  await db.updateTable('businesses').set({ last_in_store_item: item }).where('id', '=', businessId).execute();
  return codes;
}

export interface VariantValues {
  product_id: number;
  sku: string;
  barcode: string | null;
  color_id: number | null;
  size_id: number | null;
  min_qty: string | null;
}

export async function insertVariant(db: Database, businessId: number, values: VariantValues) {
  const row = await db
    .insertInto('variants')
    .values({ ...values, business_id: businessId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function lockVariant(db: Database, businessId: number, id: number) {
  return db
    .selectFrom('variants')
    .select(['id', 'sku', 'product_id'])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateVariant(
  db: Database,
  businessId: number,
  id: number,
  values: Partial<Omit<VariantValues, 'product_id'>>,
): Promise<void> {
  await db
    .updateTable('variants')
    .set({ ...values, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

export async function deleteVariant(db: Database, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('variants').where('business_id', '=', businessId).where('id', '=', id).execute();
}

/**
 * Whether stock rows reference the variant (DESIGN.md section 3 "Stock"): every receipt, exit and
 * transfer writes a move, and a balance row may exist without one (lockBalances).
 */
export async function hasStockHistory(db: Database, businessId: number, variantId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('stock_moves')
              .select('id')
              .where('business_id', '=', businessId)
              .where('variant_id', '=', variantId),
          ),
          eb.exists(
            eb
              .selectFrom('stock_balances')
              .select('id')
              .where('business_id', '=', businessId)
              .where('variant_id', '=', variantId),
          ),
        ])
        .as('found'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.found);
}

/** How many offers name the variant in an item line (offer history: DESIGN.md section 3, Catalogue). */
export async function countOffersOfVariant(
  db: Database,
  businessId: number,
  variantId: number,
): Promise<number> {
  const row = await db
    .selectFrom('offer_item_lines')
    .select(sql<number>`count(DISTINCT offer_id)`.as('n'))
    .where('business_id', '=', businessId)
    .where('variant_id', '=', variantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
