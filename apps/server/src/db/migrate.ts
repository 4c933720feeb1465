import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import type { Database } from './connection.ts';
import type { DB } from './schema.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Any constant: several server processes starting at once take turns applying migrations.
const MIGRATION_LOCK = 7_245_001;

export interface MigrationDirs {
  /** NNNN_name.sql, applied once each, in order, and never edited once committed. */
  migrations: string;
  /** name.sql holding CREATE OR REPLACE of functions and views, applied whenever their text changes. */
  functions: string;
}

export const DEFAULT_DIRS: MigrationDirs = {
  migrations: path.join(HERE, 'migrations'),
  functions: path.join(HERE, 'functions'),
};

/** A committed migration's text no longer matches what the database ran (DESIGN.md section 8). */
export class MigrationChecksumError extends Error {}

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sqlFiles(dir: string, pattern: RegExp): Array<{ name: string; text: string; sum: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      return { name, text, sum: checksum(text) };
    });
}

/**
 * Brings the schema up to date under an advisory lock (DESIGN.md section 8): first the migrations
 * not yet applied, each in its own transaction with its checksum; then every functions file whose
 * text changed since it was last applied. Refuses to start when an applied migration's file was
 * edited or removed. Returns the names of what it applied.
 */
export async function migrate(db: Database, dirs: MigrationDirs = DEFAULT_DIRS): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await conn.transaction().execute(async (trx) => {
        const ran = await applyMigrations(trx, dirs.migrations);
        return [...ran, ...(await applyFunctions(trx, dirs.functions))];
      });
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function applyMigrations(trx: Transaction<DB>, dir: string): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`.execute(trx);
  await sql`ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum TEXT`.execute(trx);
  const files = sqlFiles(dir, /^\d{4}_[\w-]+\.sql$/);
  const byName = new Map(files.map((f) => [f.name, f]));
  const done = await sql<{ name: string; checksum: string | null }>`
    SELECT name, checksum FROM schema_migrations ORDER BY name`.execute(trx);
  for (const row of done.rows) {
    const file = byName.get(row.name);
    if (!file) {
      throw new MigrationChecksumError(
        `Migration ${row.name} was applied to this database but its file is missing from ${dir}. ` +
          'Restore the committed file: applied migrations are never removed (DESIGN.md section 8).',
      );
    }
    // A database from before checksums were kept (its runner stored names only) takes today's
    // files as the texts it ran: nothing recorded can say otherwise, and from now on they hold.
    if (row.checksum === null) {
      await sql`UPDATE schema_migrations SET checksum = ${file.sum} WHERE name = ${row.name}`.execute(trx);
    } else if (row.checksum !== file.sum) {
      throw new MigrationChecksumError(
        `Migration ${row.name} was edited after it was applied to this database (its checksum ` +
          `${file.sum.slice(0, 12)} differs from the applied ${row.checksum.slice(0, 12)}). Restore ` +
          'the committed text (git checkout -- the file) and put the change in a new migration; a ' +
          'function or view belongs in db/functions/ (DESIGN.md section 8).',
      );
    }
  }
  const applied = new Set(done.rows.map((r) => r.name));
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file.name)) continue;
    await sql.raw(file.text).execute(trx);
    await sql`INSERT INTO schema_migrations (name, checksum) VALUES (${file.name}, ${file.sum})`.execute(trx);
    ran.push(file.name);
  }
  return ran;
}

/** The functions and views in their current text: CREATE OR REPLACE, so applying again is harmless. */
async function applyFunctions(trx: Transaction<DB>, dir: string): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_functions (
    name TEXT PRIMARY KEY,
    checksum TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`.execute(trx);
  const done = await sql<{ name: string; checksum: string }>`
    SELECT name, checksum FROM schema_functions`.execute(trx);
  const applied = new Map(done.rows.map((r) => [r.name, r.checksum]));
  const ran: string[] = [];
  for (const file of sqlFiles(dir, /^[\w-]+\.sql$/)) {
    if (applied.get(file.name) === file.sum) continue;
    await sql.raw(file.text).execute(trx);
    await sql`INSERT INTO schema_functions (name, checksum) VALUES (${file.name}, ${file.sum})
      ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`.execute(trx);
    ran.push(`functions/${file.name}`);
  }
  return ran;
}
