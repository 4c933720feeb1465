import type { ImportKind } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow } from '../../db/row-queries.ts';
import type { StoredImportError } from '../../db/tables/imports.ts';

// The staged imports (migrations/0023_imports.sql) and the look-ups that resolve a row's words
// (a department's e-mail or code, a currency's code) to ids (DESIGN.md section 17).

export interface NewImport {
  businessId: number;
  kind: ImportKind;
  columns: string[];
  rowCount: number;
  validCount: number;
  errors: StoredImportError[];
  rows: Array<Record<string, unknown>>;
  preview: Array<Record<string, string>>;
  createdBy: number;
}

export async function insertImport(db: Database, i: NewImport): Promise<number> {
  const row = await db
    .insertInto('imports')
    .values({
      business_id: i.businessId,
      kind: i.kind,
      columns: JSON.stringify(i.columns),
      row_count: i.rowCount,
      valid_count: i.validCount,
      errors: JSON.stringify(i.errors),
      rows_data: JSON.stringify(i.rows),
      preview: JSON.stringify(i.preview),
      created_by: i.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const SUMMARY = [
  'id',
  'kind',
  'status',
  'columns',
  'row_count',
  'valid_count',
  'errors',
  'preview',
  'result',
  'created_at',
  'posted_at',
] as const;

/** An import of the business without its rows (they can be long). */
export const findImport = (db: Database, businessId: number, id: number) =>
  businessRow(db, 'imports', SUMMARY, businessId, id);
export type ImportRecord = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/** Locks the import for its commit: two commits of one import take turns. */
export const lockImport = (db: Database, businessId: number, id: number) =>
  businessRow(db, 'imports', ['id', 'kind', 'status', 'valid_count', 'errors', 'rows_data'], businessId, id, {
    lock: true,
  });

export async function markPosted(db: Database, id: number, result: { created: number; updated: number }) {
  await db
    .updateTable('imports')
    .set({ status: 'POSTED', result: JSON.stringify(result), posted_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Discards a staged import: its rows go, the record stays for History. */
export async function discardImport(db: Database, id: number) {
  await db
    .updateTable('imports')
    .set({ status: 'DISCARDED', rows_data: '[]' })
    .where('id', '=', id)
    .where('status', '=', 'STAGED')
    .execute();
}

/** The business's departments by e-mail (lower case) and by code. */
export async function departmentsByRef(db: Database, businessId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'code'])
    .where('business_id', '=', businessId)
    .where('is_active', '=', true)
    .execute();
  const byRef = new Map<string, number>();
  for (const r of rows) {
    if (r.code) byRef.set(r.code.trim().toLowerCase(), r.id);
    byRef.set(r.email.toLowerCase(), r.id);
  }
  return byRef;
}

/** The business's variants by SKU. */
export async function variantsBySku(db: Database, businessId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'sku'])
    .where('business_id', '=', businessId)
    .execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** The business's counterparties as an import knows them: `tin:<STIR>` and `name:<lower name>`. */
export async function sameCounterparties(db: Database, businessId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('counterparties')
    .select(['tin', 'name'])
    .where('business_id', '=', businessId)
    .execute();
  return new Set(
    rows.flatMap((r) => [`name:${r.name.trim().toLowerCase()}`, ...(r.tin ? [`tin:${r.tin}`] : [])]),
  );
}
