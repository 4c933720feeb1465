// A throwaway PgBouncer in transaction mode in front of a throwaway PostgreSQL cluster
// (DESIGN.md section 24): the API suite's third tier sends the HTTP server's queries through it,
// while the tests' own setup, the migrations and LISTEN go to PostgreSQL directly. PgBouncer
// refuses to run as root, so as root it runs as the `postgres` user, as the cluster does.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres.mjs';

/** Debian's pgbouncer binary on PATH or in /usr/sbin, else null. */
export function findPgBouncer(envPath = process.env.PATH ?? '') {
  for (const dir of [...envPath.split(path.delimiter), '/usr/sbin'])
    if (dir) {
      try {
        execFileSync(path.join(dir, 'pgbouncer'), ['--version'], { stdio: 'ignore' });
        return path.join(dir, 'pgbouncer');
      } catch {}
    }
  return null;
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts PgBouncer (pool_mode transaction) for every database of the cluster at `postgresUrl`;
 * `users` are the roles clients sign in as, with their passwords ('' for none).
 * @returns {Promise<{url: string, stop: () => void}>} url: `postgresUrl` with PgBouncer's port.
 */
export async function startPgBouncer(postgresUrl, users) {
  const binary = findPgBouncer();
  if (!binary) {
    throw new Error('PgBouncer is not installed: install it (Debian: apt-get install -y pgbouncer).');
  }
  const target = new URL(postgresUrl);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-pgbouncer-'));
  const port = await freePort();
  const userlist = Object.entries(users)
    .map(([name, password]) => `"${name}" "${password}"`)
    .join('\n');
  writeFileSync(path.join(dir, 'userlist.txt'), `${userlist}\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'admin_users = postgres',
      'max_client_conn = 2000',
      'default_pool_size = 40',
      // The tests drop each database at their end; PgBouncer forgets its idle server connections.
      'server_idle_timeout = 5',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, gid);
  }
  const ini = path.join(dir, 'pgbouncer.ini');
  // A process group of its own, ended whole: runuser does not pass a signal on to PgBouncer.
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ini], { stdio: 'ignore', detached: true })
    : spawn(binary, [ini], { stdio: 'ignore', detached: true });
  child.unref();
  for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
  if (!(await accepts(port)))
    throw new Error(`PgBouncer did not start (see ${path.join(dir, 'pgbouncer.log')})`);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  const url = new URL(postgresUrl);
  url.port = String(port);
  /** How many transactions PgBouncer has carried to the cluster's databases (its SHOW STATS). */
  const transactions = async () => {
    const { default: pg } = await import('pg');
    const admin = new URL(url);
    admin.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const { rows } = await client.query('SHOW STATS');
      return rows
        .filter((r) => r.database !== 'pgbouncer')
        .reduce((sum, r) => sum + Number(r.total_xact_count ?? 0), 0);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), stop, transactions };
}
