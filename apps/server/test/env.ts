import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which engine the API suite runs on: TEST_DB=pglite (default) or TEST_DB=postgres. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PGLITE_TEMPLATE = path.join(ROOT, '.tmp', `pglite-template-${process.pid}.tar`);
export const TEMPLATE_ENV = 'BO_PGLITE_TEMPLATE';
export const TEMPLATE_DB = 'bo_test_template';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (a PostgreSQL server where the test user may create databases)',
    );
  }
  return url;
}

// On PostgreSQL the suite runs as production should (DESIGN.md sections 3 and 5): the template is
// migrated by OWNER_ROLE and the HTTP server connects as SERVER_ROLE, which owns nothing and may
// only read and append to the ledgers. Set up by the admin CLI's setupRoles in global-setup.ts.
export const OWNER_ROLE = 'bo_test_owner';
export const SERVER_ROLE = 'bo_test_server';
export const ROLE_PASSWORD = 'bo-test-role';

/** Database `name` on the test server, as the test user or, with `role`, as that role. */
export function dbUrl(name: string, role?: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (role) {
    url.username = role;
    url.password = ROLE_PASSWORD;
  }
  return url.toString();
}

/**
 * Database `name` through PgBouncer when the suite runs behind it (TEST_POOLER_URL, DESIGN.md
 * section 24: the tier `pgbouncer`), else as dbUrl: the HTTP server's connection.
 */
export function serverDbUrl(name: string, role?: string): string {
  const pooler = process.env.TEST_POOLER_URL;
  const url = new URL(dbUrl(name, role));
  if (pooler) {
    const via = new URL(pooler);
    url.hostname = via.hostname;
    url.port = via.port;
  }
  return url.toString();
}
