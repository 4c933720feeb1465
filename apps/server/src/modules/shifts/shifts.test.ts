import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, balanceOf as moneyOf, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// Cash shifts (DESIGN.md section 22) through the real API on the real database: opened with the
// drawer counted, every money row of the department inside it, a blind close whose differences
// are posted as SHIFT_DIFF rows so the balance equals the cash; the ledgers' invariants after each.

const { t, as, users, businessId } = await startWithUsers(['Kassir', 'Bozorchi', 'Owner', 'Omborchi']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const cashier = as.Kassir;
const seller = as.Bozorchi;
let variants: TestVariant[];

interface ShiftBody {
  id: number;
  number: number;
  status: string;
  amounts: Array<{
    currency: number;
    currency_code: string;
    opening: string;
    opening_difference: string;
    expected: string | null;
    counted: string | null;
    difference: string | null;
    denominations: Array<{ value: string; count: number }> | null;
  }>;
  difference_uzs: string | null;
}

const amountOf = (shift: ShiftBody, currency: number) => shift.amounts.find((a) => a.currency === currency);
const diffRows = (shiftId: number) =>
  t.db
    .selectFrom('money_transactions')
    .select(['currency_id', 'amount', 'user_id'])
    .where('shift_id', '=', shiftId)
    .where('tx_type', '=', 'SHIFT_DIFF')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 3);
  await fund(t.db, { id: users.Kassir.id, businessId }, UZS, '500000');
  await fund(t.db, { id: users.Kassir.id, businessId }, USD, '100');
});

