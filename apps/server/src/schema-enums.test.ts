import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DB_ENUMS } from './db/enums.ts';

// One definition per enum (DESIGN.md section 15): each CHECK (column IN (...)) of the migrated
// database lists exactly the values of the constant the code reads (db/enums.ts maps each column
// to it, and the Kysely table types take their unions from the same constants). A migration
// that adds a value without the constant, or a constant without its migration, fails here.

let t: TestApp;
/** `table.column` → the values its CHECK lists, read from the database's own definitions. */
let checks: Map<string, string[]>;

beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await sql<{ table_name: string; definition: string }>`
    SELECT rel.relname AS table_name, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace ns ON ns.oid = rel.relnamespace
    WHERE con.contype = 'c' AND ns.nspname = current_schema()`.execute(t.db);
  checks = new Map();
  for (const { table_name, definition } of rows) {
    // PostgreSQL prints `col IN ('A', 'B')` as `((col = ANY (ARRAY['A'::text, 'B'::text])))`.
    const match = /^CHECK \(\((\w+) = ANY \(+ARRAY\[(.*)\]\)+$/.exec(definition);
    if (!match) continue;
    const values = [...(match[2] ?? '').matchAll(/'((?:[^']|'')*)'::text/g)].map((m) =>
      (m[1] ?? '').replaceAll("''", "'"),
    );
    checks.set(`${table_name}.${match[1]}`, values);
  }
}, 120_000);
afterAll(() => t.close());

describe("the database's CHECK lists against the code's constants", () => {
  it('finds the lists (the parser reads what PostgreSQL prints)', () => {
    expect(checks.size).toBeGreaterThan(10);
  });

  it('gives every listed column its constant, with the same values', () => {
    const unmapped = [...checks.keys()].filter((column) => !(column in DB_ENUMS));
    expect(unmapped, 'a CHECK list without its constant in db/enums.ts').toEqual([]);
    for (const [column, constant] of Object.entries(DB_ENUMS)) {
      expect(checks.get(column), column).toBeDefined();
      expect([...(checks.get(column) ?? [])].sort(), column).toEqual([...constant].sort());
    }
  });
});
