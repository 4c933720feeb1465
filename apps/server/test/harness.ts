import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase, openReplica } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import type { ApiClient } from './client.ts';
import {
  adminUrl,
  dbUrl,
  OWNER_ROLE,
  SERVER_ROLE,
  serverDbUrl,
  TEMPLATE_DB,
  TEMPLATE_ENV,
  testDbKind,
} from './env.ts';
import { createSignedInUsers, type TestUser } from './factories.ts';
import { tenantGuard } from './tenant-guard.ts';

declare module 'vitest' {
  interface ProvidedContext {
    [TEMPLATE_ENV]: string;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT: tests speak real HTTP to the real server. */
  url: string;
  /** For fixtures and checks: on PostgreSQL the test user's connection, not the server's role. */
  db: DatabaseHandle['db'];
  kind: DatabaseHandle['kind'];
  /** PGlite only: the database as a data-directory tarball (the backup tests). */
  dumpDataDir: DatabaseHandle['dumpDataDir'];
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: () => Date;
  poolSize?: number;
  webDist?: string;
  env?: Record<string, string>;
  /** An empty PostgreSQL database of the test's own (the fault tests restart its cluster). */
  databaseUrl?: string;
  /** A streaming replica of `databaseUrl` the reports read from (DESIGN.md section 24). */
  replicaUrl?: string;
  /** Runs the timed jobs, as the server does (the Central Bank import's tests). */
  schedules?: boolean;
  /** Receives the server's pino log at level info (the production logger with its redaction). */
  logStream?: { write(line: string): void };
}

/** Starts the whole app on a fresh, migrated database of the engine TEST_DB names. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
  let handle: DatabaseHandle;
  // The HTTP server's own connection: on PostgreSQL the restricted SERVER_ROLE.
  let serverHandle: DatabaseHandle | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  if (options.databaseUrl) {
    handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: options.poolSize ?? 20 });
    await migrate(handle.db);
  } else if (testDbKind() === 'pglite') {
    const template = readFileSync(inject(TEMPLATE_ENV));
    handle = await openDatabase({ pgliteLoad: new Blob([template]) });
  } else {
    const name = `bo_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB} OWNER ${OWNER_ROLE}`);
    await admin.end();
    handle = await openDatabase({ databaseUrl: dbUrl(name) });
    // Through PgBouncer in its tier (TEST_POOLER_URL); LISTEN always to PostgreSQL itself.
    serverHandle = await openDatabase({
      databaseUrl: serverDbUrl(name, SERVER_ROLE),
      listenUrl: dbUrl(name, SERVER_ROLE),
      poolSize: options.poolSize ?? 20,
    });
    dropDb = async () => {
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Tests serve no web app unless they bring one.
    WEB_DIST: options.webDist ?? path.join(dataDir, 'no-web'),
    ...options.env,
  });
  // The replica's own pool, as server.ts opens it.
  const replica = options.replicaUrl
    ? await openReplica(options.replicaUrl, 4, config.replicaTimeoutMs)
    : null;
  const app = await buildApp({
    config,
    // Every statement the server sends names business_id when it names a business's table
    // (DESIGN.md section 24; test/tenant-guard.ts).
    db: (serverHandle ?? handle).db.withPlugin(
      tenantGuard({ recordTo: process.env.TENANT_GUARD_RECORD, usedTo: process.env.TENANT_GUARD_USED }),
    ),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    ...(options.clock ? { clock: options.clock } : {}),
    engine: handle.kind,
    schedules: options.schedules ?? false,
    listen: (serverHandle ?? handle).listen,
    ...(replica ? { replica: replica.db } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    db: handle.db,
    kind: handle.kind,
    dumpDataDir: handle.dumpDataDir,
    dataDir,
    async close() {
      await app.close();
      await replica?.close();
      await serverHandle?.close();
      await handle.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up most API test files open with: a fresh app and a business with one signed-in user
 * of each given role (STYLE.md "Tests": factories, not copied set-up).
 */
export async function startWithUsers<R extends Role>(roles: readonly R[], options: TestAppOptions = {}) {
  const t = await startTestApp(options);
  return { t, ...(await createSignedInUsers(t.db, t.url, roles)) };
}

/**
 * Runs `test` against an app of its own whose clock stands still until the test moves it on
 * (`advance(ms)`): the expiry and rate-limit tests. The app is closed however the test ends.
 */
export async function withClockedApp(
  test: (app: TestApp, advance: (ms: number) => void) => Promise<void>,
): Promise<void> {
  let now = Date.now();
  const app = await startTestApp({ clock: () => new Date(now) });
  try {
    await test(app, (ms) => {
      now += ms;
    });
  } finally {
    await app.close();
  }
}

/** The Owner of another business, signed in: the outsider every tenancy check asks. */
export async function signInOutsider(t: TestApp): Promise<{ client: ApiClient; user: TestUser }> {
  const other = await createSignedInUsers(t.db, t.url, ['Owner'] as const);
  return { client: other.as.Owner, user: other.users.Owner };
}

/**
 * A mail as nodemailer wrote it, readable: each part's body decoded by its
 * Content-Transfer-Encoding (quoted-printable, or base64 for mostly non-Latin text) as UTF-8.
 */
export function readMail(raw: string): string {
  const decodeQuotedPrintable = (body: string) =>
    Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return raw
    .split(/\r?\n(?=--)/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return `${head}\n\n${decodeQuotedPrintable(body)}`;
      return part;
    })
    .join('\n');
}

/** The newest message mailed to `email` through the mail drop (nodemailer's real output), readable. */
export function lastMail(dataDir: string, email: string, after = 0): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith(`-${email}.eml`));
  } catch {}
  const last = files
    .filter((f) => Number(f.split('-')[0]) >= after)
    .sort()
    .at(-1);
  return last && readMail(readFileSync(path.join(dataDir, 'mail', last), 'latin1'));
}

/** The first match of `pattern` in the newest message mailed to `email` through the mail drop. */
export async function waitForMail(
  dataDir: string,
  email: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const match = pattern.exec(lastMail(dataDir, email, after) ?? '');
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing matching ${pattern} was mailed to ${email}`);
}

/** The newest one-time code mailed to `email`. */
export function waitForMailedCode(dataDir: string, email: string, after = 0): Promise<string> {
  return waitForMail(dataDir, email, /:\s(\d{6})\b/, after);
}
