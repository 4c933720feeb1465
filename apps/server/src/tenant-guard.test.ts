import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { TENANT_TABLES, TenantGuardError, tenantGuard } from '../test/tenant-guard.ts';
import { TENANT_GUARD_ALLOWED } from '../test/tenant-guard-allowed.ts';
import type { DB } from './db/schema.ts';

// The tenant guard of the API tier (DESIGN.md section 24, docs/scaling.md): a statement that names
// a business's table without business_id is refused before it reaches the database.

const offline = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the tenant guard', () => {
  const guarded = offline.withPlugin(tenantGuard({ allowed: [] }));

  it("refuses a query of a business's table without business_id, and passes one with it", async () => {
    await expect(
      guarded.selectFrom('document_lines').select('id').where('document_id', '=', 1).execute(),
    ).rejects.toThrow(TenantGuardError);
    await expect(
      guarded
        .selectFrom('document_lines')
        .select('id')
        .where('business_id', '=', 7)
        .where('document_id', '=', 1)
        .execute(),
    ).resolves.toEqual([]);
  });

  it('counts business_id compared or written, not only selected', async () => {
    await expect(
      guarded.selectFrom('debts').select(['id', 'business_id']).where('id', '=', 1).execute(),
    ).rejects.toThrow(TenantGuardError);
    await expect(
      guarded
        .selectFrom('debt_payments as p')
        .innerJoin('debts as d', (join) =>
          join.onRef('d.business_id', '=', 'p.business_id').onRef('d.id', '=', 'p.debt_id'),
        )
        .select('p.id')
        .where('d.id', '=', 1)
        .execute(),
    ).resolves.toEqual([]);
    await expect(
      guarded.insertInto('events').values({ business_id: 1, user_id: 2, type: 'x', data: '{}' }).execute(),
    ).resolves.toBeDefined();
  });

  it('sees raw SQL, joins, updates and deletes, and lets global tables through', async () => {
    await expect(
      sql`SELECT count(*) FROM messages m WHERE m.conversation_id = 1`.execute(guarded),
    ).rejects.toThrow(/messages without business_id/);
    await expect(
      guarded
        .selectFrom('currencies as c')
        .innerJoin('balances as b', 'b.currency_id', 'c.id')
        .select('b.on_hand')
        .execute(),
    ).rejects.toThrow(/balances/);
    await expect(
      guarded.updateTable('events').set({ type: 'x' }).where('id', '=', 1).execute(),
    ).rejects.toThrow(TenantGuardError);
    await expect(guarded.deleteFrom('refresh_tokens').where('user_id', '=', 1).execute()).rejects.toThrow(
      TenantGuardError,
    );
    await expect(guarded.selectFrom('currencies').selectAll().execute()).resolves.toEqual([]);
    await expect(guarded.selectFrom('login_failures').selectAll().execute()).resolves.toEqual([]);
  });

  it('lets through a statement its allow-list names by file and table, and only that table', async () => {
    const allowing = offline.withPlugin(
      tenantGuard({
        allowed: [{ file: 'tenant-guard.test.ts', table: 'events', kind: 'routing', reason: 'the probe' }],
      }),
    );
    await expect(allowing.selectFrom('events').select('id').execute()).resolves.toEqual([]);
    await expect(allowing.selectFrom('messages').select('id').execute()).rejects.toThrow(TenantGuardError);
  });
});

describe('the tenant tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are every table and view with a business_id column', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT DISTINCT table_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'business_id' ORDER BY 1`.execute(t.db);
    expect([...TENANT_TABLES].sort()).toEqual(rows.map((r) => r.name));
  });

  it('allow-list entries name a tenant table, a file of the server and a reason', () => {
    for (const entry of TENANT_GUARD_ALLOWED) {
      expect(TENANT_TABLES, entry.file).toContain(entry.table);
      expect(existsSync(path.join(import.meta.dirname, entry.file)), entry.file).toBe(true);
      expect(entry.reason.length, entry.file).toBeGreaterThan(10);
    }
  });
});
