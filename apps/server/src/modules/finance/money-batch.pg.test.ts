import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { adminUrl } from '../../../test/env.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { balanceOf, fund, ledgerCount, USD, UZS } from './finance.fixtures.ts';

// Group commit (modules/finance/money-batch.ts) on PostgreSQL: operations that arrive together go
// in one transaction, each with the outcome it has alone. A wide window (300 ms) puts the
// requests each test sends at once into one batch: the ledger rows of one transaction share
// their created_at (now() is the transaction's start).

let t: TestApp;
let kassir: ApiClient;
let manager: ApiClient;
let users: Record<'Kassir' | 'manager', TestUser>;

beforeAll(async () => {
  t = await startTestApp({ env: { MONEY_BATCH_MS: '300', MONEY_BATCH_CONCURRENCY: '1' } });
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager'] as const);
  ({ Kassir: kassir, manager } = setup.as);
  users = setup.users;
  await fund(t.db, users.manager, USD, '100');
  await fund(t.db, users.Kassir, USD, '1000');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const exchange = (amount: string, key?: string) =>
  manager.post(
    'offers/exchanges/',
    { from_currency: USD, to_currency: UZS, from_amount: amount },
    key ? { 'idempotency-key': key } : {},
  );

async function pendingOffer(amount: string): Promise<number> {
  const created = await kassir.post('offers/offers/', {
    from_user: users.Kassir.id,
    to_user: users.manager.id,
    money_lines: [{ currency: USD, amount }],
    reason_text: "Bo'lim xarajatlari uchun",
  });
  expect(created.status).toBe(201);
  expect((await kassir.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
  return created.body.id;
}

async function batchTimes(since: number): Promise<string[]> {
  const { rows } = await sql<{ at: string }>`
    SELECT DISTINCT created_at::text AS at FROM money_transactions WHERE id > ${since}`.execute(t.db);
  return rows.map((r) => r.at);
}

async function lastLedgerId(): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`SELECT coalesce(max(id), 0)::int AS id FROM money_transactions`.execute(t.db);
  return rows[0]?.id ?? 0;
}

describe('a batch', () => {
  it('lands the good operations and refuses the bad ones, each with its own answer', async () => {
    const offer = await pendingOffer('10');
    const decided = await pendingOffer('5');
    expect((await kassir.post(`offers/offers/${decided}/cancel/`)).status).toBe(200);
    const since = await lastLedgerId();
    const before = await ledgerCount(t.db);
    const [ok, overdraft, approved, wrongState, zero] = await Promise.all([
      exchange('1'),
      exchange('1000000'),
      manager.post(`offers/offers/${offer}/approve/`),
      manager.post(`offers/offers/${decided}/approve/`),
      exchange('0.001'),
    ]);
    expect(ok.status).toBe(201);
    expect(overdraft.status).toBe(409);
    expect(overdraft.body.detail).toContain("USD balansida mablag' yetarli emas");
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('APPROVED');
    expect(wrongState.status).toBe(409);
    expect(zero.status).toBe(400);
    // The exchange's two legs and the approval's two rows: one transaction.
    expect(await batchTimes(since)).toHaveLength(1);
    expect(await ledgerCount(t.db)).toBe(before + 4);
    expect(await balanceOf(t.db, users.manager.id, USD)).toBe('109.00');
  });

  it('answers the same Idempotency-Key twice in one batch once, and moves money once', async () => {
    const before = await ledgerCount(t.db);
    const since = await lastLedgerId();
    const [first, second, other] = await Promise.all([
      exchange('2', 'same-batch-key'),
      exchange('2', 'same-batch-key'),
      exchange('3', 'same-batch-key'),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    // The same key with another body is refused, in the same batch too.
    expect(other.status).toBe(409);
    expect(await ledgerCount(t.db)).toBe(before + 2);
    expect(await batchTimes(since)).toHaveLength(1);
  });
});

describe('a batch cut short', () => {
  it('acknowledges nothing when its connection is killed before it commits', async () => {
    const before = await ledgerCount(t.db);
    const usd = await balanceOf(t.db, users.manager.id, USD);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      let answers!: Promise<Awaited<ReturnType<ApiClient['post']>>[]>;
      await t.db.transaction().execute(async (trx) => {
        // The batch waits for the manager's balance row, held here; then its backend is killed.
        await sql`SELECT 1 FROM balances WHERE user_id = ${users.manager.id} FOR UPDATE`.execute(trx);
        answers = Promise.all([exchange('1'), exchange('1')]);
        const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(trx);
        for (let i = 0; i < 300; i++) {
          const killed = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%money_apply_batch%'`,
            [rows[0]?.name],
          );
          if (killed.rowCount) break;
          await new Promise((r) => setTimeout(r, 10));
        }
      });
      const statuses = (await answers).map((a) => a.status);
      expect(statuses).toEqual([503, 503]);
    } finally {
      await admin.end();
    }
    expect(await ledgerCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, users.manager.id, USD)).toBe(usd);
    // The pool reconnects: the next batch lands.
    expect((await exchange('1')).status).toBe(201);
  });
});
