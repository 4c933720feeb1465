import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { setupRoles } from '../src/db/privileges.ts';
import {
  adminUrl,
  dbUrl,
  OWNER_ROLE,
  PGLITE_TEMPLATE,
  ROLE_PASSWORD,
  SERVER_ROLE,
  TEMPLATE_DB,
  TEMPLATE_ENV,
  testDbKind,
} from './env.ts';

/**
 * Migrates once per run: a PGlite data-dir dump, or a PostgreSQL template database, that each
 * test file clones into its own fresh database. On PostgreSQL the template is set up as the admin
 * CLI's setup-roles does it: owned and migrated by OWNER_ROLE, SERVER_ROLE granted.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (testDbKind() === 'pglite') {
    const handle = await openDatabase({});
    await migrate(handle.db);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
    writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
    project.provide(TEMPLATE_ENV as never, PGLITE_TEMPLATE as never);
    return () => rmSync(PGLITE_TEMPLATE, { force: true });
  }
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: dbUrl(TEMPLATE_DB), poolSize: 1 });
  await setupRoles(handle.db, {
    owner: OWNER_ROLE,
    server: SERVER_ROLE,
    ownerPassword: ROLE_PASSWORD,
    serverPassword: ROLE_PASSWORD,
  });
  await handle.close();
  return () => {};
}
