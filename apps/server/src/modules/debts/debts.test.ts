import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, fund, USD, UZS } from '../finance/finance.fixtures.ts';
import {
  createVariants,
  giveStock,
  balanceOf as stockOf,
  type TestVariant,
} from '../inventory/inventory.fixtures.ts';

// Counterparties and the debt book (DESIGN.md section 12).

const ROLES = ['Owner', 'admin', 'Kassir', 'Bozorchi', "Ta'minotchi"] as const;
const { t, as, users, businessId } = await startWithUsers(ROLES);
afterAll(() => t.close());
const outsider = (await signInOutsider(t)).client;
let trader2: ApiClient;
let trader2User: TestUser;
let shirt: TestVariant;

beforeAll(async () => {
  trader2User = await createUser(t.db, { businessId, role: 'Bozorchi' });
  trader2 = await signIn(t.url, trader2User);
  [shirt] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
  for (const u of Object.values(users)) {
    await fund(t.db, u, USD, '1000');
    await fund(t.db, u, UZS, '10000000');
  }
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});

let seq = 0;
async function counterparty(client: ApiClient = as.Bozorchi, extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await client.post('crm/counterparties/', {
    name: `Mijoz ${seq}`,
    phone: '+998 90 123-45-67',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}
async function loan(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('debts/', {
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '100000',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; remaining: string; status: string };
}

describe('counterparties', () => {
  it('every user adds and edits one; the list searches name, phone and STIR', async () => {
    const created = await as.Kassir.post('crm/counterparties/', {
      name: '  Anvar aka (Chorsu)  ',
      kind: 'SUPPLIER',
      phone: '+998 (71) 200-00-01',
      tin: '123456789',
      note: 'Mato yetkazib beruvchi',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Anvar aka (Chorsu)',
      kind: 'SUPPLIER',
      tin: '123456789',
      open: [],
      overdue: 0,
    });
    for (const q of ['anvar', 'CHORSU', '200-00', '1234']) {
      const found = await as.Owner.get(`crm/counterparties/?search=${encodeURIComponent(q)}`);
      expect(
        found.body.results.map((c: { id: number }) => c.id),
        q,
      ).toContain(created.body.id);
    }
    const edited = await as.Bozorchi.patch(`crm/counterparties/${created.body.id}/`, {
      kind: 'BOTH',
      tin: '',
    });
    expect(edited.body).toMatchObject({ kind: 'BOTH', tin: null, name: 'Anvar aka (Chorsu)' });
    const none = await as.Owner.get('crm/counterparties/?search=zzzz');
    expect(none.body).toMatchObject({ count: 0, results: [], next: null, previous: null });
    const byKind = await as.Owner.get('crm/counterparties/?kind=BOTH');
    expect(byKind.body.results.every((c: { kind: string }) => c.kind === 'BOTH')).toBe(true);
  });

  it('refuses bad fields with field errors and hides another business', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'X', tin: '12345678' }, 'tin'],
      [{ name: 'X', tin: '12345678a' }, 'tin'],
      [{ name: 'X', phone: 'call me' }, 'phone'],
      [{ name: 'X', kind: 'FRIEND' }, 'kind'],
      [{ name: 'X\u0000' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await as.Owner.post('crm/counterparties/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body[field], JSON.stringify(body)).toBeDefined();
    }
    const mine = await counterparty();
    expect((await outsider.get(`crm/counterparties/${mine.id}/`)).status).toBe(404);
    expect((await outsider.patch(`crm/counterparties/${mine.id}/`, { name: 'Meniki' })).status).toBe(404);
    expect((await outsider.delete(`crm/counterparties/${mine.id}/`)).status).toBe(404);
    expect((await outsider.get('crm/counterparties/')).body.results).toEqual([]);
  });

  it('administrators delete one without debts; with debts it is 409', async () => {
    const free = await counterparty();
    expect((await as.Bozorchi.delete(`crm/counterparties/${free.id}/`)).status).toBe(403);
    expect((await as.admin.delete(`crm/counterparties/${free.id}/`)).status).toBe(204);
    expect((await as.Owner.get(`crm/counterparties/${free.id}/`)).status).toBe(404);
    const owing = await counterparty();
    await loan(as.Bozorchi, { counterparty: owing.id });
    const refused = await as.Owner.delete(`crm/counterparties/${owing.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('qarz');
    expect((await as.Owner.get(`crm/counterparties/${owing.id}/`)).status).toBe(200);
  });
});

describe('debts', () => {
  it('a loan without goods: OPEN, OVERDUE past its due date, PAID when paid; the list filters', async () => {
    const c = await counterparty();
    const open = await loan(as.Bozorchi, {
      counterparty: c.id,
      amount: '250000.50',
      due_date: '2099-01-01',
      reason_text: 'Qarzga berildi',
    });
    expect(open).toMatchObject({
      counterparty: { id: c.id, name: c.name },
      department: { id: users.Bozorchi.id, email: users.Bozorchi.email },
      direction: 'RECEIVABLE',
      currency_code: 'UZS',
      amount: '250000.50',
      paid: '0.00',
      remaining: '250000.50',
      due_date: '2099-01-01',
      status: 'OPEN',
      reason: 'Qarzga berildi',
      stock_exit: null,
      stock_entry: null,
    });
    const late = await loan(as.Bozorchi, {
      counterparty: c.id,
      due_date: '2026-01-15',
      currency: USD,
      amount: '40',
    });
    expect(late.status).toBe('OVERDUE');
    const overdue = await as.Bozorchi.get(`debts/?counterparty=${c.id}&status=OVERDUE`);
    expect(overdue.body.results.map((d: { id: number }) => d.id)).toEqual([late.id]);
    expect(overdue.body.totals).toEqual([
      { currency_code: 'USD', direction: 'RECEIVABLE', remaining: '40.00' },
    ]);
    const dueSoon = await as.Bozorchi.get(
      `debts/?counterparty=${c.id}&due_from=2098-12-01&due_to=2099-01-31`,
    );
    expect(dueSoon.body.results.map((d: { id: number }) => d.id)).toEqual([open.id]);
    const card = await as.Bozorchi.get(`crm/counterparties/${c.id}/`);
    expect(card.body.open).toEqual([
      { currency_code: 'USD', receivable: '40.00', payable: '0.00' },
      { currency_code: 'UZS', receivable: '250000.50', payable: '0.00' },
    ]);
    expect(card.body.overdue).toBe(1);
    const paid = await as.Bozorchi.post(`debts/${late.id}/payments/`, { amount: '40' });
    expect(paid.status).toBe(201);
    expect((await as.Bozorchi.get(`debts/${late.id}/`)).body).toMatchObject({
      status: 'PAID',
      remaining: '0.00',
      paid: '40.00',
    });
    expect((await as.Bozorchi.get(`debts/?counterparty=${c.id}&status=PAID`)).body.count).toBe(1);
  });

  it('viewers of the whole business and the Kassir see every debt; a department its own; another business none', async () => {
    const c = await counterparty();
    const mine = await loan(as.Bozorchi, { counterparty: c.id });
    const theirs = await loan(trader2, { counterparty: c.id });
    const ids = async (client: ApiClient) =>
      (await client.get(`debts/?counterparty=${c.id}`)).body.results.map((d: { id: number }) => d.id);
    expect(await ids(as.Bozorchi)).toEqual([mine.id]);
    expect(await ids(trader2)).toEqual([theirs.id]);
    for (const client of [as.Owner, as.admin, as.Kassir])
      expect(await ids(client)).toEqual([theirs.id, mine.id]);
    expect((await as.Bozorchi.get(`debts/${theirs.id}/`)).status).toBe(404);
    expect((await outsider.get(`debts/${mine.id}/`)).status).toBe(404);
    expect((await outsider.post(`debts/${mine.id}/payments/`, { amount: '1' })).status).toBe(404);
    const foreign = await outsider.post('crm/counterparties/', { name: 'Begona' });
    const refused = await as.Bozorchi.post('debts/', {
      counterparty: foreign.body.id,
      direction: 'RECEIVABLE',
      currency: UZS,
      amount: '1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.counterparty).toBeDefined();
  });

  it('refuses bad debts with field errors', async () => {
    const c = await counterparty();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ direction: 'GIFT' }, 'direction'],
      [{ due_date: '2026-02-30' }, 'due_date'],
      [{ currency: 999 }, 'currency'],
      [{ counterparty: 'x' }, 'counterparty'],
    ];
    for (const [extra, field] of cases) {
      const res = await as.Bozorchi.post('debts/', {
        counterparty: c.id,
        direction: 'RECEIVABLE',
        currency: UZS,
        amount: '10',
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body[field], JSON.stringify(extra)).toBeDefined();
    }
  });
});

describe('sales and purchases on credit', () => {
  it('a SALE exit on credit opens a receivable of qty x price in the same transaction', async () => {
    await giveStock(t.db, {
      businessId,
      departmentId: users.Bozorchi.id,
      variantId: shirt.id,
      qty: '10',
      unitCost: '5.00',
    });
    const c = await counterparty();
    const res = await as.Bozorchi.post('inventory/stocks-exit/', {
      variant: shirt.id,
      qty_issued: '2.5',
      unit_price: '120000.33',
      currency: UZS,
      counterparty: c.id,
      on_credit: true,
      due_date: '2099-06-30',
    });
    expect(res.status).toBe(201);
    const debts = await as.Bozorchi.get(`debts/?counterparty=${c.id}`);
    expect(debts.body.results).toEqual([
      expect.objectContaining({
        direction: 'RECEIVABLE',
        amount: '300000.83',
        currency_code: 'UZS',
        due_date: '2099-06-30',
        stock_exit: res.body.id,
        status: 'OPEN',
      }),
    ]);
  });

  it('a credit sale whose stock is short, or whose fields are missing, opens no debt and moves nothing', async () => {
    const c = await counterparty();
    const before = await stockOf(t.db, users.Bozorchi.id, shirt.id);
    const base = {
      variant: shirt.id,
      qty_issued: '1',
      unit_price: '10',
      currency: USD,
      counterparty: c.id,
      on_credit: true,
    };
    const short = await as.Bozorchi.post('inventory/stocks-exit/', { ...base, qty_issued: '100000' });
    expect(short.status).toBe(409);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ counterparty: null }, 'counterparty'],
      [{ unit_price: null }, 'unit_price'],
      [{ unit_price: '0' }, 'unit_price'],
      [{ type: 'WRITE_OFF' }, 'type'],
      [{ due_date: 'tomorrow' }, 'due_date'],
    ];
    for (const [extra, field] of cases) {
      const res = await as.Bozorchi.post('inventory/stocks-exit/', { ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body[field], JSON.stringify(extra)).toBeDefined();
    }
    const foreign = await outsider.post('crm/counterparties/', { name: 'Begona mijoz' });
    const other = await as.Bozorchi.post('inventory/stocks-exit/', {
      ...base,
      counterparty: foreign.body.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.counterparty).toBeDefined();
    expect((await as.Bozorchi.get(`debts/?counterparty=${c.id}`)).body.count).toBe(0);
    expect(await stockOf(t.db, users.Bozorchi.id, shirt.id)).toBe(before);
  });

  it('a PURCHASE entry on credit opens a payable of qty x cost; a plain entry opens none', async () => {
    const c = await counterparty(as["Ta'minotchi"], { kind: 'SUPPLIER' });
    const res = await as["Ta'minotchi"].post('inventory/stocks-entry/', {
      variant: shirt.id,
      qty_received: '3',
      unit_cost: '7.25',
      currency: USD,
      counterparty: c.id,
      on_credit: true,
    });
    expect(res.status).toBe(201);
    const plain = await as["Ta'minotchi"].post('inventory/stocks-entry/', {
      variant: shirt.id,
      qty_received: '1',
      unit_cost: '7.25',
      currency: USD,
      counterparty: c.id,
    });
    expect(plain.status).toBe(201);
    const debts = await as["Ta'minotchi"].get(`debts/?counterparty=${c.id}`);
    expect(debts.body.results).toEqual([
      expect.objectContaining({
        direction: 'PAYABLE',
        amount: '21.75',
        due_date: null,
        stock_entry: res.body.id,
      }),
    ]);
  });
});

describe('payments', () => {
  it('a receivable paid in part then in full: DEBT ledger rows on the payer, the statement runs', async () => {
    const c = await counterparty();
    const debt = await loan(as.Bozorchi, { counterparty: c.id, currency: USD, amount: '100' });
    const before = await balanceOf(t.db, users.Bozorchi.id, USD);
    const part = await as.Bozorchi.post(`debts/${debt.id}/payments/`, {
      amount: '30.50',
      reason_text: 'Birinchi qism',
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      debt: debt.id,
      amount: '30.50',
      currency_code: 'USD',
      reason: 'Birinchi qism',
    });
    expect((await as.Bozorchi.get(`debts/${debt.id}/`)).body).toMatchObject({
      paid: '30.50',
      remaining: '69.50',
      status: 'OPEN',
    });
    const over = await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount: '69.51' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe("To'lov qolgan qarzdan oshmasligi kerak: 69.50 USD qolgan.");
    // The Kassir records the rest, on the Kassir's own balance.
    const kassirBefore = await balanceOf(t.db, users.Kassir.id, USD);
    expect((await as.Kassir.post(`debts/${debt.id}/payments/`, { amount: '69.50' })).status).toBe(201);
    expect((await as.Bozorchi.get(`debts/${debt.id}/`)).body.status).toBe('PAID');
    expect((await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount: '1' })).status).toBe(409);
    expect(await balanceOf(t.db, users.Bozorchi.id, USD)).toBe((Number(before) + 30.5).toFixed(2));
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe((Number(kassirBefore) + 69.5).toFixed(2));
    const ledger = await as.Bozorchi.get('finance/money-transactions/by-user/?tx_type=DEBT');
    expect(ledger.status).toBe(200);
    expect(ledger.body.results.map((r: { amount: string }) => r.amount)).toContain('30.50');
    const statement = await as.Owner.get(`crm/counterparties/${c.id}/statement/`);
    expect(
      statement.body.map((l: { kind: string; amount: string; balance: string }) => [
        l.kind,
        l.amount,
        l.balance,
      ]),
    ).toEqual([
      ['DEBT', '100.00', '100.00'],
      ['PAYMENT', '30.50', '69.50'],
      ['PAYMENT', '69.50', '0.00'],
    ]);
    const payments = await as.Owner.get(`debts/${debt.id}/payments/`);
    expect(payments.body.map((p: { created_by: { id: number } }) => p.created_by.id)).toEqual([
      users.Bozorchi.id,
      users.Kassir.id,
    ]);
  });

  it('a payable is money out: refused beyond the balance, and only its department or the Kassir pays', async () => {
    const c = await counterparty();
    const debt = await loan(trader2, {
      counterparty: c.id,
      direction: 'PAYABLE',
      currency: USD,
      amount: '5000',
    });
    const short = await trader2.post(`debts/${debt.id}/payments/`, { amount: '4000' });
    expect(short.status).toBe(409);
    expect(short.body.detail).toContain('USD');
    expect((await trader2.get(`debts/${debt.id}/`)).body.paid).toBe('0.00');
    expect((await as.Owner.post(`debts/${debt.id}/payments/`, { amount: '1' })).status).toBe(403);
    expect((await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount: '1' })).status).toBe(404);
    await fund(t.db, trader2User, USD, '4000');
    const paid = await trader2.post(`debts/${debt.id}/payments/`, { amount: '4000' });
    expect(paid.status).toBe(201);
    expect(await balanceOf(t.db, trader2User.id, USD)).toBe('0.00');
  });

  it('applies a payment once per Idempotency-Key, and refuses bad amounts', async () => {
    const c = await counterparty();
    const debt = await loan(as.Bozorchi, { counterparty: c.id, amount: '1000' });
    const headers = { 'idempotency-key': 'pay-once-1' };
    const first = await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount: '100' }, headers);
    const again = await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount: '100' }, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await as.Bozorchi.get(`debts/${debt.id}/`)).body.paid).toBe('100.00');
    for (const amount of ['0', '-1', '1.001', 'abc']) {
      const res = await as.Bozorchi.post(`debts/${debt.id}/payments/`, { amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.amount, amount).toBeDefined();
    }
  });
});

describe('GET reports/debts-ageing/', () => {
  it('buckets what remains by days past due, per counterparty and currency, and exports it', async () => {
    const c = await counterparty(as.Kassir, { name: 'Ageing mijoz' });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await loan(as.Kassir, { counterparty: c.id, amount: '100', due_date: day(-5) });
    await loan(as.Kassir, { counterparty: c.id, amount: '200', due_date: day(10) });
    await loan(as.Kassir, { counterparty: c.id, amount: '300', due_date: day(45) });
    await loan(as.Kassir, { counterparty: c.id, amount: '400', due_date: day(75) });
    await loan(as.Kassir, { counterparty: c.id, amount: '500', due_date: day(200) });
    const partly = await loan(as.Kassir, { counterparty: c.id, amount: '600' });
    await as.Kassir.post(`debts/${partly.id}/payments/`, { amount: '100' });
    const res = await as.Kassir.get(`reports/debts-ageing/?department=${users.Kassir.id}`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        counterparty: { id: c.id, name: 'Ageing mijoz' },
        currency_code: 'UZS',
        current: '600.00',
        d1_30: '200.00',
        d31_60: '300.00',
        d61_90: '400.00',
        d90_plus: '500.00',
        total: '2000.00',
      },
    ]);
    expect(res.body.totals).toEqual([expect.objectContaining({ currency_code: 'UZS', total: '2000.00' })]);
    expect((await as.Bozorchi.get(`reports/debts-ageing/?department=${users.Kassir.id}`)).status).toBe(403);
    const csv = await fetch(`${t.url}/api/reports/debts-ageing/?department=${users.Kassir.id}&format=csv`, {
      headers: { authorization: `Bearer ${as.Kassir.token}` },
    });
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="qarzlar-debitor-.*\.csv"$/,
    );
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[1]).toBe('Ageing mijoz,UZS,600.00,200.00,300.00,400.00,500.00,2000.00');
  });

  it('the dashboard lists the overdue debts, each saying which way it goes', async () => {
    const c = await counterparty(as.Owner, { name: 'Kechikkan mijoz' });
    await loan(as.Owner, { counterparty: c.id, amount: '777', due_date: '2026-01-02' });
    const supplier = await counterparty(as.Owner, { name: 'Kechikkan taminotchi', kind: 'SUPPLIER' });
    await loan(as.Owner, {
      counterparty: supplier.id,
      direction: 'PAYABLE',
      amount: '1500',
      due_date: '2026-01-03',
    });
    const res = await as.Owner.get('reports/dashboard/');
    // Which way each goes (DESIGN.md section 16).
    expect(res.body.overdue_debts).toContainEqual({
      counterparty: 'Kechikkan mijoz',
      direction: 'RECEIVABLE',
      currency_code: 'UZS',
      remaining: '777.00',
      due_date: '2026-01-02',
    });
    expect(res.body.overdue_debts).toContainEqual({
      counterparty: 'Kechikkan taminotchi',
      direction: 'PAYABLE',
      currency_code: 'UZS',
      remaining: '1500.00',
      due_date: '2026-01-03',
    });
  });
});
