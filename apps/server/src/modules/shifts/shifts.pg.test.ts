import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { untilWaiting as waitForLocks } from '../../../test/lock-waits.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, balanceOf as moneyOf, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock } from '../inventory/inventory.fixtures.ts';

// Cash shifts under real PostgreSQL concurrency (DESIGN.md section 22): a money row in flight when
// the close begins is counted in the shift's expected amount, one that comes after belongs to no
// shift, a shift closes once, a department opens one at a time, and a sale that needs a shift is
// either inside one or refused. The lock order is the shift, then the balance rows.

type R = 'Kassir' | 'Bozorchi';
let t: TestApp;
let as: Record<R, ApiClient>;
let users: Record<R, TestUser>;
let businessId: number;

beforeAll(async () => {
  t = await startTestApp({ poolSize: 30 });
  ({ as, users, businessId } = await createSignedInUsers(t.db, t.url, ['Kassir', 'Bozorchi'] as const));
  await fund(t.db, { id: users.Kassir.id, businessId }, UZS, '1000000');
  await fund(t.db, { id: users.Kassir.id, businessId }, USD, '100');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(() => t.close());

const untilWaiting = (n: number) => waitForLocks(t.db, n);

/** Runs `start` while the department's balance rows are held, until `waiting` statements wait. */
async function whileBalancesHeld<T>(
  departmentId: number,
  waiting: number,
  start: () => Promise<T>,
): Promise<T> {
  let started!: Promise<T>;
  await t.db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM balances WHERE user_id = ${departmentId} ORDER BY currency_id FOR UPDATE`.execute(
      trx,
    );
    started = start();
    await untilWaiting(waiting);
  });
  return started;
}

const openDrawer = async (client: ApiClient, opening: Array<{ currency: number; amount: string }>) => {
  const res = await client.post('shifts/', { opening });
  expect(res.status).toBe(201);
  return res.body.id as number;
};
const income = (amount: string) =>
  as.Kassir.post('finance/money-transactions/external-transaction/', {
    currency: 'UZS',
    amount,
    is_income: true,
    reason_text: 'Kun davomidagi tushum',
  });
const close = (client: ApiClient, id: number, uzs: string, usd: string, key?: string) =>
  client.post(
    `shifts/${id}/close/`,
    {
      counted: [
        { currency: UZS, amount: uzs },
        { currency: USD, amount: usd },
      ],
    },
    key ? { 'idempotency-key': key } : undefined,
  );
const shiftOf = async (rowId: number) =>
  (
    await t.db
      .selectFrom('money_transactions')
      .select('shift_id')
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow()
  ).shift_id;

describe('a close racing the money rows of its department', () => {
  it('counts a row in flight when the close begins in the expected amount', async () => {
    const shift = await openDrawer(as.Kassir, [
      { currency: UZS, amount: '1000000' },
      { currency: USD, amount: '100' },
    ]);
    // The income shares the shift and waits for its balance row; the close waits for the income.
    const [paid, closed] = await whileBalancesHeld(users.Kassir.id, 2, async () => {
      const inFlight = income('50000');
      await untilWaiting(1);
      return Promise.all([inFlight, close(as.Kassir, shift, '1050000', '100')]);
    });
    expect(paid.status).toBe(201);
    expect(closed.status).toBe(200);
    expect(await shiftOf(paid.body.id)).toBe(shift);
    const uzs = closed.body.amounts.find((a: { currency: number }) => a.currency === UZS);
    expect(uzs).toMatchObject({ expected: '1050000.00', difference: '0.00' });
    expect(await moneyOf(t.db, users.Kassir.id, UZS)).toBe('1050000.00');
  });

  it('leaves a row that waits for the close outside the shift', async () => {
    const shift = await openDrawer(as.Kassir, [
      { currency: UZS, amount: '1050000' },
      { currency: USD, amount: '100' },
    ]);
    // The close holds its shift and waits for the balance rows; the income waits for the shift.
    const [closed, paid] = await whileBalancesHeld(users.Kassir.id, 2, async () => {
      const closing = close(as.Kassir, shift, '1040000', '100');
      await untilWaiting(1);
      return Promise.all([closing, income('7000')]);
    });
    expect(closed.status).toBe(200);
    expect(paid.status).toBe(201);
    expect(await shiftOf(paid.body.id)).toBeNull();
    expect(closed.body.amounts.find((a: { currency: number }) => a.currency === UZS)).toMatchObject({
      expected: '1050000.00',
      counted: '1040000.00',
      difference: '-10000.00',
    });
    // The count, then the income after the close.
    expect(await moneyOf(t.db, users.Kassir.id, UZS)).toBe('1047000.00');
  });

  it('closes once when two closes race, and opens one shift when opens race', async () => {
    const opens = await Promise.all(
      Array.from({ length: 5 }, () =>
        as.Kassir.post('shifts/', { opening: [{ currency: UZS, amount: '1047000' }] }),
      ),
    );
    expect(opens.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const shift = opens.find((r) => r.status === 201)?.body.id as number;
    const closes = await Promise.all([
      close(as.Kassir, shift, '1047000', '90', 'first'),
      close(as.Kassir, shift, '1047000', '80', 'second'),
      close(as.Kassir, shift, '1047000', '90', 'first'),
    ]);
    // One close wins; the same key answers it again, the other count is refused.
    const won = closes.find((r) => r.status === 200);
    const usd = won?.body.amounts.find((a: { currency: number }) => a.currency === USD).counted as string;
    expect(closes.map((r) => r.status).sort()).toEqual(usd === '90.00' ? [200, 200, 409] : [200, 409, 409]);
    const diffs = await t.db
      .selectFrom('money_transactions')
      .select(['currency_id', 'amount'])
      .where('shift_id', '=', shift)
      .where('tx_type', '=', 'SHIFT_DIFF')
      .execute();
    expect(diffs).toEqual([{ currency_id: USD, amount: usd === '90.00' ? '-10.00' : '-20.00' }]);
    expect(await moneyOf(t.db, users.Kassir.id, USD)).toBe(usd);
  });
});

describe('sales that need a shift', () => {
  it('are posted inside the open shift or refused after its close, never outside one', async () => {
    await t.db
      .updateTable('businesses')
      .set({ sales_need_shift: true })
      .where('id', '=', businessId)
      .execute();
    const [variant] = await createVariants(t.db, businessId, 1);
    if (!variant) throw new Error('no variant');
    await giveStock(t.db, {
      businessId,
      departmentId: users.Bozorchi.id,
      variantId: variant.id,
      qty: '40',
      unitCost: '1000',
      currencyId: UZS,
    });
    const shift = await openDrawer(as.Bozorchi, [{ currency: UZS, amount: '0' }]);
    const sell = () =>
      as.Bozorchi.post('sales/?post=true', {
        currency: UZS,
        lines: [{ variant: variant.id, qty: '1', price: '5000' }],
        payment: { cash: [{ currency: UZS, amount: '5000' }] },
      });
    // Two inside for certain, then a dozen racing the close.
    const before = [await sell(), await sell()];
    expect(before.map((r) => r.status)).toEqual([201, 201]);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, sell),
      as.Bozorchi.post(`shifts/${shift}/close/`, { counted: [{ currency: UZS, amount: '0' }] }),
      ...Array.from({ length: 6 }, sell),
    ]);
    const closed = answers[6];
    expect(closed?.status).toBe(200);
    const sales = [...before, ...answers.filter((_, i) => i !== 6)];
    for (const sale of sales) expect([201, 409]).toContain(sale.status);
    const posted = sales.filter((s) => s.status === 201).map((s) => s.body.id as number);
    const rows = posted.length
      ? await t.db
          .selectFrom('money_transactions')
          .select('shift_id')
          .where('document_id', 'in', posted)
          .execute()
      : [];
    expect(rows.every((r) => r.shift_id === shift)).toBe(true);
    // The count was blind (0): the difference takes away exactly what the posted sales brought.
    const uzs = closed?.body.amounts.find((a: { currency: number }) => a.currency === UZS);
    expect(uzs.expected).toBe(`${posted.length * 5000}.00`);
    expect(await moneyOf(t.db, users.Bozorchi.id, UZS)).toBe('0.00');
    await t.db
      .updateTable('businesses')
      .set({ sales_need_shift: false })
      .where('id', '=', businessId)
      .execute();
  });
});
