import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, fund, ledgerCount, USD, UZS } from '../finance/finance.fixtures.ts';
import {
  createVariants,
  giveStock,
  balanceOf as stockOf,
  type TestVariant,
} from '../inventory/inventory.fixtures.ts';

// offers/offers/ (DESIGN.md section 3 "Offers"): create, lists, and the state table's actors,
// states and effects.

type Name = 'Kassir' | 'manager' | 'Owner';
let t: TestApp;
let as: Record<Name, ApiClient>;
let users: Record<Name, TestUser>;
let businessId: number;
let variants: TestVariant[];
let outsider: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager', 'Owner'] as const);
  ({ as, users, businessId } = setup);
  variants = await createVariants(t.db, businessId, 2);
  const other = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  outsider = other.users.manager;
  await fund(t.db, users.Kassir, USD, '500');
  await fund(t.db, users.Kassir, UZS, '1000000');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(() => t.close());

const money = (amount: string | number = '50', currency = USD) => [{ currency, amount }];
const body = (extra: Record<string, unknown> = {}) => ({
  from_user: users.Kassir.id,
  to_user: users.manager.id,
  money_lines: money(),
  reason_text: "Bo'lim xarajatlari uchun",
  ...extra,
});

async function createOffer(client: ApiClient, extra: Record<string, unknown> = {}) {
  const res = await client.post('offers/offers/', body(extra));
  expect(res.status).toBe(201);
  return res.body as { id: number; status: string; reason: string };
}
async function pendingOffer(extra: Record<string, unknown> = {}) {
  const offer = await createOffer(as.Kassir, extra);
  expect((await as.Kassir.post(`offers/offers/${offer.id}/submit/`)).status).toBe(200);
  return offer.id;
}