describe('a cashier’s shift', () => {
  it('opens with the drawer counted, closes blind, and posts each currency’s difference', async () => {
    const opened = await cashier.post('shifts/', {
      opening: [
        { currency: UZS, amount: '500000' },
        {
          currency: USD,
          denominations: [
            { value: '50', count: 1 },
            { value: '20', count: 2 },
            { value: '10', count: 1 },
          ],
        },
      ],
    });
    expect(opened.status).toBe(201);
    const shift = opened.body as ShiftBody;
    expect(shift.status).toBe('OPEN');
    expect(amountOf(shift, USD)).toMatchObject({
      opening: '100.00',
      opening_difference: '0.00',
      expected: null,
    });

    // A second open shift of the department is refused.
    const again = await cashier.post('shifts/', { opening: [{ currency: UZS, amount: '1' }] });
    expect(again.status).toBe(409);

    // An expense and an income inside the shift belong to it.
    const expense = await cashier.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '120000',
      is_income: false,
      reason_text: 'Ijara to‘lovi',
    });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    await cashier.post('finance/money-transactions/external-transaction/', {
      currency: 'USD',
      amount: '25',
      is_income: true,
      reason_text: 'Qaytgan avans',
    });
    const inShift = await t.db
      .selectFrom('money_transactions')
      .select('shift_id')
      .where('id', '=', expense.body.id)
      .executeTakeFirstOrThrow();
    expect(inShift.shift_id).toBe(shift.id);

    // While open, the cashier sees no expected amount (a blind count).
    const current = await cashier.get('shifts/current/');
    expect(current.body.shift.amounts.every((a: { expected: unknown }) => a.expected === null)).toBe(true);

    // Every currency of the shift must be counted.
    const partial = await cashier.post(`shifts/${shift.id}/close/`, {
      counted: [{ currency: UZS, amount: '1' }],
    });
    expect(partial.status).toBe(400);

    // UZS 10,000 short, USD exact (counted by notes).
    const closed = await cashier.post(
      `shifts/${shift.id}/close/`,
      {
        counted: [
          { currency: UZS, amount: '370000' },
          {
            currency: USD,
            denominations: [
              { value: '100', count: 1 },
              { value: '20', count: 1 },
              { value: '5', count: 1 },
            ],
          },
        ],
      },
      { 'idempotency-key': 'close-1' },
    );
    expect(closed.status).toBe(200);
    const done = closed.body as ShiftBody;
    expect(done.status).toBe('CLOSED');
    expect(amountOf(done, UZS)).toMatchObject({
      expected: '380000.00',
      counted: '370000.00',
      difference: '-10000.00',
    });
    expect(amountOf(done, USD)).toMatchObject({ expected: '125.00', counted: '125.00', difference: '0.00' });
    expect(done.difference_uzs).toBe('-10000.00');
    expect(await diffRows(shift.id)).toEqual([
      { currency_id: UZS, amount: '-10000.00', user_id: users.Kassir.id },
    ]);
    // The balance equals the cash again.
    expect(await moneyOf(t.db, users.Kassir.id, UZS)).toBe('370000.00');
    expect(await moneyOf(t.db, users.Kassir.id, USD)).toBe('125.00');

    // The close sent again with its key answers the same; without it, a closed shift is a 409.
    const replay = await cashier.post(
      `shifts/${shift.id}/close/`,
      {
        counted: [
          { currency: UZS, amount: '370000' },
          {
            currency: USD,
            denominations: [
              { value: '100', count: 1 },
              { value: '20', count: 1 },
              { value: '5', count: 1 },
            ],
          },
        ],
      },
      { 'idempotency-key': 'close-1' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(done);
    // The same count again (a retry without a key) answers the closed shift; another count is a 409.
    const retried = await cashier.post(`shifts/${shift.id}/close/`, {
      counted: [
        { currency: 'UZS', amount: '370000.00' },
        { currency: 'usd', denominations: { '100': 1, '20': 1, '5': 1 } },
      ],
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(done);
    const other = await cashier.post(`shifts/${shift.id}/close/`, {
      counted: [
        { currency: UZS, amount: '380000' },
        { currency: USD, amount: '125' },
      ],
    });
    expect(other.status).toBe(409);
    expect(await diffRows(shift.id)).toHaveLength(1);

    // A row after the close belongs to no shift.
    const after = await cashier.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '1000',
      is_income: true,
      reason_text: 'Kechki tushum',
    });
    const outside = await t.db
      .selectFrom('money_transactions')
      .select('shift_id')
      .where('id', '=', after.body.id)
      .executeTakeFirstOrThrow();
    expect(outside.shift_id).toBeNull();
  });

  it('posts an opening count that differs from the balance as the shift’s difference', async () => {
    const before = await moneyOf(t.db, users.Kassir.id, UZS);
    const opened = await cashier.post('shifts/', { opening: [{ currency: UZS, amount: '350000' }] });
    expect(opened.status).toBe(201);
    const shift = opened.body as ShiftBody;
    // USD was not counted: taken at its balance.
    expect(amountOf(shift, USD)).toMatchObject({ opening: '125.00', opening_difference: '0.00' });
    expect(amountOf(shift, UZS)?.opening_difference).toBe('-21000.00');
    expect(before).toBe('371000.00');
    expect(await moneyOf(t.db, users.Kassir.id, UZS)).toBe('350000.00');
    const closed = await cashier.post(`shifts/${shift.id}/close/`, {
      counted: [
        { currency: UZS, amount: '351000' },
        { currency: USD, amount: '125' },
      ],
    });
    expect(closed.status).toBe(200);
    expect(amountOf(closed.body, UZS)).toMatchObject({ expected: '350000.00', difference: '1000.00' });
    expect(closed.body.difference_uzs).toBe('-20000.00');
    expect(await moneyOf(t.db, users.Kassir.id, UZS)).toBe('351000.00');
  });

  it('refuses bad counts with field errors and changes nothing', async () => {
    const bad = [
      { opening: [] },
      { opening: [{ currency: UZS, amount: '-5' }] },
      { opening: [{ currency: UZS, amount: '1.001' }] },
      { opening: [{ currency: UZS, amount: '100', denominations: [{ value: '50', count: 1 }] }] },
      { opening: [{ currency: UZS }] },
      { opening: [{ currency: 999, amount: '1' }] },
      {
        opening: [
          { currency: UZS, amount: '1' },
          { currency: UZS, amount: '2' },
        ],
      },
    ];
    for (const body of bad) {
      const res = await cashier.post('shifts/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await cashier.get('shifts/current/')).body.shift).toBeNull();
    // The Omborchi keeps no drawer.
    const store = await as.Omborchi.post('shifts/', { opening: [{ currency: UZS, amount: '0' }] });
    expect(store.status).toBe(403);
  });
});

describe('a seller’s shift and the sales', () => {
  it('keeps a sale paid in USD with change in UZS inside the shift, and expects the change given', async () => {
    const setting = await as.Owner.patch('admin/settings/', { sales_need_shift: true });
    expect(setting.status).toBe(200);
    expect(setting.body.sales_need_shift).toBe(true);
    expect((await seller.get('shifts/current/')).body).toMatchObject({ shift: null, sales_need_shift: true });
    const variant = (variants[0] as TestVariant).id;
    await giveStock(t.db, {
      businessId,
      departmentId: users.Bozorchi.id,
      variantId: variant,
      qty: '10',
      unitCost: '50000',
      currencyId: UZS,
    });
    const sale = { currency: UZS, lines: [{ variant, qty: '1', price: '1200000' }] };
    // Sales need a shift: refused until one is open, and nothing moves.
    const refused = await seller.post('sales/?post=true', {
      ...sale,
      payment: { cash: [{ currency: UZS, amount: '1200000' }] },
    });
    expect(refused.status).toBe(409);
    expect(await moneyOf(t.db, users.Bozorchi.id, UZS)).toBeNull();

    const opened = await seller.post('shifts/', {
      opening: [
        { currency: UZS, amount: '0' },
        { currency: USD, amount: '0' },
      ],
    });
    expect(opened.status).toBe(201);
    // The change is given from the drawer: it holds 100,000 UZS brought in.
    await fund(t.db, { id: users.Bozorchi.id, businessId }, UZS, '100000');
    const rate = (
      await t.db
        .selectFrom('business_currencies')
        .select('rate_to_uzs')
        .where('business_id', '=', businessId)
        .where('currency_id', '=', USD)
        .executeTakeFirst()
    )?.rate_to_uzs;
    expect(rate).toBeDefined();
    const paid = await seller.post('sales/?post=true', {
      ...sale,
      payment: { cash: [{ currency: USD, amount: '100' }] },
    });
    expect(paid.status).toBe(201);
    const rows = await t.db
      .selectFrom('money_transactions')
      .select(['currency_id', 'amount', 'shift_id'])
      .where('document_id', '=', paid.body.id)
      .orderBy('id')
      .execute();
    expect(rows.every((r) => r.shift_id === opened.body.id)).toBe(true);
    const usdIn = rows.find((r) => r.currency_id === USD)?.amount;
    const changeOut = rows.find((r) => r.currency_id === UZS)?.amount ?? '0';
    expect(usdIn).toBe('100.00');
    expect(changeOut.startsWith('-')).toBe(true);

    const uzsNow = (await moneyOf(t.db, users.Bozorchi.id, UZS)) ?? '0';
    const closed = await seller.post(`shifts/${opened.body.id}/close/`, {
      counted: [
        { currency: UZS, amount: uzsNow },
        { currency: USD, amount: '100' },
      ],
    });
    expect(closed.status).toBe(200);
    // Expected = opening + the fund + the change given (negative): the count matches, no difference.
    expect(amountOf(closed.body, UZS)).toMatchObject({ expected: uzsNow, difference: '0.00' });
    expect(closed.body.difference_uzs).toBe('0.00');
    expect((await as.Owner.patch('admin/settings/', { sales_need_shift: false })).status).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'settings.update')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      "Sozlamalar o'zgardi: sotuv faqat ochiq smenada",
      "Sozlamalar o'zgardi: sotuv smenasiz ham mumkin",
    ]);
  });
});

describe('the Owner’s view', () => {
  it('lists every department’s shifts with their totals; a cashier sees their own', async () => {
    const all = await as.Owner.get('shifts/');
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    const kassir = all.body.totals.find((x: { department: number }) => x.department === users.Kassir.id);
    expect(kassir).toMatchObject({ shifts: 2, short: 2, over: 0, difference_uzs: '-30000.00' });
    const own = await seller.get('shifts/');
    expect(own.body.results.every((s: { department: number }) => s.department === users.Bozorchi.id)).toBe(
      true,
    );
    const foreign = all.body.results.find((s: { department: number }) => s.department === users.Kassir.id);
    expect((await seller.get(`shifts/${foreign.id}/`)).status).toBe(404);
    const bad = await as.Owner.get('shifts/?date_from=2026-02-01&date_to=2026-01-01');
    expect(bad.status).toBe(400);
    expect((await as.Owner.get('shifts/?department=999999')).status).toBe(400);
    expect((await as.Owner.get(`shifts/?department=${users.Kassir.id}`)).body.count).toBe(2);
    expect((await seller.get(`shifts/?department=${users.Kassir.id}`)).status).toBe(403);
  });
});
