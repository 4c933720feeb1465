import type { ImportKind, Message, UnitMeasure } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { ImportRowAction } from '../../db/enums.ts';
import { businessRow } from '../../db/row-queries.ts';
import type { StoredImportError } from '../../db/tables/imports.ts';

// The staged imports and their rows (migrations/0023_imports.sql, 0024_import_rows.sql) and the look-ups that resolve a row's words
// (a department's e-mail or code, a currency's code) to ids (DESIGN.md section 17).

/**
 * Starts an import: READING, its rows stored while the file is read (`storeRows`). An import a
 * stopped server left READING an hour ago is gone with its rows first.
 */
export async function startImport(
  db: Database,
  i: { businessId: number; kind: ImportKind; createdBy: number },
): Promise<number> {
  await db
    .deleteFrom('imports')
    .where('business_id', '=', i.businessId)
    .where('status', '=', 'READING')
    .where('created_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  const row = await db
    .insertInto('imports')
    .values({
      business_id: i.businessId,
      kind: i.kind,
      status: 'READING',
      columns: '[]',
      row_count: 0,
      valid_count: 0,
      errors: '[]',
      preview: '[]',
      created_by: i.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A row checked by its schema: its number, what posting does (none when refused), its data. */
export interface StagedRow {
  line: number;
  action: ImportRowAction | null;
  data: Record<string, unknown>;
}

/** Stores a batch of the file's rows, one statement. */
export async function storeRows(
  db: Database,
  businessId: number,
  importId: number,
  rows: readonly StagedRow[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('import_rows')
    .values(
      rows.map((r) => ({
        business_id: businessId,
        import_id: importId,
        line: r.line,
        action: r.action,
        data: JSON.stringify(r.data),
      })),
    )
    .execute();
}

/** The file is read and checked: STAGED with its counts, errors and preview. */
export async function finishStaging(
  db: Database,
  businessId: number,
  id: number,
  s: {
    columns: string[];
    columnNames: Record<string, Message>;
    rowCount: number;
    validCount: number;
    errors: StoredImportError[];
    preview: Array<Record<string, string>>;
  },
) {
  await db
    .updateTable('imports')
    .set({
      status: 'STAGED',
      columns: JSON.stringify(s.columns),
      column_names: JSON.stringify(s.columnNames),
      row_count: s.rowCount,
      valid_count: s.validCount,
      errors: JSON.stringify(s.errors),
      preview: JSON.stringify(s.preview),
    })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
  // An import with an error is never posted: its rows are not kept.
  if (s.errors.length > 0) await dropRows(db, businessId, id);
}

/** An import whose file could not be read: gone, with its rows. */
export async function forgetImport(db: Database, businessId: number, id: number) {
  await db
    .deleteFrom('imports')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('status', '=', 'READING')
    .execute();
}

const dropRows = (db: Database, businessId: number, importId: number) =>
  db
    .deleteFrom('import_rows')
    .where('business_id', '=', businessId)
    .where('import_id', '=', importId)
    .execute();

/**
 * The import's rows to post, a page of `size` at a time in `order` (an SQL expression over
 * `data` and `line`), read through a cursor of the caller's transaction: one page in memory.
 */
export async function* rowPages(
  trx: Database,
  businessId: number,
  importId: number,
  order: RawBuilder<unknown> = sql`line`,
  size = 1000,
): AsyncGenerator<Array<Record<string, unknown>>> {
  await sql`DECLARE import_rows_cursor NO SCROLL CURSOR FOR
    SELECT data FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId} ORDER BY ${order}`.execute(
    trx,
  );
  try {
    for (;;) {
      const page = await sql<{
        data: Record<string, unknown>;
      }>`FETCH ${sql.raw(String(size))} FROM import_rows_cursor`.execute(trx);
      if (page.rows.length === 0) return;
      yield page.rows.map((r) => r.data);
    }
  } finally {
    await sql`CLOSE import_rows_cursor`.execute(trx);
  }
}

/**
 * Across the whole file (DESIGN.md section 17), by SQL over the stored rows: each row whose
 * `data->>key` (not empty) an earlier row has too, with that value and the earlier row's number.
 */
export async function repeatedRows(db: Database, businessId: number, importId: number, key: string) {
  const found = await sql<{ line: number; first: number; value: string }>`
    SELECT line, first, value FROM (
      SELECT line, data->>${key} AS value,
             first_value(line) OVER (PARTITION BY data->>${key} ORDER BY line) AS first
      FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId} AND data->>${key} IS NOT NULL) r
    WHERE line <> first ORDER BY line`.execute(db);
  return found.rows;
}

/**
 * Each row whose `data->>value` differs from the first row with its `data->>group`, and that
 * first row's number.
 */
export async function rowsDifferingFromFirst(
  db: Database,
  businessId: number,
  importId: number,
  group: string,
  value: string,
) {
  const found = await sql<{ line: number; first: number }>`
    SELECT line, first FROM (
      SELECT line, data->>${value} AS v,
             first_value(line) OVER w AS first, first_value(data->>${value}) OVER w AS first_v
      FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId}
      WINDOW w AS (PARTITION BY data->>${group} ORDER BY line)) r
    WHERE v IS DISTINCT FROM first_v ORDER BY line`.execute(db);
  return found.rows;
}

const SUMMARY = [
  'id',
  'kind',
  'status',
  'columns',
  'column_names',
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
  businessRow(db, 'imports', ['id', 'kind', 'status', 'valid_count', 'errors'], businessId, id, {
    lock: true,
  });

export async function markPosted(
  db: Database,
  businessId: number,
  id: number,
  result: { created: number; updated: number },
) {
  await db
    .updateTable('imports')
    .set({ status: 'POSTED', result: JSON.stringify(result), posted_at: sql`now()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}

/** Discards a staged import: its rows go, the record stays for History. */
export async function discardImport(db: Database, businessId: number, id: number) {
  await db
    .updateTable('imports')
    .set({ status: 'DISCARDED' })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('status', '=', 'STAGED')
    .execute();
  await dropRows(db, businessId, id);
}

/** The catalogue's rows of a unit new to the business that no row of the file gives a measure for. */
export async function rowsOfUnmeasuredUnits(db: Database, businessId: number, importId: number) {
  const found = await sql<{ line: number }>`
    SELECT line FROM (
      SELECT line, bool_or(data->>'measure' IS NOT NULL) OVER (PARTITION BY data->>'unit_key') AS measured
      FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId}
        AND (data->>'new_unit')::boolean) r
    WHERE NOT measured ORDER BY line`.execute(db);
  return found.rows;
}

/**
 * The units new to the business, colours and sizes a catalogue import names, each once (a unit
 * by the key staging compared it by, with the first measure a row gives).
 */
export async function namesToMake(db: Database, businessId: number, importId: number) {
  const found = await sql<{ what: 'unit' | 'color' | 'size'; name: string; measure: UnitMeasure | null }>`
    SELECT DISTINCT ON (what, key) what, name, measure FROM (
      SELECT 'unit' AS what, data->>'unit_key' AS key, data->>'unit' AS name, data->>'measure' AS measure, line
        FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId} AND (data->>'new_unit')::boolean
      UNION ALL SELECT 'color', data->>'color', data->>'color', NULL, line
        FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId} AND data->>'color' IS NOT NULL
      UNION ALL SELECT 'size', data->>'size', data->>'size', NULL, line
        FROM import_rows WHERE business_id = ${businessId} AND import_id = ${importId} AND data->>'size' IS NOT NULL) n
    ORDER BY what, key, measure IS NULL, line`.execute(db);
  return found.rows;
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

/** The SKUs of the business's variants with these barcodes, by barcode. */
export async function barcodeOwners(
  db: Database,
  businessId: number,
  barcodes: readonly string[],
): Promise<Map<string, string>> {
  if (barcodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select(['barcode', 'sku'])
    .where('business_id', '=', businessId)
    .where('barcode', 'in', [...new Set(barcodes)])
    .execute();
  return new Map(rows.map((r) => [r.barcode as string, r.sku]));
}

/** The business's variants of these SKUs, by SKU. */
export async function variantsBySku(
  db: Database,
  businessId: number,
  skus: readonly string[],
): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'sku'])
    .where('business_id', '=', businessId)
    .where('sku', 'in', [...new Set(skus)])
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
