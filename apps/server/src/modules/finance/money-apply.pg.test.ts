import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { untilWaiting as waitForLocks } from '../../../test/lock-waits.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { fund, ledgerCount, USD } from './finance.fixtures.ts';

// Two requests with the same Idempotency-Key: the second waits at the key (idempotency_claim's
// lock) until the first commits, then replays its answer: money moves once. The overlap is forced
// by holding the balance row the first request needs, so PostgreSQL only. Each request alone
// (group commit off): the same key within one batch is money-batch.pg.test.ts's.

let t: TestApp;
let me: ApiClient;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { MONEY_BATCH_MS: '0' } });
  const setup = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  me = setup.as.manager;
  user = setup.users.manager;
  await fund(t.db, user, USD, '100');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const untilWaiting = (n: number) => waitForLocks(t.db, n);

it('moves money once when two requests with the same key both pass the key check', async () => {
  const headers = { 'idempotency-key': 'race-same-key' };
  const body = { from_currency: USD, to_currency: 2, from_amount: '1.00' };
  const before = await ledgerCount(t.db);

  let answers!: Promise<Awaited<ReturnType<ApiClient['post']>>[]>;
  await t.db.transaction().execute(async (trx) => {
    // Both requests read the key (none yet), then wait here for the USD balance row.
    await sql`SELECT 1 FROM balances WHERE user_id = ${user.id} FOR UPDATE`.execute(trx);
    answers = Promise.all([
      me.post('offers/exchanges/', body, headers),
      me.post('offers/exchanges/', body, headers),
    ]);
    await untilWaiting(2);
  });
  const [first, second] = await answers;
  expect([first?.status, second?.status]).toEqual([201, 201]);
  expect(second?.body).toEqual(first?.body);
  expect(await ledgerCount(t.db)).toBe(before + 2);
});
