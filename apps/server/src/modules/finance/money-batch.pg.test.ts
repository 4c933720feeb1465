import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { balanceOf, fund, ledgerCount, USD, UZS } from './finance.fixtures.ts';

// Group commit (db/money-batch.ts) on PostgreSQL: operations that arrive together go
// in one transaction, each with the outcome it has alone. The widest window the server accepts
// (1 s) puts the requests each test sends at once into one batch even on a busy machine, and an
// operation sent a quarter of a second after another joins the other's batch behind it: the
// ledger rows of one transaction share their created_at (now() is the transaction's start).

/** The pause between two operations that must reach the batch in this order. */
const THEN_MS = 250;

let t: TestApp;
let kassir: ApiClient;
let manager: ApiClient;
let users: Record<'Kassir' | 'manager', TestUser>;

beforeAll(async () => {
  t = await startTestApp({ env: { MONEY_BATCH_MS: '1000', MONEY_BATCH_CONCURRENCY: '1' } });
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager'] as const);
  ({ Kassir: kassir, manager } = setup.as);
  users = setup.users;
  await fund(t.db, users.manager, USD, '100');
  await fund(t.db, users.Kassir, USD, '1000');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const exchange = (amount: string, key?: string, as: ApiClient = manager) =>
  as.post(
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

/** Resolves once a batch of this test's database waits for a row lock, with the waiting backends' pids. */
async function untilBatchWaits(): Promise<number[]> {
  // The batch leaves after its window (1 s): look for its waiting backend for up to 10 s.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(10)) {
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND query LIKE '%money_apply_batch%'`.execute(t.db);
    if (rows.length > 0) return rows.map((r) => r.pid);
  }
  throw new Error('no batch waited for a lock within 10 s');
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

describe('a batch applied together', () => {
  const approve = (id: number, key: string) =>
    manager.post(`offers/offers/${id}/approve/`, {}, { 'idempotency-key': key });

  it('gives each operation its own rows, audit line, notification and stored answer', async () => {
    const [seven, eight] = [await pendingOffer('7'), await pendingOffer('8')];
    const since = await lastLedgerId();
    const { rows: audits } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db);
    const answers = await Promise.all([
      exchange('1', 'together-1'),
      approve(seven, 'together-2'),
      exchange('2', 'together-3'),
      approve(eight, 'together-4'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 200, 201, 200]);
    expect(await batchTimes(since)).toHaveLength(1);
    const [one, seventh, two, eighth] = answers.map((a) => a.body);
    expect([one.outgoing.amount, one.incoming.amount]).toEqual(['-1.00', '12650.00']);
    expect([two.outgoing.amount, two.incoming.amount]).toEqual(['-2.00', '25300.00']);
    expect([seventh.id, seventh.status, eighth.id, eighth.status]).toEqual([
      seven,
      'APPROVED',
      eight,
      'APPROVED',
    ]);
    // Each answer names the rows written for it.
    const { rows } = await sql<{
      id: number;
      amount: string;
      exchange_group: string | null;
      offer_id: number | null;
    }>`
      SELECT id::int, amount::text, exchange_group::text, offer_id FROM money_transactions
      WHERE id > ${since} ORDER BY id`.execute(t.db);
    expect(rows).toHaveLength(8);
    for (const e of [one, two]) {
      expect(rows.find((r) => r.id === e.outgoing.id)).toMatchObject({
        amount: e.outgoing.amount,
        exchange_group: e.exchange_group,
      });
      expect(rows.find((r) => r.id === e.incoming.id)).toMatchObject({
        amount: e.incoming.amount,
        exchange_group: e.exchange_group,
      });
    }
    expect(rows.filter((r) => r.offer_id === seven).map((r) => r.amount)).toEqual(['-7.00', '7.00']);
    expect(rows.filter((r) => r.offer_id === eight).map((r) => r.amount)).toEqual(['-8.00', '8.00']);
    const { rows: after } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db);
    expect(after[0]?.n).toBe((audits[0]?.n ?? 0) + 4);
    const { rows: decided } = await sql<{ entity_id: string }>`
      SELECT entity_id FROM notifications WHERE kind = 'OFFER_DECIDED' AND user_id = ${users.Kassir.id}
      AND entity_id IN (${String(seven)}, ${String(eight)}) ORDER BY entity_id`.execute(t.db);
    expect(decided).toHaveLength(2);
    // The keys replay each its own answer, and nothing moves again.
    const replays = await Promise.all([
      exchange('1', 'together-1'),
      approve(seven, 'together-2'),
      exchange('2', 'together-3'),
      approve(eight, 'together-4'),
    ]);
    expect(replays.map((r) => r.body)).toEqual(answers.map((a) => a.body));
    expect(await lastLedgerId()).toBe(rows.at(-1)?.id);
  });

  it("refuses a debit that only a later operation's credit would cover, as one by one", async () => {
    const usd = Number(await balanceOf(t.db, users.manager.id, USD));
    const firstOffer = await pendingOffer('50');
    const since = await lastLedgerId();
    // The exchange arrives first: at its turn the balance lacks the 50 the approval brings.
    const early = exchange(String(usd + 10), 'turn-1');
    await sleep(THEN_MS);
    const [refused, approved] = await Promise.all([early, approve(firstOffer, 'turn-2')]);
    expect(refused.status).toBe(409);
    expect(approved.status).toBe(200);
    expect(await batchTimes(since)).toHaveLength(1);
    expect(await balanceOf(t.db, users.manager.id, USD)).toBe((usd + 50).toFixed(2));

    // The other way round, the approval's credit covers the exchange at its turn: both land.
    const secondOffer = await pendingOffer('50');
    const later = await lastLedgerId();
    const credit = approve(secondOffer, 'turn-3');
    await sleep(THEN_MS);
    const [credited, covered] = await Promise.all([credit, exchange(String(usd + 60), 'turn-4')]);
    expect([credited.status, covered.status]).toEqual([200, 201]);
    expect(await batchTimes(later)).toHaveLength(1);
    expect(await balanceOf(t.db, users.manager.id, USD)).toBe('40.00');
  });
});

describe('a batch applied together, where one by one differs', () => {
  it('refuses an amount out of range and lands the others of its batch', async () => {
    await fund(t.db, users.manager, USD, '20000');
    const before = await ledgerCount(t.db);
    const since = await lastLedgerId();
    const [ok, huge] = await Promise.all([
      exchange('1'),
      // 10,001 USD at the largest rate accepted comes to more than a ledger amount holds.
      manager.post('offers/exchanges/', {
        from_currency: USD,
        to_currency: UZS,
        from_amount: '10001',
        custom_rate: '99999999999999',
      }),
    ]);
    expect(ok.status).toBe(201);
    expect(huge.status).toBe(400);
    expect(await batchTimes(since)).toHaveLength(1);
    expect(await ledgerCount(t.db)).toBe(before + 2);
  });

  it('approves one offer twice in a batch once: the money moves once, the second is 409', async () => {
    const offer = await pendingOffer('3');
    const since = await lastLedgerId();
    const before = await ledgerCount(t.db);
    const answers = await Promise.all([
      manager.post(`offers/offers/${offer}/approve/`),
      manager.post(`offers/offers/${offer}/approve/`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await batchTimes(since)).toHaveLength(1);
    expect(await ledgerCount(t.db)).toBe(before + 2);
  });

  it('keeps the balance row of a credit and a debit that cancel out, as one by one', async () => {
    const fresh = await createUser(t.db, { businessId: users.manager.businessId, role: 'manager' });
    const client = await signIn(t.url, fresh);
    const created = await kassir.post('offers/offers/', {
      from_user: users.Kassir.id,
      to_user: fresh.id,
      money_lines: [{ currency: USD, amount: '10' }],
      reason_text: "Bo'lim xarajatlari uchun",
    });
    expect((await kassir.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
    const since = await lastLedgerId();
    const credit = client.post(`offers/offers/${created.body.id}/approve/`);
    await sleep(THEN_MS);
    const debit = client.post('offers/exchanges/', {
      from_currency: USD,
      to_currency: UZS,
      from_amount: '10',
    });
    expect([(await credit).status, (await debit).status]).toEqual([200, 201]);
    expect(await batchTimes(since)).toHaveLength(1);
    expect(await balanceOf(t.db, fresh.id, USD)).toBe('0.00');
    const mine = await client.get('finance/balances/my-user/');
    expect(
      mine.body.map((b: { currency_code: string; on_hand: string }) => [b.currency_code, b.on_hand]),
    ).toEqual(expect.arrayContaining([['USD', '0.00']]));
  });
});

describe('a batch applied one by one', () => {
  it('takes all its locks in the one order before applying any operation, as a batch together does', async () => {
    // Two batches that lock the same rows in different orders can wait for each other (a
    // deadlock fails both, and their operations try again). One by one, each operation would lock
    // its rows in its turn: a batch whose first operation is the higher user's exchange would
    // hold that user's rows while it waits for the lower user's.
    const [low, high] = [
      { id: users.Kassir.id, as: kassir },
      { id: users.manager.id, as: manager },
    ].sort((a, b) => a.id - b.id) as [{ id: number; as: ApiClient }, { id: number; as: ApiClient }];
    const before = await ledgerCount(t.db);
    let answers!: Promise<Awaited<ReturnType<ApiClient['post']>>[]>;
    let highFree = false;
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM balances WHERE user_id = ${low.id} FOR UPDATE`.execute(trx);
      // The same key twice sends the batch one by one at once, before it locks anything.
      const first = exchange('1', 'in-order-1', high.as);
      await sleep(THEN_MS);
      answers = Promise.all([
        first,
        exchange('1', 'in-order-2', low.as),
        exchange('1', 'in-order-1', high.as),
      ]);
      await untilBatchWaits();
      // The batch waits for the lower user's rows: it must not hold the higher user's meanwhile.
      highFree = await t.db
        .transaction()
        .execute(async (probe) => {
          await sql`SELECT 1 FROM balances WHERE user_id = ${high.id} FOR UPDATE NOWAIT`.execute(probe);
          return true;
        })
        .catch(() => false);
    });
    const [first, second, replay] = await answers;
    expect(highFree, "the batch held the higher user's rows while it waited").toBe(true);
    expect([first?.status, second?.status, replay?.status]).toEqual([201, 201, 201]);
    expect(replay?.body).toEqual(first?.body);
    expect(await ledgerCount(t.db)).toBe(before + 4);
  });
});

describe('a batch cut short', () => {
  it('acknowledges nothing when its connection is killed before it commits', async () => {
    const before = await ledgerCount(t.db);
    const usd = await balanceOf(t.db, users.manager.id, USD);
    let answers!: Promise<Awaited<ReturnType<ApiClient['post']>>[]>;
    await t.db.transaction().execute(async (trx) => {
      // The batch waits for the manager's balance row, held here; then its backend is killed.
      await sql`SELECT 1 FROM balances WHERE user_id = ${users.manager.id} FOR UPDATE`.execute(trx);
      answers = Promise.all([exchange('1'), exchange('1')]);
      const pids = await untilBatchWaits();
      await sql`SELECT pg_terminate_backend(pid) FROM unnest(${pids}::int[]) AS pid`.execute(t.db);
    });
    const statuses = (await answers).map((a) => a.status);
    expect(statuses).toEqual([503, 503]);
    expect(await ledgerCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, users.manager.id, USD)).toBe(usd);
    // The pool reconnects: the next batch lands.
    expect((await exchange('1')).status).toBe(201);
  });
});
