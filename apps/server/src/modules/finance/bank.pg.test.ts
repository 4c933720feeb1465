import { D } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants, currencyTotals } from '../../../test/money-invariants.ts';
import { fund, USD, UZS } from './finance.fixtures.ts';

// The bank test (DESIGN.md section 3, Money ledger and Offers): many concurrent clients on a real
// PostgreSQL run exchanges, offer approvals (double ones included), cashier operations between
// departments and debt payments (DESIGN.md section 12), several racing on one debt. Afterwards no
// money was created, lost, doubled or overdrawn, and no debt was paid beyond its amount.

const ROLES = ['Kassir', 'manager', 'Owner', 'Omborchi', 'Bozorchi', "Ta'minotchi", 'admin'] as const;
type Name = (typeof ROLES)[number];
const CLIENTS = 24;
const OPS_PER_CLIENT = 40;

let t: TestApp;
let as: Record<Name, ApiClient>;
let users: Record<Name, TestUser>;

// A small deterministic generator, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The Kassir's debts the clients pay (the Kassir records payments of any debt). */
const debtIds: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ poolSize: 40 });
  ({ as, users } = await createSignedInUsers(t.db, t.url, ROLES));
  for (const name of ROLES) {
    await fund(t.db, users[name], USD, '2000');
    await fund(t.db, users[name], UZS, '30000000');
  }
  const customer = await as.Kassir.post('crm/counterparties/', { name: 'Bank sinovi mijozi', kind: 'BOTH' });
  for (let i = 0; i < 12; i++) {
    const debt = await as.Kassir.post('debts/', {
      counterparty: customer.body.id,
      direction: i % 2 === 0 ? 'RECEIVABLE' : 'PAYABLE',
      currency: i % 3 === 0 ? USD : UZS,
      amount: i % 3 === 0 ? '300.00' : '3000000.00',
    });
    expect(debt.status).toBe(201);
    debtIds.push(debt.body.id);
  }
});
afterAll(() => t.close());

const statuses = new Map<number, number>();
const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

