import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWNER_ROLE, serverDbUrl } from '../../../test/env.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { openEventStream } from '../../../test/sse.ts';

// Live events across server processes (DESIGN.md section 13): each process LISTENs on one
// connection of its own, so an event committed by another process reaches the streams open
// here; and that connection comes back after PostgreSQL drops it, with what was missed.

let t: TestApp;
let owner: TestUser;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Owner'] as const);
  owner = setup.users.Owner;
  token = setup.as.Owner.token ?? '';
});
afterAll(() => t.close());

/**
 * Another operating-system process commits an event for `userId` on its own connection (through
 * PgBouncer in that tier: its NOTIFY still reaches this process's LISTEN, DESIGN.md section 24).
 */
async function commitFromAnotherProcess(userId: number, data: object) {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
  const script = `
    const pg = require('pg');
    const c = new pg.Client({ connectionString: process.env.URL });
    c.connect()
      .then(() => c.query("INSERT INTO events (business_id, user_id, type, data) SELECT business_id, id, 'offer', $2 FROM users WHERE id = $1", [process.env.USER_ID, process.env.DATA]))
      .then(() => c.end(), (e) => { console.error(e); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: import.meta.dirname,
    env: {
      ...process.env,
      URL: serverDbUrl(rows[0]?.name ?? '', OWNER_ROLE),
      USER_ID: String(userId),
      DATA: JSON.stringify(data),
    },
  });
}

it("an event committed by another process reaches this process's stream", async () => {
  const stream = await openEventStream(t.url, token);
  await commitFromAnotherProcess(owner.id, { offer_id: 1, status: 'PENDING' });
  expect(JSON.parse((await stream.next()).data)).toEqual({ offer_id: 1, status: 'PENDING' });
  stream.close();
});

it('the listening connection comes back after PostgreSQL drops it, with what was committed meanwhile', async () => {
  const stream = await openEventStream(t.url, token);
  const { rows } = await sql<{ n: number }>`
    SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND query LIKE 'LISTEN%'`.execute(t.db);
  expect(rows[0]?.n).toBe(1);
  await commitFromAnotherProcess(owner.id, { offer_id: 2, status: 'APPROVED' });
  expect(JSON.parse((await stream.next(undefined, 10_000)).data)).toEqual({
    offer_id: 2,
    status: 'APPROVED',
  });
  // And it listens again: the next one arrives as it commits.
  await commitFromAnotherProcess(owner.id, { offer_id: 3, status: 'REJECTED' });
  expect(JSON.parse((await stream.next()).data)).toEqual({ offer_id: 3, status: 'REJECTED' });
  stream.close();
});
