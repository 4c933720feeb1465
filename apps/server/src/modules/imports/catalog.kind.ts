import { IMPORT_PRICE_PREFIX, IMPORT_PRICE_WORDS, msg, PriceInputSchema } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { issueMessage } from '../../lib/errors.ts';
import { listPriceTypes, setImportedPrices } from '../catalog/prices.service.ts';
import {
  barcodeOwners,
  namesToMake,
  repeatedRows,
  rowsDifferingFromFirst,
  rowsOfUnmeasuredUnits,
  variantsBySku,
} from './imports.repository.ts';
import {
  type ExtraColumns,
  headerKey,
  type ImportKindRules,
  type ParsedRow,
  refusalsOf,
  resolveRows,
} from './kind.ts';

// The catalogue's import (DESIGN.md section 17): a row is a variant and its product. A product is
// known by its code (rows with one code are one product), a variant by its SKU (an existing one
// is updated); units, colours and sizes are found by name, and made when new.

/** The colour a new colour gets until someone picks one on the Colours page. */
const NEW_COLOR_CODE = '#808080';

const keyOf = (name: string) => name.trim().toLowerCase();

async function namesOf(db: Database, businessId: number) {
  const [units, colors, sizes] = await Promise.all([
    db.selectFrom('units').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    db.selectFrom('colors').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    db.selectFrom('sizes').select(['id', 'size as name']).where('business_id', '=', businessId).execute(),
  ]);
  const byName = (rows: Array<{ id: number; name: string }>) =>
    new Map(rows.map((r) => [keyOf(r.name), r.id]));
  return { units: byName(units), colors: byName(colors), sizes: byName(sizes) };
}

/**
 * Resolves each batch of a file's rows: an existing SKU is updated. The keys the checks across
 * the file compare are stored with each row (a product's fields, a unit's name as compared).
 */
async function resolver(db: Database, actor: Actor) {
  const names = await namesOf(db, actor.businessId);
  return async (rows: ParsedRow<'catalog'>[]) => {
    const [skus, barcodes] = await Promise.all([
      variantsBySku(
        db,
        actor.businessId,
        rows.map((r) => r.value.sku),
      ),
      barcodeOwners(
        db,
        actor.businessId,
        rows.flatMap((r) => r.value.barcode ?? []),
      ),
    ]);
    return resolveRows(rows, (v, refuse) => {
      const owner = v.barcode ? barcodes.get(v.barcode) : undefined;
      if (owner !== undefined && owner !== v.sku)
        refuse('barcode', msg('errors.catalog.barcode_taken', { sku: owner }));
      return {
        action: skus.has(v.sku) ? 'update' : 'create',
        data: {
          ...v,
          product_fields: JSON.stringify([v.name, v.model, v.type, keyOf(v.unit)]),
          unit_key: keyOf(v.unit),
          new_unit: !names.units.has(keyOf(v.unit)),
        },
      };
    });
  };
}

/**
 * Across the file: a SKU or a barcode twice; a product code whose rows give another name, model,
 * type or unit than its first row; a unit the business lacks that no row gives a measure for.
 */
async function across(db: Database, businessId: number, importId: number) {
  const [twice, barcodesTwice, differing, unmeasured] = await Promise.all([
    repeatedRows(db, businessId, importId, 'sku'),
    repeatedRows(db, businessId, importId, 'barcode'),
    rowsDifferingFromFirst(db, businessId, importId, 'code', 'product_fields'),
    rowsOfUnmeasuredUnits(db, businessId, importId),
  ]);
  return [
    ...refusalsOf(twice, 'sku', (line) => msg('validation.import.duplicate_in_file', { line })),
    ...refusalsOf(barcodesTwice, 'barcode', (line) => msg('validation.import.barcode_twice', { line })),
    ...refusalsOf(differing, 'code', (line) => msg('validation.import.product_differs', { line })),
    ...refusalsOf(unmeasured, 'measure', () => msg('validation.import.new_unit_needs_measure')),
  ];
}

type CatalogData = ParsedRow<'catalog'>['value'] & { extras?: Record<string, string> };

/**
 * The units, colours and sizes the import names that the business lacks, made (a new unit's
 * measure is the first one a row of it gives; staging made sure one does); every name's id.
 */
async function ensureNames(trx: Database, businessId: number, importId: number) {
  const names = await namesOf(trx, businessId);
  const named = await namesToMake(trx, businessId, importId);
  // Compared as the code compares names (trimmed, lower case in JavaScript), not by SQL's lower().
  const fresh = (what: string, known: Map<string, number>) => {
    const out = new Map<string, (typeof named)[number]>();
    for (const n of named)
      if (n.what === what && !known.has(keyOf(n.name)) && !out.has(keyOf(n.name))) out.set(keyOf(n.name), n);
    return [...out.values()];
  };
  const business_id = businessId;
  const newUnits = fresh('unit', names.units).map((n) => ({
    business_id,
    name: n.name,
    measure: n.measure ?? 'D',
    fixed_rate_to_base: '0',
  }));
  const newColors = fresh('color', names.colors).map((n) => ({
    business_id,
    name: n.name,
    code: NEW_COLOR_CODE,
  }));
  const newSizes = fresh('size', names.sizes).map((n) => ({ business_id, size: n.name, label: '' }));
  if (newUnits.length) await trx.insertInto('units').values(newUnits).execute();
  if (newColors.length) await trx.insertInto('colors').values(newColors).execute();
  if (newSizes.length) await trx.insertInto('sizes').values(newSizes).execute();
  return newUnits.length + newColors.length + newSizes.length ? namesOf(trx, businessId) : names;
}

