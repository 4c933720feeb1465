import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fchmodSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/connection.ts';
import { CliError } from './admin.commands.ts';

// `npm run admin -- backup <file>` and `restore <file> [--force]` on both engines: PostgreSQL's
// own pg_dump / pg_restore (custom format), and for the embedded database PGlite's data-directory
// tarball (dumpDataDir), loaded into an empty data directory.

/** The database a backup is taken from: a PostgreSQL URL, or an open PGlite's dump. */
export type BackupSource = { databaseUrl: string } | { dumpDataDir: () => Promise<Blob> };
/** Where a backup is restored to: an (empty) PostgreSQL database, or an embedded data directory. */
export type RestoreTarget = { databaseUrl: string } | { pgliteDir: string };

/** pg_dump and pg_restore on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function findProgram(name: 'pg_dump' | 'pg_restore'): string {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(base, v, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new CliError(
    `${name} is not installed: install PostgreSQL's client programs (Debian: apt-get install -y postgresql-client, the same major version as the server or newer) or put ${name} on PATH`,
  );
}

/** Runs a PostgreSQL client program; the password goes in PGPASSWORD, not on its command line. */
function runPgProgram(name: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    execFile(findProgram(name), [...args, `--dbname=${url.toString()}`], { env }, (err, _out, stderr) =>
      err ? reject(new CliError(`${name} failed: ${stderr.trim() || err.message}`)) : resolve(),
    );
  });
}

/** A backup holds every password hash and every figure of the business: its owner alone reads it. */
const BACKUP_MODE = 0o600;

/**
 * Writes a backup through a file beside `file`, made 0600 before anything is in it and renamed
 * over `file` when complete: other local users can read it at no moment (pg_dump keeps the mode
 * of the file it is given), a file already at `file` is replaced with this mode rather than
 * keeping its own, and a failed backup leaves the one before it as it was.
 */
async function writePrivately(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  const fd = openSync(partial, 'wx', BACKUP_MODE);
  try {
    try {
      // The umask only takes bits away: an odd one that took the owner's too is undone here.
      fchmodSync(fd, BACKUP_MODE);
    } finally {
      closeSync(fd);
    }
    await write(partial);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

export async function backupDatabase(source: BackupSource, file: string): Promise<string> {
  if ('databaseUrl' in source) {
    const { databaseUrl } = source;
    await writePrivately(file, (partial) =>
      runPgProgram('pg_dump', databaseUrl, ['--format=custom', `--file=${partial}`]),
    );
    return `PostgreSQL backup written to ${file} (pg_dump custom format)`;
  }
  const dump = await source.dumpDataDir();
  const bytes = Buffer.from(await dump.arrayBuffer());
  await writePrivately(file, async (partial) => writeFileSync(partial, bytes));
  return `embedded database backup written to ${file} (a PGlite data-directory tarball)`;
}

async function userTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  const tables = await userTableCount(databaseUrl);
  if (tables > 0 && !force) {
    throw new CliError(
      `the database already holds ${tables} tables: restore into an empty database (createdb a new one and point DATABASE_URL at it), or pass --force to drop and replace everything the backup holds`,
    );
  }
  // One transaction: a restore that fails half-way leaves the database as it was.
  await runPgProgram('pg_restore', databaseUrl, [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    ...(tables > 0 ? ['--clean', '--if-exists'] : []),
    file,
  ]);
  return `PostgreSQL database restored from ${file}`;
}

async function restorePglite(dir: string, file: string, force: boolean): Promise<string> {
  let movedTo = '';
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!force) {
      throw new CliError(
        `${dir} already holds a database: stop the server and restore into an empty DATA_DIR, or pass --force to move the current database aside first`,
      );
    }
    movedTo = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, movedTo);
  }
  const handle = await openDatabase({ pgliteDir: dir, pgliteLoad: new Blob([readFileSync(file)]) });
  await handle.close();
  return `embedded database restored from ${file} into ${dir}${movedTo ? `; the previous one is in ${movedTo}` : ''}`;
}

export async function restoreDatabase(target: RestoreTarget, file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new CliError(`no backup file ${file}`);
  return 'databaseUrl' in target
    ? restorePostgres(target.databaseUrl, file, force)
    : restorePglite(target.pgliteDir, file, force);
}
