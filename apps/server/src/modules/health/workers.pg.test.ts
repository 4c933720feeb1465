import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, dbUrl, serverDbUrl, TEMPLATE_DB } from '../../../test/env.ts';

// WEB_CONCURRENCY on PostgreSQL (server.ts): the real server process with two workers. A worker
// that dies is replaced while the other keeps serving; on shutdown none is replaced.

const root = path.resolve(import.meta.dirname, '../../../../..');
const dbName = `bo_test_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-workers-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The primary's worker processes. */
function workerPids(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One request on a fresh connection (each may land on another worker); 0 if none answers. */
function status(url: string, timeoutMs = 3000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

describe('WEB_CONCURRENCY workers', () => {
  it('replaces a worker that dies, keeps serving meanwhile, and replaces none on shutdown', async () => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const port = await freePort();
    let stderr = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        // Behind PgBouncer in its tier: the migrations and LISTEN go to PostgreSQL itself.
        DATABASE_URL: serverDbUrl(dbName),
        DATABASE_DIRECT_URL: dbUrl(dbName),
        WEB_CONCURRENCY: '2',
        DB_POOL_SIZE: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'silent',
        DEMO: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const primary = server.pid ?? 0;
    const live = `http://127.0.0.1:${port}/api/health/live/`;
    const before = await until(
      'two workers serving',
      async () => {
        const pids = workerPids(primary);
        return pids.length === 2 && (await status(live)) === 200 ? pids : undefined;
        // Two workers compile the server with tsx: slow while the rest of the suite loads the cores
        // (npm test runs the PGlite tier beside this one; a run under other load took over 60 s).
      },
      150_000,
    ).catch((err) => {
      throw new Error(`${(err as Error).message}; the server said: ${stderr}`);
    });

    process.kill(before[0] ?? 0, 'SIGKILL');
    // The other worker answers while the replacement starts (a connection the primary handed to
    // the dying worker at that instant is lost with it: a load balancer retries such a request).
    await until('the primary to see the death', () =>
      workerPids(primary).join() === String(before[1]) ? true : undefined,
    );
    const servedAlone = await until(
      'the other worker serving',
      async () => ((await status(live, 300)) === 200 ? workerPids(primary) : undefined),
      900,
    );
    expect(servedAlone).toEqual([before[1]]);
    const after = await until('a replacement worker', () => {
      const pids = workerPids(primary);
      return pids.length === 2 && !pids.includes(before[0] ?? 0) ? pids : undefined;
    });
    expect(after).toContain(before[1]);
    expect(stderr).toMatch(/died \(SIGKILL\).*a new one starts in 1000 ms/);
    await until('the replacement serving', async () => ((await status(live)) === 200 ? true : undefined));

    const exited = new Promise<number | null>((resolve) => server?.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workerPids(primary)).toEqual([]);
    expect(stderr.match(/died/g)).toHaveLength(1);
  }, 240_000);
});
