import type { UnitMeasure } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow } from '../../db/row-queries.ts';

// Units, sizes and colours: queries only, every one scoped to a business (DESIGN.md section 3).

export interface UnitValues {
  name: string;
  measure: UnitMeasure;
  fixed_rate_to_base: string;
}
export interface SizeValues {
  size: string;
  label: string;
}
export interface ColorValues {
  name: string;
  code: string;
}

const UNIT_COLUMNS = ['id', 'name', 'measure', 'fixed_rate_to_base'] as const;
const SIZE_COLUMNS = ['id', 'size', 'label'] as const;
const COLOR_COLUMNS = ['id', 'name', 'code'] as const;

// ---------------------------------------------------------------------------------------------
// Units

export function listUnits(db: Database, businessId: number) {
  return db
    .selectFrom('units')
    .select(UNIT_COLUMNS)
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
}
export function findUnit(db: Database, businessId: number, id: number) {
  return businessRow(db, 'units', UNIT_COLUMNS, businessId, id);
}
export function insertUnit(db: Database, businessId: number, values: UnitValues) {
  return db
    .insertInto('units')
    .values({ ...values, business_id: businessId })
    .returning(UNIT_COLUMNS)
    .executeTakeFirstOrThrow();
}
/** Updates in the business; undefined when the id is not there. */
export function updateUnit(db: Database, businessId: number, id: number, values: UnitValues) {
  return db
    .updateTable('units')
    .set(values)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(UNIT_COLUMNS)
    .executeTakeFirst();
}
export async function countProductsOfUnit(db: Database, businessId: number, unitId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Sizes

export function listSizes(db: Database, businessId: number) {
  return db
    .selectFrom('sizes')
    .select(SIZE_COLUMNS)
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
}
export function findSize(db: Database, businessId: number, id: number) {
  return businessRow(db, 'sizes', SIZE_COLUMNS, businessId, id);
}
export function insertSize(db: Database, businessId: number, values: SizeValues) {
  return db
    .insertInto('sizes')
    .values({ ...values, business_id: businessId })
    .returning(SIZE_COLUMNS)
    .executeTakeFirstOrThrow();
}
export function updateSize(db: Database, businessId: number, id: number, values: SizeValues) {
  return db
    .updateTable('sizes')
    .set(values)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(SIZE_COLUMNS)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Colours

export function listColors(db: Database, businessId: number) {
  return db
    .selectFrom('colors')
    .select(COLOR_COLUMNS)
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
}
export function findColor(db: Database, businessId: number, id: number) {
  return businessRow(db, 'colors', COLOR_COLUMNS, businessId, id);
}
export function insertColor(db: Database, businessId: number, values: ColorValues) {
  return db
    .insertInto('colors')
    .values({ ...values, business_id: businessId })
    .returning(COLOR_COLUMNS)
    .executeTakeFirstOrThrow();
}
export function updateColor(db: Database, businessId: number, id: number, values: ColorValues) {
  return db
    .updateTable('colors')
    .set(values)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(COLOR_COLUMNS)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Shared by the three

export type AttributeTable = 'units' | 'sizes' | 'colors';

/** Locks one row of the business for a delete; false when it is not there. */
export async function lockAttribute(db: Database, table: AttributeTable, businessId: number, id: number) {
  return (await businessRow(db, table, ['id'], businessId, id, { lock: true })) !== undefined;
}

/** Deletes a unit, size or colour and returns its row, for the audit's summary. */
export function deleteUnitRow(db: Database, businessId: number, id: number) {
  return db
    .deleteFrom('units')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(['name', 'measure'])
    .executeTakeFirstOrThrow();
}

export function deleteSizeRow(db: Database, businessId: number, id: number) {
  return db
    .deleteFrom('sizes')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(['size'])
    .executeTakeFirstOrThrow();
}

export function deleteColorRow(db: Database, businessId: number, id: number) {
  return db
    .deleteFrom('colors')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(['name', 'code'])
    .executeTakeFirstOrThrow();
}

export async function countVariantsUsing(
  db: Database,
  businessId: number,
  column: 'color_id' | 'size_id',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom('variants')
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
