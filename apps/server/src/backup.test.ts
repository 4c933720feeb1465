import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.ts';
import { adminUrl, dbUrl } from '../test/env.ts';
import { createSignedInUsers } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { assertMoneyInvariants } from '../test/money-invariants.ts';
import { assertStockInvariants } from '../test/stock-invariants.ts';
import { CliError } from './cli/admin.commands.ts';
import { backupDatabase, type RestoreTarget, restoreDatabase } from './cli/backup.ts';
import { type Database, openDatabase } from './db/connection.ts';
import { fund, USD, UZS } from './modules/finance/finance.fixtures.ts';
import { createVariants, giveStock } from './modules/inventory/inventory.fixtures.ts';

// Backup and restore of the admin CLI on the engine this run uses (TEST_DB): a database with
// money, stock and offers is backed up, restored into a fresh one, and every ledger sum, balance
// and ledger row count is the same on both sides.

let t: TestApp;
const work = mkdtempSync(path.join(tmpdir(), 'bo-backup-'));
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await startTestApp();
  const roles = ['Kassir', 'manager', 'Omborchi', 'Bozorchi'] as const;
  const { as, users, businessId } = await createSignedInUsers(t.db, t.url, roles);
  for (const role of ['Kassir', 'manager'] as const) {
    await fund(t.db, users[role], USD, '1500');
    await fund(t.db, users[role], UZS, '25000000');
  }
  const moved = [
    await as.manager.post('offers/exchanges/', {
      from_currency: USD,
      to_currency: UZS,
      from_amount: '120.50',
    }),
    await as.Kassir.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '350000.25',
      reason_text: 'Zaxira sinovi kirim',
      is_income: true,
    }),
  ];
  const money = await as.manager.post('offers/offers/', {
    from_user: users.manager.id,
    to_user: users.Kassir.id,
    money_lines: [{ currency: UZS, amount: '777000.77' }],
    reason_text: 'Zaxira sinovi taklifi',
  });
  await as.manager.post(`offers/offers/${money.body.id}/submit/`);
  moved.push(await as.Kassir.post(`offers/offers/${money.body.id}/approve/`));
  const [variant] = await createVariants(t.db, businessId, 1);
  const variantId = variant?.id ?? 0;
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId,
    qty: '40.5',
    unitCost: '1200',
  });
  const goods = await as.Omborchi.post('offers/offers/', {
    from_user: users.Omborchi.id,
    to_user: users.Bozorchi.id,
    item_lines: [{ variant: variantId, quantity: '15.250' }],
    reason_text: 'Bozorga tovar yuborish',
  });
  await as.Omborchi.post(`offers/offers/${goods.body.id}/submit/`);
  moved.push(await as.Bozorchi.post(`offers/offers/${goods.body.id}/approve/`));
  moved.push(
    await as.Bozorchi.post('inventory/stocks-exit/', {
      variant: variantId,
      qty_issued: '2.5',
      currency: UZS,
    }),
  );
  // A DRAFT offer too: offers in more than one state.
  moved.push(
    await as.Kassir.post('offers/offers/', {
      from_user: users.Kassir.id,
      to_user: users.manager.id,
      money_lines: [{ currency: USD, amount: '10' }],
      reason_text: 'Qoralama taklif',
    }),
  );
  expect(moved.map((r) => r.status)).toEqual([201, 201, 200, 200, 201, 201]);
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every ledger sum, balance and ledger row count: equal before the backup and after the restore. */
async function books(db: Database) {
  const q = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    moneyLedger:
      await q(sql`SELECT user_id, currency_id, sum(amount)::text AS total, sum(amount_in_uzs)::text AS uzs,
                                    count(*)::int AS n
                             FROM money_transactions GROUP BY 1, 2 ORDER BY 1, 2`),
    balances: await q(sql`SELECT user_id, currency_id, on_hand FROM balances ORDER BY 1, 2`),
    stockLedger: await q(sql`SELECT department_id, variant_id, sum(qty)::text AS total, count(*)::int AS n
                             FROM stock_moves GROUP BY 1, 2 ORDER BY 1, 2`),
    stockBalances: await q(
      sql`SELECT department_id, variant_id, qty_on_hand FROM stock_balances ORDER BY 1, 2`,
    ),
    lots: await q(sql`SELECT department_id, variant_id, sum(qty_remaining)::text AS remaining, count(*)::int AS n
                      FROM stock_lots GROUP BY 1, 2 ORDER BY 1, 2`),
    counts: (
      await q(sql`SELECT (SELECT count(*) FROM money_transactions)::int AS money_transactions,
                         (SELECT count(*) FROM stock_moves)::int AS stock_moves,
                         (SELECT count(*) FROM stock_entries)::int AS stock_entries,
                         (SELECT count(*) FROM stock_exits)::int AS stock_exits,
                         (SELECT count(*) FROM offers)::int AS offers,
                         (SELECT count(*) FROM offer_money_lines)::int AS offer_money_lines,
                         (SELECT count(*) FROM offer_item_lines)::int AS offer_item_lines,
                         (SELECT count(*) FROM audit_log)::int AS audit_log,
                         (SELECT count(*) FROM users)::int AS users`)
    )[0],
  };
}

