import { setTimeout as sleep } from 'node:timers/promises';
import { D } from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../../scripts/postgres.mjs';
import { ApiClient } from '../../../test/client.ts';
import { adminUrl } from '../../../test/env.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants, currencyTotals } from '../../../test/money-invariants.ts';
import { type LoadReport, startMoneyLoad } from '../../../test/money-load.ts';
import { fund, USD, UZS } from '../finance/finance.fixtures.ts';

// Database faults under load (DESIGN.md section 1: a stateless server on one PostgreSQL): the
// server's connections are killed, or PostgreSQL restarts, while clients move money. The server
// process stays up (an unhandled 'error' event would end this test process), answers 503 with
// Retry-After while the database is away and 2xx once it is back, and no money is lost or doubled.

const ROLES = ['Kassir', 'manager', 'Owner', 'Omborchi', 'Bozorchi', "Ta'minotchi"] as const;

async function fundedParties(t: TestApp) {
  const { as, users } = await createSignedInUsers(t.db, t.url, ROLES);
  for (const role of ROLES) {
    await fund(t.db, users[role], USD, '100000');
    await fund(t.db, users[role], UZS, '900000000');
  }
  return ROLES.map((role) => ({ as: as[role], user: users[role] }));
}

function expectOnlyExpectedAnswers(report: LoadReport) {
  const seen = Object.fromEntries(report.statuses);
  // Success, a refused shortfall, or "try again shortly": never a 500.
  expect(
    Object.keys(seen).every((s) => ['200', '201', '409', '503'].includes(s)),
    JSON.stringify(seen),
  ).toBe(true);
  expect(seen[503] ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
  const unavailable = report.unavailable;
  expect(Number(unavailable?.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(unavailable?.body.detail).toMatch(/birozdan keyin qayta urinib ko'ring/);
}

/** After the fault every client's next move succeeds, and the books balance. */
async function expectRecovered(t: TestApp, parties: Awaited<ReturnType<typeof fundedParties>>) {
  const after = await Promise.all(
    parties.map((p) =>
      p.as.post('offers/exchanges/', { from_currency: USD, to_currency: UZS, from_amount: '1.00' }),
    ),
  );
  expect(after.map((r) => r.status)).toEqual(parties.map(() => 201));
  await assertMoneyInvariants(t.db);
  for (const c of await currencyTotals(t.db)) {
    expect(new D(c.offers).isZero(), `currency ${c.currency_id}: offers only move money`).toBe(true);
    expect(new D(c.balances).eq(new D(c.outside).add(c.exchanged)), `currency ${c.currency_id}`).toBe(true);
  }
}

describe('PostgreSQL terminates the server connections under load', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers 503 for the requests it cut, and 2xx right after, without losing money', async () => {
    t = await startTestApp({ poolSize: 8 });
    const parties = await fundedParties(t);
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
    const dbName = rows[0]?.name;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    const load = startMoneyLoad(parties);
    try {
      await sleep(300);
      for (let round = 0; round < 6; round++) {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        await sleep(150);
      }
      await sleep(300);
    } finally {
      await load.stop();
      await admin.end();
    }
    expectOnlyExpectedAnswers(load.report);
    expect(load.report.statuses.get(201) ?? 0).toBeGreaterThan(10);
    await expectRecovered(t, parties);
  }, 30_000);
});

describe('PostgreSQL restarts under load', () => {
  let cluster: ThrowawayPostgres;
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  it('answers 503 while it is down, is not ready, and serves again once it is back', async () => {
    // A cluster of its own: the suite's shared one serves the other test files meanwhile.
    cluster = await startThrowawayPostgres();
    t = await startTestApp({ databaseUrl: cluster.url, poolSize: 8 });
    const parties = await fundedParties(t);
    const anon = new ApiClient(t.url);
    const load = startMoneyLoad(parties);
    try {
      await sleep(300);
      await cluster.halt();
      await sleep(300);
      expect((await anon.get('health/live/')).status).toBe(200);
      const ready = await anon.get('health/ready/');
      expect(ready.status).toBe(503);
      expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
      const down = await parties[0]?.as.post('offers/exchanges/', {
        from_currency: USD,
        to_currency: UZS,
        from_amount: '2.00',
      });
      expect(down?.status).toBe(503);
      await cluster.start();
      let readyAgain = 0;
      for (let i = 0; i < 100 && readyAgain !== 200; i++) {
        readyAgain = (await anon.get('health/ready/')).status;
        if (readyAgain !== 200) await sleep(100);
      }
      expect(readyAgain).toBe(200);
      await sleep(300);
    } finally {
      await load.stop();
    }
    expectOnlyExpectedAnswers(load.report);
    await expectRecovered(t, parties);
  }, 30_000);
});