describe('POST offers/offers/', () => {
  it('creates a money DRAFT (an outcome: I send) with user objects and fixed-scale lines', async () => {
    const res = await as.Kassir.post(
      'offers/offers/',
      body({
        money_lines: [
          { currency: USD, amount: 50 },
          { currency: UZS, amount: '1000.5' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      status: 'DRAFT',
      type: 'money',
      created_by: {
        id: users.Kassir.id,
        email: users.Kassir.email,
        first_name: 'Kassir',
        last_name: 'Test',
        code: expect.any(String),
      },
      from_user: { id: users.Kassir.id },
      to_user: { id: users.manager.id },
      money_lines: [
        { currency: USD, currency_code: 'USD', amount: '50.00' },
        { currency: UZS, currency_code: 'UZS', amount: '1000.50' },
      ],
      item_lines: [],
      reason: "Bo'lim xarajatlari uchun",
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'offer')
      .where('entity_id', '=', String(res.body.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create']);
  });

  it('creates an income (I ask) and a product offer with variant objects', async () => {
    const income = await createOffer(as.manager);
    expect(income).toMatchObject({
      status: 'DRAFT',
      created_by: { id: users.manager.id },
      to_user: { id: users.manager.id },
    });
    const v = variants[0] as TestVariant;
    const res = await as.Kassir.post(
      'offers/offers/',
      body({ money_lines: [], item_lines: [{ variant: v.id, quantity: '2.5' }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'product',
      money_lines: [],
      item_lines: [
        {
          product: v.productId,
          quantity: '2.500',
          variant: { id: v.id, sku: v.sku, product_code: v.productCode },
        },
      ],
    });
    expect(typeof res.body.item_lines[0].variant.label).toBe('string');
  });

  it('is refused to someone who is not a party (403)', async () => {
    const res = await as.Owner.post('offers/offers/', body());
    expect(res.status).toBe(403);
  });

  it.each([
    [{ to_user: 999_999 }, 'to_user'],
    [{ from_user: 999_999, to_user: 0 }, 'to_user'],
    [{ money_lines: [] }, 'non_field_errors'],
    [{ item_lines: [{ variant: 1, quantity: 1 }] }, 'non_field_errors'],
    [{ reason_text: 'qisqa' }, 'reason_text'],
    [{ reason_text: 'x'.repeat(501) }, 'reason_text'],
    [{ money_lines: money(0) }, 'money_lines.0.amount'],
    [{ money_lines: money('1.234') }, 'money_lines.0.amount'],
    [{ money_lines: money('abc') }, 'money_lines.0.amount'],
    [{ money_lines: money(1, 99) }, 'money_lines'],
    [{ money_lines: [...money(1), ...money(2)] }, 'money_lines'],
    [{ money_lines: 'lots' }, 'money_lines'],
  ])('refuses %j with 400 on %s', async (patch, field) => {
    const before = await t.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await as.Kassir.post('offers/offers/', body(patch));
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeDefined();
    const after = await t.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers 'User topilmadi' for a user of another business, and refuses to send to oneself", async () => {
    const res = await as.Kassir.post('offers/offers/', body({ to_user: outsider.id }));
    expect(res.status).toBe(400);
    expect(res.body.to_user).toEqual(['User topilmadi']);
    expect((await as.Kassir.post('offers/offers/', body({ to_user: users.Kassir.id }))).status).toBe(400);
  });

  it('validates item lines: variant of the business, quantity with at most 3 decimals', async () => {
    const [foreign] = await createVariants(t.db, outsider.businessId, 1);
    const items = (variant: number, quantity: unknown) =>
      body({ money_lines: [], item_lines: [{ variant, quantity }] });
    expect(
      (await as.Kassir.post('offers/offers/', items((foreign as TestVariant).id, 1))).body.item_lines,
    ).toEqual(['Variant topilmadi.']);
    expect(
      (await as.Kassir.post('offers/offers/', items((variants[0] as TestVariant).id, '1.0001'))).status,
    ).toBe(400);
    expect((await as.Kassir.post('offers/offers/', items((variants[0] as TestVariant).id, 0))).status).toBe(
      400,
    );
  });
});

describe('get_incomes and get_outcomes', () => {
  it('list my offers on each side, newest first', async () => {
    const a = await createOffer(as.Owner, { from_user: users.Owner.id, to_user: users.Kassir.id });
    const b = await createOffer(as.Kassir, { from_user: users.Owner.id, to_user: users.Kassir.id });
    const incomes = (await as.Kassir.get('offers/offers/get_incomes/')).body as Array<{
      id: number;
      to_user: { id: number };
    }>;
    expect(incomes.slice(0, 2).map((o) => o.id)).toEqual([b.id, a.id]);
    expect(incomes.every((o) => o.to_user.id === users.Kassir.id)).toBe(true);
    const outcomes = (await as.Owner.get('offers/offers/get_outcomes/')).body as Array<{
      id: number;
      from_user: { id: number };
    }>;
    expect(outcomes.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(
      (await as.manager.get('offers/offers/get_outcomes/')).body.map((o: { id: number }) => o.id),
    ).not.toContain(a.id);
  });

  it('shows one offer to its parties and to the viewers of the whole business only', async () => {
    const offer = await createOffer(as.Kassir);
    expect((await as.manager.get(`offers/offers/${offer.id}/`)).status).toBe(200);
    // The Owner is no party but sees the whole business (DESIGN.md part two).
    expect((await as.Owner.get(`offers/offers/${offer.id}/`)).status).toBe(200);
    const trader = await signIn(t.url, await createUser(t.db, { businessId, role: 'Bozorchi' }));
    expect((await trader.get(`offers/offers/${offer.id}/`)).status).toBe(404);
    const stranger = await signIn(t.url, outsider);
    expect((await stranger.get(`offers/offers/${offer.id}/`)).status).toBe(404);
    expect((await as.Kassir.get('offers/offers/abc/')).status).toBe(404);
  });
});

// Every action x actor x state, for both kinds of offer: offers-state-table.test.ts; here what
// the table does not say: an approval's ledger rows, audit, races, shortfalls and keys.
describe('the state table', () => {
  it('approve: the other party moves the money once; a second approval is 409', async () => {
    const draft = await createOffer(as.Kassir, { money_lines: money('40.10') });
    expect((await as.manager.post(`offers/offers/${draft.id}/approve/`)).status).toBe(409);
    await as.Kassir.post(`offers/offers/${draft.id}/submit/`);
    const kassirBefore = await balanceOf(t.db, users.Kassir.id, USD);
    expect((await as.Kassir.post(`offers/offers/${draft.id}/approve/`)).status).toBe(403);
    expect((await as.Owner.post(`offers/offers/${draft.id}/approve/`)).status).toBe(403);
    const res = await as.manager.post(`offers/offers/${draft.id}/approve/`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPROVED');
    // The answer is the approved offer as money_apply read it: it must be the offer as stored.
    expect(res.body.decided_at).toEqual(expect.any(String));
    expect(res.body).toEqual((await as.manager.get(`offers/offers/${draft.id}/`)).body);
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe(
      new D(kassirBefore ?? '0').minus('40.10').toFixed(2),
    );
    const rows = await t.db
      .selectFrom('money_transactions')
      .select([
        'business_id',
        'user_id',
        'amount',
        'rate_to_uzs',
        'amount_in_uzs',
        'tx_type',
        'reason',
        'created_by',
      ])
      .where('offer_id', '=', draft.id)
      .orderBy('amount')
      .execute();
    // Each line moves at the rate in force, with the offer's reason, made by the approver.
    const common = {
      business_id: businessId,
      rate_to_uzs: '12650.000000',
      tx_type: 'OFFER',
      reason: draft.reason,
      created_by: users.manager.id,
    };
    expect(rows).toEqual([
      { ...common, user_id: users.Kassir.id, amount: '-40.10', amount_in_uzs: '-507265.00' },
      { ...common, user_id: users.manager.id, amount: '40.10', amount_in_uzs: '507265.00' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'summary'])
      .where('action', '=', 'offer.approve')
      .where('entity_id', '=', String(draft.id))
      .executeTakeFirst();
    expect(audit).toEqual({
      actor_id: users.manager.id,
      summary: `Taklif #${draft.id}: PENDING -> APPROVED, pul o'tkazildi: ${users.Kassir.email} -> ${users.manager.email}`,
    });
    expect((await as.manager.post(`offers/offers/${draft.id}/approve/`)).status).toBe(409);
  });

  it('an income offer is approved by its sender', async () => {
    const offer = await createOffer(as.manager, { money_lines: money('1.00') });
    await as.manager.post(`offers/offers/${offer.id}/submit/`);
    expect((await as.manager.post(`offers/offers/${offer.id}/approve/`)).status).toBe(403);
    expect((await as.Kassir.post(`offers/offers/${offer.id}/approve/`)).status).toBe(200);
  });

  it('approve with a shortfall is 409 and the offer stays PENDING', async () => {
    const id = await pendingOffer({ money_lines: [...money('1'), ...money('99999999', UZS)] });
    const before = await ledgerCount(t.db);
    const res = await as.manager.post(`offers/offers/${id}/approve/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('UZS');
    expect((await as.manager.get(`offers/offers/${id}/`)).body.status).toBe('PENDING');
    expect(await ledgerCount(t.db)).toBe(before);
    await fund(t.db, users.Kassir, UZS, '99999999');
    expect((await as.manager.post(`offers/offers/${id}/approve/`)).status).toBe(200);
  });

  it('approve replays its first answer for the same Idempotency-Key', async () => {
    const id = await pendingOffer({ money_lines: money('3') });
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await as.manager.post(`offers/offers/${id}/approve/`, {}, headers);
    const again = await as.manager.post(`offers/offers/${id}/approve/`, {}, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Without the optional trailing slash it is the same request (DESIGN.md section 4).
    const bare = await as.manager.post(`offers/offers/${id}/approve`, {}, headers);
    expect(bare.body).toEqual(first.body);
    expect(
      await t.db.selectFrom('money_transactions').select('id').where('offer_id', '=', id).execute(),
    ).toHaveLength(2);
  });

  it('two approvals racing apply the effect once', async () => {
    const id = await pendingOffer({ money_lines: money('5') });
    const results = await Promise.all([1, 2, 3].map(() => as.manager.post(`offers/offers/${id}/approve/`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(
      await t.db.selectFrom('money_transactions').select('id').where('offer_id', '=', id).execute(),
    ).toHaveLength(2);
  });

  it('a product offer moves stock on approval, and a stock shortfall keeps it PENDING', async () => {
    const v = variants[1] as TestVariant;
    const items = { money_lines: [], item_lines: [{ variant: v.id, quantity: '4' }] };
    const id = await pendingOffer(items);
    const short = await as.manager.post(`offers/offers/${id}/approve/`);
    expect(short.status).toBe(409);
    expect((await as.manager.get(`offers/offers/${id}/`)).body.status).toBe('PENDING');
    await giveStock(t.db, { businessId, departmentId: users.Kassir.id, variantId: v.id, qty: '10' });
    expect((await as.manager.post(`offers/offers/${id}/approve/`)).status).toBe(200);
    expect(await stockOf(t.db, users.Kassir.id, v.id)).toBe('6.000');
    expect(await stockOf(t.db, users.manager.id, v.id)).toBe('4.000');
  });

  it('writes an audit row for every action', async () => {
    const id = await pendingOffer({ money_lines: money('2') });
    await as.manager.post(`offers/offers/${id}/approve/`);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'offer')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.submit', 'offer.approve']);
  });

  it('answers 404 for offers of another business and malformed ids', async () => {
    const id = await pendingOffer();
    const user = await createUser(t.db, { businessId: outsider.businessId, role: 'manager' });
    const stranger = await signIn(t.url, user);
    for (const action of ['submit', 'approve', 'reject', 'cancel']) {
      expect((await stranger.post(`offers/offers/${id}/${action}/`)).status).toBe(404);
    }
    expect((await stranger.delete(`offers/offers/${id}/`)).status).toBe(404);
    expect((await as.manager.post('offers/offers/0/approve/')).status).toBe(404);
    expect((await as.manager.post('offers/offers/x/approve/')).status).toBe(404);
  });
});

describe('approve and the Idempotency-Key', () => {
  it('refuses an approve Idempotency-Key reused for another offer (409), changing nothing', async () => {
    const headers = { 'idempotency-key': 'approve-reused-key' };
    const first = await pendingOffer({ money_lines: money('1') });
    const second = await pendingOffer({ money_lines: money('1') });
    expect((await as.manager.post(`offers/offers/${first}/approve/`, {}, headers)).status).toBe(200);
    const before = await ledgerCount(t.db);
    expect((await as.manager.post(`offers/offers/${second}/approve/`, {}, headers)).status).toBe(409);
    expect((await as.Kassir.get(`offers/offers/${second}/`)).body.status).toBe('PENDING');
    expect(await ledgerCount(t.db)).toBe(before);
  });
});
