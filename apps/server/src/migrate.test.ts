import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, dbUrl, testDbKind } from '../test/env.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/connection.ts';
import { DEFAULT_DIRS, MigrationChecksumError, type MigrationDirs, migrate } from './db/migrate.ts';
import { hashPassword } from './lib/auth/passwords.ts';

// DESIGN.md section 8: committed migrations are immutable (the runner keeps each one's checksum and
// refuses a database whose files changed), functions and views are re-applied from db/functions/
// when their text changes, and a database built by the release before this runner upgrades to
// exactly the schema of a fresh one. On the engine TEST_DB names.

const root = path.resolve(import.meta.dirname, '../../..');
const OLD_PASSWORD = 'old-release-password';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** An empty database of the engine under test. */
async function emptyDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDbKind() === 'pglite') {
    const handle = await openDatabase({});
    cleanups.push(() => handle.close());
    return handle;
  }
  const name = `bo_test_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: dbUrl(name), poolSize: 2 });
  cleanups.push(async () => {
    await handle.close();
    const a = new pg.Client({ connectionString: adminUrl() });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  return { ...handle, url: dbUrl(name) };
}

/** A copy of the migrations and functions folders, for tests that edit them. */
function copyOfDirs(): MigrationDirs {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-mig-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dirs = { migrations: path.join(dir, 'migrations'), functions: path.join(dir, 'functions') };
  cpSync(DEFAULT_DIRS.migrations, dirs.migrations, { recursive: true });
  cpSync(DEFAULT_DIRS.functions, dirs.functions, { recursive: true });
  return dirs;
}

/**
 * The last release's runner, as it was: each file applied in order, in its own transaction, and
 * only its name recorded. The migration files it ran are today's (they are immutable); it knew
 * nothing of db/functions/.
 */
async function migrateAsLastRelease(db: Database, upTo: string): Promise<void> {
  await sql`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`.execute(
    db,
  );
  const files = readdirSync(DEFAULT_DIRS.migrations)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f) && f <= upTo)
    .sort();
  for (const file of files) {
    const text = readFileSync(path.join(DEFAULT_DIRS.migrations, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
    });
  }
}

/**
 * Data of every kind in the old database, written in SQL against the schema of migrations
 * 0001-0010 as that release's code wrote it (today's seed follows today's schema, so it cannot
 * stand in for it): a business, two departments, the catalogue, a receipt with its lot, move and
 * balance, ledger rows through that release's money_post (which was given each row's UZS amount),
 * and an offer with a money line.
 */
async function seedAsLastRelease(db: Database): Promise<void> {
  const hash = await hashPassword(OLD_PASSWORD);
  await sql`
    WITH b AS (INSERT INTO businesses (name) VALUES ('Eski biznes') RETURNING id),
    u AS (
      INSERT INTO users (business_id, email, role, password_hash, first_name, last_name, code)
      SELECT b.id, x.email, x.role, ${hash}, x.first, 'Eski', x.code FROM b,
        (VALUES ('kassir@old.uz', 'Kassir', 'Dilnoza', 'K-1'), ('ombor@old.uz', 'Omborchi', 'Jasur', 'O-1'))
          AS x(email, role, first, code)
      RETURNING id, business_id, role),
    unit AS (INSERT INTO units (business_id, name, measure, fixed_rate_to_base)
             SELECT id, 'Dona', 'D', 1 FROM b RETURNING id, business_id),
    product AS (INSERT INTO products (business_id, name, model, code, unit_id, type)
                SELECT business_id, 'Ko''ylak', 'M-1', 101, id, 'FINISHED' FROM unit RETURNING id, business_id)
    INSERT INTO variants (business_id, product_id, sku) SELECT business_id, id, 'OLD-1' FROM product`.execute(
    db,
  );
  const users = await sql<{ id: number; business_id: number; role: string }>`
    SELECT id, business_id, role FROM users WHERE email LIKE '%@old.uz'`.execute(db);
  const kassir = users.rows.find((u) => u.role === 'Kassir');
  const ombor = users.rows.find((u) => u.role === 'Omborchi');
  if (!kassir || !ombor) throw new Error('old users missing');
  const businessId = kassir.business_id;
  await sql`
    WITH v AS (SELECT id FROM variants WHERE sku = 'OLD-1'),
    e AS (INSERT INTO stock_entries (business_id, department_id, variant_id, qty_received, unit_cost, currency_id,
                                     type, location, created_by)
          SELECT ${businessId}, ${ombor.id}, v.id, 12, 15000, 2, 'PURCHASE', 'Ombor A', ${ombor.id} FROM v
          RETURNING id, variant_id),
    l AS (INSERT INTO stock_lots (business_id, department_id, variant_id, qty_received, qty_remaining, unit_cost,
                                  currency_id, entry_id)
          SELECT ${businessId}, ${ombor.id}, variant_id, 12, 12, 15000, 2, id FROM e RETURNING id, entry_id, variant_id),
    m AS (INSERT INTO stock_moves (business_id, department_id, variant_id, qty, kind, entry_id, lot_id)
          SELECT ${businessId}, ${ombor.id}, variant_id, 12, 'ENTRY', entry_id, id FROM l)
    INSERT INTO stock_balances (business_id, department_id, variant_id, qty_on_hand)
    SELECT ${businessId}, ${ombor.id}, variant_id, '12' FROM l`.execute(db);
  const rows = Array.from({ length: 25 }, (_, i) => ({
    business_id: businessId,
    user_id: kassir.id,
    currency_id: 1 + (i % 2),
    amount: `${100 + i}.50`,
    rate_to_uzs: i % 2 ? '1.000000' : '12650.000000',
    amount_in_uzs: i % 2 ? `${100 + i}.50` : String((100 + i) * 12650 + 6325),
    tx_type: 'ADJUSTMENT',
    reason: 'Boshlang‘ich qoldiq',
    created_by: null,
  }));
  await sql`SELECT count(*) FROM money_post(${JSON.stringify(rows)}::jsonb)`.execute(db);
  await sql`
    WITH o AS (INSERT INTO offers (business_id, kind, status, created_by, from_user_id, to_user_id, reason)
               VALUES (${businessId}, 'MONEY', 'DRAFT', ${kassir.id}, ${kassir.id}, ${ombor.id}, 'Eski taklif sababi')
               RETURNING id)
    INSERT INTO offer_money_lines (offer_id, currency_id, amount) SELECT id, 1, 10 FROM o`.execute(db);
}

/** Everything a schema is made of, as text that two databases can be compared by. */
async function schemaOf(db: Database) {
  const rows = async (query: ReturnType<typeof sql<{ x: string }>>) =>
    (await query.execute(db)).rows.map((r) => r.x);
  return {
    functions: await rows(sql`
      SELECT pg_get_functiondef(p.oid) AS x FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`),
    views: await rows(sql`
      SELECT viewname || ': ' || pg_get_viewdef(viewname::regclass) AS x FROM pg_views
      WHERE schemaname = 'public' ORDER BY viewname`),
    columns: await rows(sql`
      SELECT concat_ws(' ', table_name, column_name, data_type, numeric_precision, numeric_scale,
                       is_nullable, column_default) AS x
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    constraints: await rows(sql`
      SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(c.oid) AS x
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' ORDER BY 1`),
    indexes: await rows(
      sql`SELECT indexdef AS x FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
    ),
    triggers: await rows(sql`
      SELECT pg_get_triggerdef(t.oid) AS x FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1`),
    sequences: await rows(sql`SELECT sequence_name AS x FROM information_schema.sequences ORDER BY 1`),
  };
}

async function ledgerTotals(db: Database) {
  const { rows } = await sql<{ x: string }>`
    SELECT concat_ws(' ', (SELECT count(*) FROM money_transactions), (SELECT sum(amount_in_uzs) FROM money_transactions),
                     (SELECT count(*) FROM stock_moves), (SELECT sum(qty) FROM stock_moves),
                     (SELECT sum(on_hand) FROM balances), (SELECT count(*) FROM offers)) AS x`.execute(db);
  return rows[0]?.x;
}

describe('the migration runner', () => {
  it('upgrades a database of the last release, with data, to the schema of a fresh one', async () => {
    const old = await emptyDatabase();
    await migrateAsLastRelease(old.db, '0010');
    await seedAsLastRelease(old.db);
    const before = await ledgerTotals(old.db);

    const ran = await migrate(old.db);
    expect(ran.filter((n) => !n.startsWith('functions/'))).toEqual(
      readdirSync(DEFAULT_DIRS.migrations).filter((f) => f > '0010' && f.endsWith('.sql')),
    );
    expect(ran.filter((n) => n.startsWith('functions/'))).toHaveLength(
      readdirSync(DEFAULT_DIRS.functions).length,
    );
    const checksums = await sql<{ missing: number }>`
      SELECT count(*)::int AS missing FROM schema_migrations WHERE checksum IS NULL`.execute(old.db);
    expect(checksums.rows[0]?.missing).toBe(0);

    const fresh = await emptyDatabase();
    await migrate(fresh.db);
    expect(await schemaOf(old.db)).toEqual(await schemaOf(fresh.db));
    expect(await ledgerTotals(old.db)).toBe(before);
    // 0013: each business keeps the global rates of the old release as its own first rates.
    const rates = await sql<{ code: string; rate_to_uzs: string; history: number }>`
      SELECT c.code, bc.rate_to_uzs::text,
             (SELECT count(*)::int FROM currency_rates r WHERE r.business_id = bc.business_id
                AND r.currency_id = bc.currency_id) AS history
      FROM business_currencies bc JOIN currencies c ON c.id = bc.currency_id ORDER BY c.id`.execute(old.db);
    expect(rates.rows).toEqual([
      { code: 'USD', rate_to_uzs: '12650.000000', history: 1 },
      { code: 'UZS', rate_to_uzs: '1.000000', history: 1 },
    ]);
    // A second start applies nothing.
    expect(await migrate(old.db)).toEqual([]);

    // The API works on the upgraded data: the demo owner signs in and reads the ledger.
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bo-mig-app-')),
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, db: old.db, logger: false });
    cleanups.push(() => app.close());
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'kassir@old.uz', password: OLD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const page = await app.inject({
      method: 'GET',
      url: '/api/finance/money-transactions/by-user/',
      headers: { authorization: `Bearer ${login.json().access}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBeGreaterThan(10);
  }, 120_000);

  it('refuses to start when an applied migration was edited, naming the file', async () => {
    const dirs = copyOfDirs();
    const handle = await emptyDatabase();
    await migrate(handle.db, dirs);
    appendFileSync(path.join(dirs.migrations, '0004_finance.sql'), '\n-- edited afterwards\n');
    await expect(migrate(handle.db, dirs)).rejects.toThrow(MigrationChecksumError);
    await expect(migrate(handle.db, dirs)).rejects.toThrow(/0004_finance\.sql was edited.*new migration/);
    rmSync(path.join(dirs.migrations, '0004_finance.sql'));
    await expect(migrate(handle.db, dirs)).rejects.toThrow(/0004_finance\.sql .*missing/);
  }, 60_000);

  it('re-applies a functions file when its text changes, and only then', async () => {
    const dirs = copyOfDirs();
    const handle = await emptyDatabase();
    await migrate(handle.db, dirs);
    expect(await migrate(handle.db, dirs)).toEqual([]);
    const file = path.join(dirs.functions, '30_variant_label.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace("concat_ws(' / ',", "concat_ws(' | ',"));
    expect(await migrate(handle.db, dirs)).toEqual(['functions/30_variant_label.sql']);
    const label = await sql<{
      x: string;
    }>`SELECT variant_label('Ko''ylak', 'M-1', 'Qizil', 'L') AS x`.execute(handle.db);
    expect(label.rows[0]?.x).toBe("Ko'ylak M-1 | Qizil | L");
    expect(await migrate(handle.db, dirs)).toEqual([]);
  }, 60_000);
});

describe('the server', () => {
  it('does not start on a database whose applied migration was edited, and says what to do', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-mig-server-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    await migrate(handle.db);
    await sql`UPDATE schema_migrations SET checksum = 'tampered' WHERE name = '0002_catalog.sql'`.execute(
      handle.db,
    );
    await handle.close();
    const { DATABASE_URL: _url, DATABASE_OWNER_URL: _owner, ...env } = process.env;
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir, DEMO: '0', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/Migration 0002_catalog\.sql was edited after it was applied/);
  }, 90_000);
});
