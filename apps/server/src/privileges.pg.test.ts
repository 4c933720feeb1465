import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, dbUrl, OWNER_ROLE, ROLE_PASSWORD, SERVER_ROLE } from '../test/env.ts';
import { writeEveryLedger } from '../test/every-ledger.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { LEDGERS, serverRoleFor, setupRoles } from './db/privileges.ts';

// Least privilege (DESIGN.md sections 3 and 5): the server's role owns nothing and may only
// SELECT and INSERT on the ledgers, so even a compromised server cannot rewrite, empty or
// unprotect them. The rest of the PostgreSQL suite runs the HTTP server as this same role.

let t: TestApp;
let server: pg.Client;
let serverPid: number;

beforeAll(async () => {
  t = await startTestApp();
  await writeEveryLedger(t);
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
  server = new pg.Client({ connectionString: dbUrl(rows[0]!.name, SERVER_ROLE) });
  await server.connect();
  serverPid = (await server.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
});
afterAll(async () => {
  await server?.end();
  await t.close();
});

/** The SQLSTATE PostgreSQL answers `statement` with as the server's role (null: it ran). */
async function asServer(statement: string): Promise<string | null> {
  try {
    await server.query(statement);
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'unknown';
  }
}

it('serves over connections signed in as the restricted role', async () => {
  // Every session but the fixtures' (current_user) and this file's own client is the server's.
  const { rows } = await sql<{ usename: string }>`
    SELECT DISTINCT usename FROM pg_stat_activity
    WHERE datname = current_database() AND usename <> current_user
      AND pid <> ${serverPid}`.execute(t.db);
  expect(rows.map((r) => r.usename)).toEqual([SERVER_ROLE]);
});

describe.each(LEDGERS)('%s, as the server role', (table) => {
  it('may read it and nothing but append to it', async () => {
    const { rows } = await server.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    const before = rows[0]!.n;
    expect(before).toBeGreaterThan(0);
    // 42501 insufficient_privilege: refused by the grants, before any trigger runs.
    expect(await asServer(`UPDATE ${table} SET id = id`)).toBe('42501');
    expect(await asServer(`DELETE FROM ${table}`)).toBe('42501');
    expect(await asServer(`TRUNCATE ${table}`)).toBe('42501');
    expect(await asServer(`ALTER TABLE ${table} DISABLE TRIGGER USER`)).toBe('42501');
    expect(await asServer(`ALTER TABLE ${table} OWNER TO ${SERVER_ROLE}`)).toBe('42501');
    const after = await server.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(after.rows[0]!.n).toBe(before);
  });
});

it('cannot create objects, disable triggers for its session or empty the other tables', async () => {
  expect(await asServer('CREATE TABLE intruder (id int)')).toBe('42501');
  expect(await asServer("SET session_replication_role = 'replica'")).toBe('42501');
  expect(await asServer('TRUNCATE balances')).toBe('42501');
  expect(await asServer('TRUNCATE schema_migrations')).toBe('42501');
  expect(await asServer('SELECT * FROM schema_migrations')).toBe('42501');
  expect(await asServer('SELECT * FROM schema_functions')).toBe('42501');
});

it('setup-roles hands a database one role migrated and served to the owner, and restricts the server', async () => {
  const name = `bo_test_split_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ databaseUrl: dbUrl(name), poolSize: 1 });
    try {
      await migrate(handle.db); // as before the split: the one role owns everything
      const roles = {
        owner: OWNER_ROLE,
        server: SERVER_ROLE,
        ownerPassword: ROLE_PASSWORD,
        serverPassword: ROLE_PASSWORD,
      };
      expect(await setupRoles(handle.db, roles)).toEqual([]);
      const { rows } = await sql<{ relname: string }>`
        SELECT relname FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'S', 'v')
          AND pg_get_userbyid(relowner) <> ${OWNER_ROLE}`.execute(handle.db);
      expect(rows).toEqual([]);
    } finally {
      await handle.close();
    }
    const restricted = new pg.Client({ connectionString: dbUrl(name, SERVER_ROLE) });
    await restricted.connect();
    try {
      await restricted.query("INSERT INTO audit_log (action, entity) VALUES ('test.split', 'database')");
      await expect(restricted.query('TRUNCATE money_transactions')).rejects.toMatchObject({ code: '42501' });
      await expect(restricted.query('ALTER TABLE audit_log DISABLE TRIGGER USER')).rejects.toMatchObject({
        code: '42501',
      });
    } finally {
      await restricted.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

it('with DATABASE_URL alone one role migrates and serves, as before, and the log recommends the split', () => {
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);
  expect(serverRoleFor('postgres://app:pw@db/bo', undefined, warn)).toBeNull();
  expect(serverRoleFor('postgres://app:pw@db/bo', 'postgres://app:pw@db/bo', warn)).toBeNull();
  expect(warnings).toHaveLength(2);
  expect(warnings[0]).toMatch(/DATABASE_OWNER_URL/);
  expect(serverRoleFor('postgres://bo_app:pw@db/bo', 'postgres://bo_owner:pw@db/bo', warn)).toBe('bo_app');
  expect(warnings).toHaveLength(2);
});
