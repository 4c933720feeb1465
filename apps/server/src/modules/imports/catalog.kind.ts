import { msg, type UnitMeasure } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { variantsBySku } from './imports.repository.ts';
import { chunks, type ImportKindRules, type ParsedRow, type Progress, resolveRows } from './kind.ts';

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

async function resolve(db: Database, actor: Actor, rows: ParsedRow<'catalog'>[]) {
  const [names, skus] = await Promise.all([
    namesOf(db, actor.businessId),
    variantsBySku(db, actor.businessId),
  ]);
  const skuLine = new Map<string, number>();
  const products = new Map<number, { line: number; sameAs: string }>();
  const newUnits = new Set<string>();
  return resolveRows(rows, (v, refuse, line) => {
    const firstSku = skuLine.get(v.sku);
    if (firstSku !== undefined) refuse('sku', msg('validation.import.duplicate_in_file', { line: firstSku }));
    else skuLine.set(v.sku, line);
    const sameAs = JSON.stringify([v.name, v.model, v.type, keyOf(v.unit)]);
    const product = products.get(v.code);
    if (!product) products.set(v.code, { line, sameAs });
    else if (product.sameAs !== sameAs)
      refuse('code', msg('validation.import.product_differs', { line: product.line }));
    const unitKnown = names.units.has(keyOf(v.unit)) || newUnits.has(keyOf(v.unit));
    if (!unitKnown && !v.measure) refuse('measure', msg('validation.import.new_unit_needs_measure'));
    if (!unitKnown && v.measure) newUnits.add(keyOf(v.unit));
    return { action: skus.has(v.sku) ? 'update' : 'create', data: { ...v } };
  });
}

type CatalogData = ParsedRow<'catalog'>['value'];

/** Units, colours and sizes the rows name that the business lacks, made; every name's id. */
async function ensureNames(trx: Database, businessId: number, rows: CatalogData[]) {
  const names = await namesOf(trx, businessId);
  const missing = (map: Map<string, number>, list: Array<string | undefined>) => {
    const out = new Map<string, string>();
    for (const n of list) if (n && !map.has(keyOf(n)) && !out.has(keyOf(n))) out.set(keyOf(n), n);
    return [...out.values()];
  };
  // A new unit's measure is the first one a row of it gives (staging made sure one does).
  const measureOf = new Map<string, UnitMeasure>();
  for (const r of rows)
    if (r.measure && !measureOf.has(keyOf(r.unit))) measureOf.set(keyOf(r.unit), r.measure);
  const business_id = businessId;
  const newUnits = missing(
    names.units,
    rows.map((r) => r.unit),
  ).map((name) => ({
    business_id,
    name,
    measure: measureOf.get(keyOf(name)) ?? 'D',
    fixed_rate_to_base: '0',
  }));
  const newColors = missing(
    names.colors,
    rows.map((r) => r.color),
  ).map((name) => ({ business_id, name, code: NEW_COLOR_CODE }));
  const newSizes = missing(
    names.sizes,
    rows.map((r) => r.size),
  ).map((size) => ({ business_id, size, label: '' }));
  if (newUnits.length) await trx.insertInto('units').values(newUnits).execute();
  if (newColors.length) await trx.insertInto('colors').values(newColors).execute();
  if (newSizes.length) await trx.insertInto('sizes').values(newSizes).execute();
  return newUnits.length + newColors.length + newSizes.length ? namesOf(trx, businessId) : names;
}

/** Each product code's id: the business's product of that code, else a new product. */
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
    .orderBy('id')
    .execute();
  const idOf = new Map<number, number>();
  for (const p of existing) if (!idOf.has(p.code) && firstOf.has(p.code)) idOf.set(p.code, p.id);
  const fields = (r: CatalogData) => ({
    name: r.name,
    model: r.model,
    type: r.type,
    unit_id: unitId(r.unit),
  });
  for (const part of chunks(
    [...idOf].map(([code, id]) => ({ id, ...fields(firstOf.get(code) as CatalogData) })),
  )) {
    await sql`
      UPDATE products p SET name = r.name, model = r.model, type = r.type, unit_id = r.unit_id, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(id int, name text, model text, type text, unit_id int)
      WHERE p.id = r.id`.execute(trx);
  }
  const fresh = [...firstOf.values()].filter((r) => !idOf.has(r.code));
  for (const part of chunks(fresh)) {
    const made = await trx
      .insertInto('products')
      .values(part.map((r) => ({ business_id: businessId, code: r.code, ...fields(r) })))
      .returning(['id', 'code'])
      .execute();
    for (const p of made) idOf.set(p.code, p.id);
  }
  return idOf;
}

async function post(
  trx: Transaction<DB>,
  actor: Actor,
  _importId: number,
  data: Array<Record<string, unknown>>,
  done: Progress,
) {
  const rows = data as unknown as CatalogData[];
  const names = await ensureNames(trx, actor.businessId, rows);
  const idIn = (map: Map<string, number>, name: string | undefined) =>
    name === undefined ? null : (map.get(keyOf(name)) ?? null);
  const products = await ensureProducts(trx, actor.businessId, rows, (n) => idIn(names.units, n) as number);
  let created = 0;
  let written = 0;
  for (const part of chunks(rows)) {
    const upserted = await trx
      .insertInto('variants')
      .values(
        part.map((r) => ({
          business_id: actor.businessId,
          product_id: products.get(r.code) as number,
          sku: r.sku,
          color_id: idIn(names.colors, r.color),
          size_id: idIn(names.sizes, r.size),
          min_qty: r.min_qty,
        })),
      )
      .onConflict((oc) =>
        oc.constraint('variants_sku_unique').doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          color_id: eb.ref('excluded.color_id'),
          size_id: eb.ref('excluded.size_id'),
          min_qty: eb.ref('excluded.min_qty'),
          updated_at: sql`now()`,
        })),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    created += upserted.filter((w) => w.inserted).length;
    written += part.length;
    await done(written);
  }
  return { created, updated: rows.length - created };
}

export const catalogImport: ImportKindRules<'catalog'> = {
  resolve,
  post,
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
    },
  ],
};
