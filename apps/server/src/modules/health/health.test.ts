import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { READY_TIMEOUT_MS } from './health.routes.ts';

// The probes of a load balancer (health.routes.ts) and the 503 of a lost database (lib/errors.ts),
// on a working database and on two broken ones: nothing listening, and a server that never answers.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The app on a PostgreSQL address that refuses or swallows connections. */
async function appOn(databaseUrl: string): Promise<{ api: ApiClient; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), 'bo-health-unused'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: path.join(tmpdir(), 'bo-health-no-web'),
  });
  const app: FastifyInstance = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api: new ApiClient(`http://127.0.0.1:${port}`),
    close: async () => {
      await app.close();
      // A pool stuck connecting to the silent server is abandoned, not awaited.
      void db.destroy().catch(() => {});
    },
  };
}

function expectUnavailable(res: { status: number; body: { detail?: string }; headers: Headers }) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body.detail).toMatch(/qayta urinib ko'ring/);
  expect(res.body.detail).toMatch(/hech narsa yarim saqlanmadi/);
}

describe('health probes', () => {
  it('answers live and ready without authentication while the database answers', async () => {
    const anon = new ApiClient(t.url);
    const live = await anon.get('health/live/');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await anon.get('health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok' });
  });

  it('is live but not ready, and answers 503 with Retry-After, when PostgreSQL refuses connections', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as { port: number };
    await new Promise((r) => probe.close(r));
    const down = await appOn(`postgres://bo@127.0.0.1:${port}/bo`);
    try {
      expect((await down.api.get('health/live/')).status).toBe(200);
      expectUnavailable(await down.api.get('health/ready/'));
      // An ordinary request that needs the database: a 503 to retry, not a 500.
      expectUnavailable(await down.api.post('auth/login/', { email: 'a@b.uz', password: 'whatever1' }));
    } finally {
      await down.close();
    }
  });

  it('is not ready when the database does not answer within the timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    const hung = await appOn(`postgres://bo@127.0.0.1:${port}/bo`);
    try {
      const started = Date.now();
      expectUnavailable(await hung.api.get('health/ready/'));
      expect(Date.now() - started).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 2000);
      expect((await hung.api.get('health/live/')).status).toBe(200);
    } finally {
      await hung.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
