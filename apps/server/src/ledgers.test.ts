import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEveryLedger } from '../test/every-ledger.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { LEDGERS } from './db/privileges.ts';

// The ledgers and the audit log are append-only in the database for every role, the owner and
// PGlite's single user included (DESIGN.md section 3; migrations 0004, 0005 and 0011): a mistake
// is corrected by a new row, never by an edit, a delete or emptying the table.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await writeEveryLedger(t);
});
afterAll(() => t.close());

async function rows(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(table)}`.execute(t.db);
  return rows[0]!.n;
}

describe.each(LEDGERS)('%s', (table) => {
  it('refuses UPDATE, DELETE and TRUNCATE, and keeps every row', async () => {
    const before = await rows(table);
    expect(before).toBeGreaterThan(0);
    const ledger = sql.id(table);
    await expect(sql`UPDATE ${ledger} SET id = id`.execute(t.db)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(sql`DELETE FROM ${ledger}`.execute(t.db)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql`TRUNCATE ${ledger} CASCADE`.execute(t.db)).rejects.toThrow(
      /append-only: TRUNCATE refused/,
    );
    expect(await rows(table)).toBe(before);
  });
});
