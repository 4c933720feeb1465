import type { LocationKind } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow, rowExists } from '../../db/row-queries.ts';

// Locations (DESIGN.md section 10): queries only, every one scoped to a business.

export interface LocationValues {
  name: string;
  kind: LocationKind;
  address: string;
  is_active: boolean;
}

const COLUMNS = ['id', 'name', 'kind', 'address', 'is_active'] as const;

export function listLocations(db: Database, businessId: number) {
  return db
    .selectFrom('locations')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The row, locked for the write that follows; undefined when it is not in the business. */
export function lockLocation(db: Database, businessId: number, id: number) {
  return businessRow(db, 'locations', COLUMNS, businessId, id, { lock: true });
}

/** Another location of the business with this name (names are unique in a business). */
export function nameTaken(db: Database, businessId: number, name: string, exceptId?: number) {
  return rowExists(db, 'locations', (eb) =>
    eb.and([
      eb('business_id', '=', businessId),
      eb('name', '=', name),
      ...(exceptId === undefined ? [] : [eb('id', '<>', exceptId)]),
    ]),
  );
}

export function insertLocation(db: Database, businessId: number, values: LocationValues) {
  return db
    .insertInto('locations')
    .values({ ...values, business_id: businessId })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateLocation(db: Database, businessId: number, id: number, values: LocationValues) {
  return db
    .updateTable('locations')
    .set(values)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteLocation(db: Database, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('locations').where('business_id', '=', businessId).where('id', '=', id).execute();
}

/** How many stock entries and exits of the business record this location's name. */
export async function countStockNaming(db: Database, businessId: number, name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM stock_entries WHERE business_id = ${businessId} AND location = ${name})
         + (SELECT count(*) FROM stock_exits WHERE business_id = ${businessId} AND location = ${name}) AS n`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}
