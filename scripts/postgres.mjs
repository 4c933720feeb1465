// A throwaway PostgreSQL cluster for the test suite and the benchmarks: initdb in a temp folder,
// pg_ctl start on a free loopback port, stop and delete afterwards. PostgreSQL refuses to run as
// root, so as root the commands run as the `postgres` user.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folder of PostgreSQL's server binaries: `initdb` on `PATH`, else Debian's newest. */
export function findPostgresBinDir(envPath = process.env.PATH ?? '') {
  for (const dir of envPath.split(path.delimiter))
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A temp folder the cluster's files go in, and PostgreSQL's commands in `bin` run in it: as the
 * `postgres` user when we are root (PostgreSQL refuses to run as root).
 */
export function pgRunner(bin, prefix) {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const runAsync = (cmd, args) => {
    const full = path.join(bin, cmd);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    return new Promise((resolve, reject) => execFile(file, argv, (err) => (err ? reject(err) : resolve())));
  };
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  /** Stops the cluster in `data` at once and removes the folder; a second call does nothing. */
  const stopper = (data) => {
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    };
  };
  return { dir, run, runAsync, stopper };
}

/** @returns {Promise<{url: string, stop: () => void}>} */
export async function startThrowawayPostgres({ tuned = false, durable = false } = {}) {
  const bin = findPostgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: install it (Debian: apt-get install -y postgresql) or set TEST_DATABASE_URL to a server where the user may create databases.',
    );
  }
  const { dir, run, runAsync, stopper } = pgRunner(bin, 'bo-pg-');
  const data = path.join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    // Tests and the default bench trade durability for speed; `durable` keeps PostgreSQL's
    // defaults, so each commit waits for its WAL flush as in production.
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    tuned ? '-c shared_buffers=1GB -c work_mem=32MB' : '-c shared_buffers=256MB',
  ].join(' ');
  const startArgs = ['-D', data, '-l', path.join(dir, 'log'), '-o', settings, '-w', 'start'];
  run('pg_ctl', startArgs);
  const stop = stopper(data);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    stop,
    // The fault tests take the server down and bring it back on the same port and data, without
    // blocking the event loop of the app under test.
    halt: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => runAsync('pg_ctl', startArgs),
  };
}