/** Each product code of the rows' id: the business's product of that code, else a new product. */
async function ensureProducts(
  trx: Database,
  businessId: number,
  rows: CatalogData[],
  unitId: (name: string) => number,
): Promise<Map<number, number>> {
  const firstOf = new Map<number, CatalogData>();
  for (const r of rows) if (!firstOf.has(r.code)) firstOf.set(r.code, r);
  const existing = await trx
    .selectFrom('products')
    .select(['id', 'code'])
    .where('business_id', '=', businessId)
    .where('code', 'in', [...firstOf.keys()])
    .orderBy('id')
    .execute();
  const idOf = new Map<number, number>();
  for (const p of existing) if (!idOf.has(p.code)) idOf.set(p.code, p.id);
  const fields = (r: CatalogData) => ({
    name: r.name,
    model: r.model,
    type: r.type,
    unit_id: unitId(r.unit),
  });
  const updated = [...idOf].map(([code, id]) => ({ id, ...fields(firstOf.get(code) as CatalogData) }));
  if (updated.length > 0)
    await sql`
      UPDATE products p SET name = r.name, model = r.model, type = r.type, unit_id = r.unit_id, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(updated)}::jsonb) AS r(id int, name text, model text, type text, unit_id int)
      WHERE p.business_id = ${businessId} AND p.id = r.id`.execute(trx);
  const fresh = [...firstOf.values()].filter((r) => !idOf.has(r.code));
  if (fresh.length > 0) {
    const made = await trx
      .insertInto('products')
      .values(fresh.map((r) => ({ business_id: businessId, code: r.code, ...fields(r) })))
      .returning(['id', 'code'])
      .execute();
    for (const p of made) idOf.set(p.code, p.id);
  }
  return idOf;
}

/** A price column's header: the price type's name, alone or after a word for price. */
const PRICE_HEADER = new RegExp(`^(?:${IMPORT_PRICE_WORDS.join('|')})\\s*:?\\s*(.+)$`);

/** A price column per price type of the business (DESIGN.md section 19), key `price:<id>`. */
async function extraColumns(db: Database, actor: Actor): Promise<ExtraColumns> {
  const types = await listPriceTypes({ db }, actor);
  const columnOf = (id: number) => `${IMPORT_PRICE_PREFIX}${id}`;
  const byName = new Map(types.map((t) => [headerKey(t.name), columnOf(t.id)]));
  const nameOf = new Map(types.map((t) => [columnOf(t.id), t.name]));
  return {
    keys: types.map((t) => columnOf(t.id)),
    match: (header) => byName.get(header) ?? byName.get(PRICE_HEADER.exec(header)?.[1] ?? '') ?? null,
    name: (key) => msg('export.import_column.price_of', { name: nameOf.get(key) ?? key }),
    check: (_key, text) => {
      const price = PriceInputSchema.safeParse(text);
      return price.success ? { value: price.data } : { error: issueMessage(price.error.issues[0]?.message) };
    },
  };
}

/** Makes the import's new names once; then each page's products and variants are written. */
async function poster(trx: Transaction<DB>, actor: Actor, importId: number) {
  const names = await ensureNames(trx, actor.businessId, importId);
  const idIn = (map: Map<string, number>, name: string | undefined) =>
    name === undefined ? null : (map.get(keyOf(name)) ?? null);
  return async (data: Array<Record<string, unknown>>) => {
    const rows = data as unknown as CatalogData[];
    const products = await ensureProducts(trx, actor.businessId, rows, (n) => idIn(names.units, n) as number);
    const upserted = await trx
      .insertInto('variants')
      .values(
        rows.map((r) => ({
          business_id: actor.businessId,
          product_id: products.get(r.code) as number,
          sku: r.sku,
          color_id: idIn(names.colors, r.color),
          size_id: idIn(names.sizes, r.size),
          min_qty: r.min_qty,
          barcode: r.barcode,
        })),
      )
      .onConflict((oc) =>
        oc.constraint('variants_sku_unique').doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          color_id: eb.ref('excluded.color_id'),
          size_id: eb.ref('excluded.size_id'),
          min_qty: eb.ref('excluded.min_qty'),
          barcode: eb.ref('excluded.barcode'),
          updated_at: sql`now()`,
        })),
      )
      .returning(['id', 'sku', sql<boolean>`xmax = 0`.as('inserted')])
      .execute();
    // The rows' prices (price columns), by the variant each row's SKU names.
    const idOf = new Map(upserted.map((v) => [v.sku, v.id]));
    await setImportedPrices(
      trx,
      rows.flatMap((r) =>
        Object.entries(r.extras ?? {}).map(([key, price]) => ({
          business_id: actor.businessId,
          variant_id: idOf.get(r.sku) as number,
          price_type_id: Number(key.slice(IMPORT_PRICE_PREFIX.length)),
          price,
        })),
      ),
    );
    const created = upserted.filter((w) => w.inserted).length;
    return { created, updated: rows.length - created };
  };
}

export const catalogImport: ImportKindRules<'catalog'> = {
  extraColumns,
  resolver,
  across,
  poster,
  samples: [
    {
      name: "Ko'ylak",
      model: 'KL-01',
      code: '1001',
      type: 'FINISHED',
      unit: 'dona',
      measure: 'D',
      sku: 'KL-01-OQ-M',
      color: 'Oq',
      size: 'M',
      min_qty: '5',
      barcode: '4780012345677',
    },
    {
      name: 'Paxta mato',
      model: 'PM-150',
      code: '2001',
      type: 'RAW',
      unit: 'metr',
      measure: 'M',
      sku: 'PM-150',
      color: '',
      size: '',
      min_qty: '',
      barcode: '',
    },
  ],
};
