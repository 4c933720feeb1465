import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../test/client.ts';
import type { TestUser } from '../test/factories.ts';
import { startWithUsers, type TestApp } from '../test/harness.ts';
import { assertMoneyInvariants } from '../test/money-invariants.ts';
import { assertStockInvariants } from '../test/stock-invariants.ts';
import { KEY_REUSED } from './lib/idempotency.ts';
import { tr } from './lib/texts.ts';
import {
  fund,
  ledgerCount,
  ledgerRowsOf,
  moneyOfferBody,
  USD,
  UZS,
} from './modules/finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from './modules/inventory/inventory.fixtures.ts';

// DESIGN.md section 4: every request carrying the same Idempotency-Key and body gets the first
// answer, also when the duplicates arrive while the first is still in flight (a client retrying
// after a timeout). Each case spends a whole balance, so a duplicate that ran the work again would
// be refused (409) instead of replaying. On PostgreSQL the ten requests really overlap.

const ROLES = ['Kassir', 'manager', 'Bozorchi', "Ta'minotchi"] as const;
type Name = (typeof ROLES)[number];
let t: TestApp;
let as: Record<Name, ApiClient>;
let users: Record<Name, TestUser>;
let variant: TestVariant;

beforeAll(async () => {
  const setup = await startWithUsers(ROLES);
  ({ t, as, users } = setup);
  [variant] = (await createVariants(t.db, setup.businessId, 1)) as [TestVariant];
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(() => t.close());

/** Sends ten identical requests at once and expects one status and one body for all. */
async function tenDuplicates(send: () => Promise<ApiResponse>, status: number): Promise<ApiResponse> {
  const answers = await Promise.all(Array.from({ length: 10 }, send));
  for (const answer of answers) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toEqual(answers[0]?.body);
  }
  return answers[0] as ApiResponse;
}

describe('ten concurrent duplicates get the first answer', () => {
  it('an exchange of a whole balance', async () => {
    await fund(t.db, users.manager, USD, '100');
    const before = await ledgerCount(t.db, users.manager.id);
    const headers = { 'idempotency-key': 'whole-exchange' };
    const body = { from_currency: USD, to_currency: UZS, from_amount: '100.00' };
    await tenDuplicates(() => as.manager.post('offers/exchanges/', body, headers), 201);
    expect(await ledgerCount(t.db, users.manager.id)).toBe(before + 2);
  });

  it('an approval of a money offer that takes the whole balance', async () => {
    await fund(t.db, users.Kassir, USD, '40');
    const body = moneyOfferBody(users.Kassir, users.manager, '40', "Bo'lim xarajatlari uchun");
    const created = await as.Kassir.post('offers/offers/', body);
    expect((await as.Kassir.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
    const headers = { 'idempotency-key': 'whole-approval' };
    const first = await tenDuplicates(
      () => as.manager.post(`offers/offers/${created.body.id}/approve/`, {}, headers),
      200,
    );
    expect(first.body.status).toBe('APPROVED');
    const rows = await ledgerRowsOf(t.db, { offerId: created.body.id });
    expect(rows).toHaveLength(2);
  });

  it("the cashier's expense of a whole balance", async () => {
    await fund(t.db, users.Kassir, UZS, '5000');
    const before = await ledgerCount(t.db, users.Kassir.id);
    const headers = { 'idempotency-key': 'whole-expense' };
    const body = { currency: 'UZS', amount: '5000', reason_text: 'Ijara uchun to‘lov', is_income: false };
    await tenDuplicates(
      () => as.Kassir.post('finance/money-transactions/external-transaction/', body, headers),
      201,
    );
    expect(await ledgerCount(t.db, users.Kassir.id)).toBe(before + 1);
  });

  it('a stock exit of a whole balance and a stock entry', async () => {
    await giveStock(t.db, {
      businessId: users.Bozorchi.businessId,
      departmentId: users.Bozorchi.id,
      variantId: variant.id,
      qty: '7',
    });
    const exit = { variant: variant.id, qty_issued: '7', currency: UZS };
    await tenDuplicates(
      () => as.Bozorchi.post('inventory/stocks-exit/', exit, { 'idempotency-key': 'whole-exit' }),
      201,
    );
    const entry = { variant: variant.id, qty_received: '3', unit_cost: '10', currency: UZS };
    await tenDuplicates(
      () => as["Ta'minotchi"].post('inventory/stocks-entry/', entry, { 'idempotency-key': 'one-entry' }),
      201,
    );
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['department_id', 'qty'])
      .where('variant_id', '=', variant.id)
      .execute();
    // The fixture's receipt, one exit, one entry.
    expect(moves).toHaveLength(3);
  });
});

describe('the body is compared as the client sent it', () => {
  const entry = () => ({ variant: variant.id, qty_received: '2', unit_cost: '10', currency: UZS });
  const send = (key: string, body: object) =>
    as["Ta'minotchi"].post('inventory/stocks-entry/', body, { 'idempotency-key': key });

  it('the same body with its keys in another order is the same request', async () => {
    const first = await send('entry-key-order', entry());
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(entry()).reverse());
    const again = await send('entry-key-order', reordered);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it("a field the schema fills in is compared as sent, not as the schema's default", async () => {
    // What a version whose schema gained a defaulted field must still find the same: the body
    // without it, as the client first sent it. `type` is left out and the schema makes it PURCHASE.
    const first = await send('entry-defaults', entry());
    expect(first.status).toBe(201);
    expect((await send('entry-defaults', entry())).body).toEqual(first.body);
    for (const type of ['RETURN', 'PURCHASE']) {
      const other = await send('entry-defaults', { ...entry(), type });
      expect(other.status, type).toBe(409);
      expect(other.body).toEqual({ detail: tr('uz', KEY_REUSED), detail_message: KEY_REUSED });
    }
  });

  it('stores the hash of the method, the route and the body as sent, its keys sorted', async () => {
    // The form a stored key is compared in, also by the versions after this one.
    const sent = entry();
    expect((await send('entry-stored-hash', sent)).status).toBe(201);
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('user_id', '=', users["Ta'minotchi"].id)
      .where('key', '=', 'entry-stored-hash')
      .executeTakeFirstOrThrow();
    const canonical = JSON.stringify({
      currency: sent.currency,
      qty_received: sent.qty_received,
      unit_cost: sent.unit_cost,
      variant: sent.variant,
    });
    const expected = createHash('sha256')
      .update(`POST /api/inventory/stocks-entry/\n${canonical}`)
      .digest('base64url');
    expect(stored.request_hash).toBe(expected);
  });
});
