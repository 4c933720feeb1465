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

export function dbUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
