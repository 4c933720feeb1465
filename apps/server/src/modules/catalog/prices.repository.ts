import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// Price types and the variants' prices (migrations/0026_price_types.sql; DESIGN.md section 19).

function priceTypeRows(db: Database, businessId: number) {
  return db
    .selectFrom('price_types as pt')
    .innerJoin('currencies as c', 'c.id', 'pt.currency_id')
    .select(['pt.id', 'pt.name', 'pt.currency_id', 'c.code as currency_code', 'pt.is_default'])
    .where('pt.business_id', '=', businessId);
}
export type PriceTypeRow = Awaited<ReturnType<ReturnType<typeof priceTypeRows>['executeTakeFirstOrThrow']>>;

/** The business's price types, the default first, then by name. */
export const listPriceTypes = (db: Database, businessId: number) =>
  priceTypeRows(db, businessId)
    .orderBy('pt.is_default', 'desc')
    .orderBy('pt.name')
    .orderBy('pt.id')
    .execute();

export const findPriceType = (db: Database, businessId: number, id: number) =>
  priceTypeRows(db, businessId).where('pt.id', '=', id).executeTakeFirst();

/** Locks the business's price types (a change of the default takes turns with another). */
export async function lockPriceTypes(db: Database, businessId: number) {
  return db
    .selectFrom('price_types')
    .select(['id', 'is_default', 'currency_id'])
    .where('business_id', '=', businessId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertPriceType(
  db: Database,
  values: { business_id: number; name: string; currency_id: number; is_default: boolean },
) {
  const row = await db.insertInto('price_types').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePriceType(
  db: Database,
  businessId: number,
  id: number,
  values: { name?: string; currency_id?: number; is_default?: boolean },
) {
  await db
    .updateTable('price_types')
    .set({ ...values, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

/** Makes `id` the business's only default. */
export async function makeDefault(db: Database, businessId: number, id: number) {
  await db
    .updateTable('price_types')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('is_default', '=', true)
    .where('id', '<>', id)
    .execute();
  await updatePriceType(db, businessId, id, { is_default: true });
}

export async function hasPrices(db: Database, businessId: number, priceTypeId: number) {
  const row = await db
    .selectFrom('variant_prices')
    .select('variant_id')
    .where('business_id', '=', businessId)
    .where('price_type_id', '=', priceTypeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A variant's prices, by price type id. */
export async function pricesOf(
  db: Database,
  businessId: number,
  variantIds: readonly number[],
  priceTypeId?: number,
) {
  if (variantIds.length === 0) return [];
  let query = db
    .selectFrom('variant_prices')
    .select(['variant_id', 'price_type_id', 'price'])
    .where('business_id', '=', businessId)
    .where('variant_id', 'in', [...variantIds]);
  if (priceTypeId !== undefined) query = query.where('price_type_id', '=', priceTypeId);
  return query.orderBy('variant_id').orderBy('price_type_id').execute();
}

/**
 * The business's variants of `ids` with their prices: a row per price, or one row of nulls for a
 * variant without any (unknown ids and other businesses' left out), by variant and price type.
 */
export function pricesOfVariants(db: Database, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variants as v')
    .leftJoin('variant_prices as p', (join) =>
      join.onRef('p.business_id', '=', 'v.business_id').onRef('p.variant_id', '=', 'v.id'),
    )
    .select(['v.id as variant_id', 'p.price_type_id', 'p.price'])
    .where('v.business_id', '=', businessId)
    .where('v.id', 'in', [...ids])
    .orderBy('v.id')
    .orderBy('p.price_type_id')
    .execute();
}

/** Sets each (variant, price type)'s price, one statement. */
export async function upsertPrices(
  db: Database,
  prices: ReadonlyArray<{ business_id: number; variant_id: number; price_type_id: number; price: string }>,
) {
  if (prices.length === 0) return;
  await db
    .insertInto('variant_prices')
    .values([...prices])
    .onConflict((oc) =>
      oc.columns(['variant_id', 'price_type_id']).doUpdateSet((eb) => ({
        price: eb.ref('excluded.price'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/** Sets the prices given and removes those given as null, for one variant. */
export async function writePrices(
  db: Database,
  businessId: number,
  variantId: number,
  prices: ReadonlyArray<{ price_type: number; price: string | null }>,
) {
  const set = prices.filter((p): p is { price_type: number; price: string } => p.price !== null);
  const removed = prices.filter((p) => p.price === null).map((p) => p.price_type);
  await upsertPrices(
    db,
    set.map((p) => ({
      business_id: businessId,
      variant_id: variantId,
      price_type_id: p.price_type,
      price: p.price,
    })),
  );
  if (removed.length > 0)
    await db
      .deleteFrom('variant_prices')
      .where('business_id', '=', businessId)
      .where('variant_id', '=', variantId)
      .where('price_type_id', 'in', removed)
      .execute();
}

/** The price types a sale reads: the counterparty's (if any) and the business's default. */
export async function saleTypes(db: Database, businessId: number, counterpartyId: number | null) {
  const row = await db
    .selectFrom('businesses as b')
    .leftJoin('price_types as d', (j) => j.onRef('d.business_id', '=', 'b.id').on('d.is_default', '=', true))
    .leftJoin('counterparties as cp', (j) =>
      j.onRef('cp.business_id', '=', 'b.id').on('cp.id', '=', counterpartyId ?? 0),
    )
    .select(['d.id as default_id', 'd.currency_id as default_currency', 'cp.price_type_id'])
    .where('b.id', '=', businessId)
    .executeTakeFirst();
  return {
    default: row?.default_id ?? null,
    defaultCurrency: row?.default_currency ?? null,
    counterparty: row?.price_type_id ?? null,
  };
}

export function pricesInTypes(
  db: Database,
  businessId: number,
  variantIds: readonly number[],
  typeIds: readonly number[],
) {
  return db
    .selectFrom('variant_prices as vp')
    .innerJoin('price_types as pt', (join) =>
      join.onRef('pt.business_id', '=', 'vp.business_id').onRef('pt.id', '=', 'vp.price_type_id'),
    )
    .select(['vp.variant_id', 'vp.price_type_id', 'vp.price', 'pt.currency_id'])
    .where('vp.business_id', '=', businessId)
    .where('vp.variant_id', 'in', variantIds)
    .where('vp.price_type_id', 'in', typeIds)
    .execute();
}
