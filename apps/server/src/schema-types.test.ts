import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { readTableTypes, type TypedColumn } from '../test/table-types.ts';

// The Kysely types of src/db/tables/*.ts are written by hand beside the SQL migrations (DESIGN.md
// section 1, "PostgreSQL through Kysely (typed SQL)"); this test holds them to the migrated
// database, so a migration without its types (or types without their migration) fails here.

/** The information_schema data types a TypeScript kind may read. */
const COMPATIBLE: Record<string, readonly string[]> = {
  // INT8 is parsed to a number (db/connection.ts).
  number: ['smallint', 'integer', 'bigint', 'real', 'double precision'],
  // NUMERIC stays a string (DESIGN.md section 1: never a float).
  string: ['text', 'character varying', 'character', 'numeric', 'uuid', 'citext', 'inet', 'USER-DEFINED'],
  boolean: ['boolean'],
  Date: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  object: ['json', 'jsonb'],
  array: ['ARRAY', 'json', 'jsonb'],
  unknown: ['json', 'jsonb'],
};

interface DbColumn {
  table_name: string;
  table_type: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
}

let t: TestApp;
let database: Map<string, Map<string, DbColumn>>;
let types: Map<string, Map<string, TypedColumn>>;

beforeAll(async () => {
  t = await startTestApp();
  // The migration runner's own bookkeeping (schema_*, db/migrate.ts) is raw SQL, not a Kysely table.
  const { rows } = await sql<DbColumn>`
    SELECT c.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable,
           (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS has_default
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.table_name NOT LIKE 'schema\\_%'`.execute(t.db);
  database = new Map();
  for (const row of rows) {
    const columns = database.get(row.table_name) ?? new Map<string, DbColumn>();
    columns.set(row.column_name, row);
    database.set(row.table_name, columns);
  }
  types = readTableTypes();
}, 120_000);
afterAll(() => t.close());

/** NOT NULL columns a BEFORE INSERT trigger fills (db/functions/80_report_summaries.sql). */
const FILLED_BY_TRIGGER = new Set(['stock_lots.rate_to_uzs', 'stock_exits.rate_to_uzs']);

function columnNames(tables: Map<string, Map<string, unknown>>): string[] {
  return [...tables].flatMap(([table, columns]) => [...columns.keys()].map((c) => `${table}.${c}`)).sort();
}

describe('the Kysely table types against the migrated database', () => {
  it('declare every table, view and column of the database, and nothing it lacks', () => {
    expect(database.size).toBeGreaterThan(0);
    expect([...types.keys()].sort()).toEqual([...database.keys()].sort());
    expect(columnNames(types)).toEqual(columnNames(database));
  });

  it("give every column a type its database type can hold, and the column's nullability", () => {
    const mismatches: string[] = [];
    for (const [table, columns] of types) {
      for (const [name, typed] of columns) {
        const column = database.get(table)?.get(name);
        if (!column) continue;
        const where = `${table}.${name} (${column.data_type}, ${typed.kinds.join(' | ')})`;
        if (typed.kinds.length !== 1 || !COMPATIBLE[typed.kinds[0] ?? '']?.includes(column.data_type))
          mismatches.push(`${where}: incompatible type`);
        // A view's columns are all nullable in information_schema; its types say what it gives.
        if (column.table_type === 'BASE TABLE' && typed.nullable !== (column.is_nullable === 'YES'))
          mismatches.push(
            `${where}: ${typed.nullable ? 'nullable in the types only' : 'nullable in the database only'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('let an insert leave out only columns the database fills (default, identity or null)', () => {
    const mismatches: string[] = [];
    for (const [table, columns] of types) {
      for (const [name, typed] of columns) {
        const column = database.get(table)?.get(name);
        if (column?.table_type !== 'BASE TABLE') continue;
        const filled =
          column.has_default || column.is_nullable === 'YES' || FILLED_BY_TRIGGER.has(`${table}.${name}`);
        if (typed.optionalOnInsert && !filled)
          mismatches.push(`${table}.${name}: NOT NULL without a default`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