async function randomOffer(rand: () => number): Promise<number> {
  const from = ROLES[Math.floor(rand() * ROLES.length)] as Name;
  let to = ROLES[Math.floor(rand() * ROLES.length)] as Name;
  if (to === from) to = ROLES[(ROLES.indexOf(from) + 1) % ROLES.length] as Name;
  const currency = rand() < 0.5 ? USD : UZS;
  const amount =
    currency === USD ? (1 + rand() * 900).toFixed(2) : String(1000 + Math.floor(rand() * 9_000_000));
  const created = await as[from].post('offers/offers/', {
    from_user: users[from].id,
    to_user: users[to].id,
    money_lines: [{ currency, amount }],
    reason_text: 'Bank sinovi taklifi',
  });
  expect(created.status).toBe(201);
  expect((await as[from].post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
  return created.body.id;
}

async function approveTwice(offerId: number, approver: ApiClient): Promise<void> {
  // Two approvals race; the effect must apply at most once.
  const results = await Promise.all([
    approver.post(`offers/offers/${offerId}/approve/`),
    approver.post(`offers/offers/${offerId}/approve/`),
  ]);
  for (const r of results) count(r.status);
  expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
}

async function runClient(index: number): Promise<void> {
  const rand = rng(index + 1);
  const self = ROLES[index % ROLES.length] as Name;
  for (let i = 0; i < OPS_PER_CLIENT; i++) {
    const dice = rand();
    if (dice < 0.4) {
      const usdOut = rand() < 0.5;
      const res = await as[self].post('offers/exchanges/', {
        from_currency: usdOut ? USD : UZS,
        to_currency: usdOut ? UZS : USD,
        from_amount: usdOut
          ? (rand() * 300 + 0.01).toFixed(2)
          : String(Math.floor(rand() * 4_000_000) + 13_000),
        ...(rand() < 0.3 ? { custom_rate: (12000 + rand() * 1500).toFixed(6) } : {}),
      });
      count(res.status);
    } else if (dice < 0.75) {
      const id = await randomOffer(rand);
      const offer = await t.db
        .selectFrom('offers')
        .select(['created_by', 'from_user_id', 'to_user_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // The other party approves (DESIGN.md section 3).
      const approverId = offer.created_by === offer.from_user_id ? offer.to_user_id : offer.from_user_id;
      const approver = ROLES.find((n) => users[n].id === approverId) as Name;
      await approveTwice(id, as[approver]);
    } else if (dice < 0.85) {
      // A payment of one of twelve debts, often all that remains as read a moment before: several
      // clients pay the same debt at once, and only one of them may take its last part.
      const id = debtIds[Math.floor(rand() * debtIds.length)] as number;
      const debt = await t.db
        .selectFrom('debts')
        .select(['currency_id', 'amount', 'paid'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const remaining = new D(debt.amount).minus(debt.paid);
      const some =
        debt.currency_id === USD
          ? new D((rand() * 200 + 0.01).toFixed(2))
          : new D(Math.floor(rand() * 2_000_000) + 1);
      const amount = rand() < 0.5 || some.gt(remaining) ? remaining : some;
      const res = await as.Kassir.post(`debts/${id}/payments/`, {
        amount: amount.gt(0) ? amount.toFixed(2) : '0.01',
      });
      count(res.status);
    } else {
      const income = rand() < 0.5;
      const res = await as.Kassir.post('finance/money-transactions/external-transaction/', {
        currency: rand() < 0.5 ? 'USD' : 'UZS',
        amount: (rand() * 5000 + 1).toFixed(2),
        reason_text: income ? 'Bank sinovi kirim' : 'Bank sinovi chiqim',
        is_income: income,
      });
      count(res.status);
    }
  }
}

describe('the bank', () => {
  it('conserves money under concurrent exchanges, approvals and cashier operations', async () => {
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => runClient(i)));
    const seen = Object.fromEntries(statuses);
    // Every answer is a success or a refused shortfall / lost race: never a 5xx.
    expect(
      Object.keys(seen).every((s) => ['200', '201', '409'].includes(s)),
      JSON.stringify(seen),
    ).toBe(true);
    expect(seen[200] ?? 0).toBeGreaterThan(10);
    expect(seen[201] ?? 0).toBeGreaterThan(10);
    expect(seen[409] ?? 0).toBeGreaterThan(10);

    await assertMoneyInvariants(t.db);
    for (const c of await currencyTotals(t.db)) {
      // Offers only move money between departments; balances are what came from outside plus
      // what exchanges moved in or out of the currency.
      expect(new D(c.offers).isZero(), `currency ${c.currency_id} offers net`).toBe(true);
      expect(new D(c.balances).eq(new D(c.outside).add(c.exchanged)), `currency ${c.currency_id}`).toBe(true);
    }
    // In UZS terms, exchanges create nothing beyond the rounding of each result to 0.01.
    const drift = await t.db
      .selectFrom('money_transactions')
      .select((eb) => [eb.fn.sum<string>('amount_in_uzs').as('uzs'), eb.fn.countAll<number>().as('legs')])
      .where('tx_type', '=', 'EXCHANGE')
      .executeTakeFirstOrThrow();
    expect(
      new D(drift.uzs ?? '0').abs().lte(new D(Number(drift.legs)).mul('0.005').mul('13500').add('1')),
    ).toBe(true);
    const approved = await t.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'APPROVED')
      .executeTakeFirstOrThrow();
    const offerRows = await t.db
      .selectFrom('money_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tx_type', '=', 'OFFER')
      .executeTakeFirstOrThrow();
    expect(Number(offerRows.n)).toBe(2 * Number(approved.n));
    expect(Number(approved.n)).toBeGreaterThan(0);
    // Debt payments raced and some were refused (paid in full, or beyond the balance); every
    // debt's paid is its payments' sum and never above its amount (assertMoneyInvariants).
    const payments = await t.db
      .selectFrom('debt_payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBeGreaterThan(10);
    const paidUp = await t.db
      .selectFrom('debts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .whereRef('paid', '=', 'amount')
      .executeTakeFirstOrThrow();
    expect(Number(paidUp.n)).toBeGreaterThan(0);
  }, 180_000);
});