/** The URL of this test's database (PostgreSQL), or null on PGlite. */
async function ownUrl(): Promise<string | null> {
  if (t.kind !== 'postgres') return null;
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
  return dbUrl(rows[0]?.name ?? '');
}

/** A fresh, empty database of the run's engine to restore into. */
async function freshTarget(): Promise<RestoreTarget & { open: () => Promise<Database> }> {
  const opened: Array<{ close(): Promise<void> }> = [];
  if (t.kind === 'pglite') {
    const pgliteDir = path.join(work, `pg-${randomBytes(4).toString('hex')}`);
    return {
      pgliteDir,
      open: async () => {
        const handle = await openDatabase({ pgliteDir });
        cleanups.push(() => handle.close());
        return handle.db;
      },
    };
  }
  const name = `bo_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    for (const h of opened) await h.close();
    const a = new pg.Client({ connectionString: adminUrl() });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  return {
    databaseUrl: dbUrl(name),
    open: async () => {
      const handle = await openDatabase({ databaseUrl: dbUrl(name), poolSize: 2 });
      opened.push(handle);
      return handle.db;
    },
  };
}

async function backupHere(file: string): Promise<void> {
  const url = await ownUrl();
  await backupDatabase(url ? { databaseUrl: url } : { dumpDataDir: t.dumpDataDir! }, file);
}

describe('backup and restore', () => {
  it('restores a backup into a fresh database with the same books', async () => {
    const file = path.join(work, 'round-trip.backup');
    await backupHere(file);
    const target = await freshTarget();
    await restoreDatabase(target, file, false);
    const restored = await target.open();
    const before = await books(t.db);
    expect(before.counts).toMatchObject({ offers: 3, stock_exits: 1 });
    expect(await books(restored)).toEqual(before);
    await assertMoneyInvariants(restored);
    await assertStockInvariants(restored);
  });

  it('writes the backup readable by its owner only (0600), also over a file already there', async () => {
    const fresh = path.join(work, 'private.backup');
    await backupHere(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    const existing = path.join(work, 'existing.backup');
    writeFileSync(existing, 'an older backup');
    chmodSync(existing, 0o644);
    await backupHere(existing);
    expect(statSync(existing).mode & 0o777).toBe(0o600);
    expect(readFileSync(existing).subarray(0, 15).toString()).not.toBe('an older backup');
    // Nothing of the file it was written through is left beside it.
    expect(readdirSync(work).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('refuses to restore over a database that holds data, unless --force', async () => {
    const file = path.join(work, 'force.backup');
    await backupHere(file);
    const target = await freshTarget();
    await restoreDatabase(target, file, false);
    await expect(restoreDatabase(target, file, false)).rejects.toThrow(/already holds .*--force/);
    await expect(restoreDatabase(target, path.join(work, 'missing.backup'), false)).rejects.toThrow(CliError);
    await restoreDatabase(target, file, true);
    expect(await books(await target.open())).toEqual(await books(t.db));
    if ('pgliteDir' in target) {
      // The replaced embedded database is moved aside, not deleted.
      expect(
        readdirSync(work).some((f) => f.startsWith(`${path.basename(target.pgliteDir)}.before-restore-`)),
      ).toBe(true);
    }
  });

  it('runs as `npm run admin -- backup` and `restore`, and explains a refusal', async () => {
    const url = await ownUrl();
    const dataDir = path.join(work, 'cli');
    const cli = adminCli({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    const file = path.join(work, 'cli.backup');
    if (!url) {
      // The embedded engine: restore this test's database into the CLI's empty DATA_DIR first.
      await backupHere(file);
      expect(await cli('restore', file)).toMatchObject({ code: 0 });
    }
    const backedUp = await cli('backup', path.join(work, 'cli-2.backup'));
    expect(backedUp).toMatchObject({ code: 0 });
    expect(existsSync(path.join(work, 'cli-2.backup'))).toBe(true);
    if (url) expect(readFileSync(path.join(work, 'cli-2.backup')).subarray(0, 5).toString()).toBe('PGDMP');
    const refused = await cli('restore', path.join(work, 'cli-2.backup'));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: .* already holds .*--force/m);
    if (!url) {
      const restored = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
      cleanups.push(() => restored.close());
      expect(await books(restored.db)).toEqual(await books(t.db));
    }
  }, 60_000);
});
