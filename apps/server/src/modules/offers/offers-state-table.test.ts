import {
  D,
  type DecimalValue,
  OFFER_ACTIONS,
  OFFER_STATUSES,
  OFFER_TRANSITIONS,
  type OfferAction,
  type OfferSide,
  type OfferStatus,
} from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, USD } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// DESIGN.md section 3 "Offers": every action x actor x state of the state table, for a money
// offer and a product offer. The expectations come from the one table the server, the web and
// these tests share (OFFER_TRANSITIONS): a wrong actor is 403, a wrong state 409, an allowed
// action answers the table's target state, and only approve moves anything.

type Kind = 'money' | 'product';
let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let as: Record<OfferSide | 'stranger', ApiClient>;
let variant: TestVariant;

beforeAll(async () => {
  t = await startTestApp();
  // The Kassir creates every offer here (an outcome: it sends), the manager is the other party
  // and the Owner, of the same business, is no party.
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager', 'Owner'] as const);
  sender = setup.users.Kassir;
  receiver = setup.users.manager;
  as = { creator: setup.as.Kassir, other: setup.as.manager, stranger: setup.as.Owner };
  [variant] = (await createVariants(t.db, setup.businessId, 1)) as [TestVariant];
  await fund(t.db, sender, USD, '1000');
  await giveStock(t.db, {
    businessId: setup.businessId,
    departmentId: sender.id,
    variantId: variant.id,
    qty: '1000',
  });
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(() => t.close());

const LINES: Record<Kind, Record<string, unknown>> = {
  money: { money_lines: [{ currency: USD, amount: '1.25' }], item_lines: [] },
  product: { money_lines: [], item_lines: [] },
};

function act(client: ApiClient, action: OfferAction, id: number) {
  return action === 'delete'
    ? client.delete(`offers/offers/${id}/`)
    : client.post(`offers/offers/${id}/${action}/`);
}

/** The shortest run of actions from DRAFT to `state`, found in the table itself. */
function pathTo(state: OfferStatus): OfferAction[] {
  const paths = new Map<OfferStatus, OfferAction[]>([['DRAFT', []]]);
  const queue: OfferStatus[] = ['DRAFT'];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    for (const action of OFFER_ACTIONS) {
      const { from: allowed, to } = OFFER_TRANSITIONS[action];
      if (to === null || !allowed.includes(from) || paths.has(to)) continue;
      paths.set(to, [...(paths.get(from) ?? []), action]);
      queue.push(to);
    }
  }
  const path = paths.get(state);
  if (!path) throw new Error(`the state table never reaches ${state}`);
  return path;
}

/** A sender -> receiver offer created by the sender, brought to `state` by the right actors. */
async function offerIn(kind: Kind, state: OfferStatus): Promise<number> {
  const lines =
    kind === 'money'
      ? LINES.money
      : { ...LINES.product, item_lines: [{ variant: variant.id, quantity: '1.5' }] };
  const res = await as.creator.post('offers/offers/', {
    from_user: sender.id,
    to_user: receiver.id,
    reason_text: 'Holatlar jadvali sinovi',
    ...lines,
  });
  expect(res.status).toBe(201);
  for (const action of pathTo(state)) {
    expect((await act(as[OFFER_TRANSITIONS[action].who], action, res.body.id)).status).toBe(200);
  }
  return res.body.id;
}

/** Both parties' money and stock balances (strings: the exact stored decimals). */
async function holdings() {
  const [money, stock] = await Promise.all([
    t.db
      .selectFrom('balances')
      .select(['user_id', 'currency_id', 'on_hand'])
      .where('user_id', 'in', [sender.id, receiver.id])
      .orderBy('user_id')
      .orderBy('currency_id')
      .execute(),
    t.db
      .selectFrom('stock_balances')
      .select(['department_id', 'variant_id', 'qty_on_hand'])
      .where('department_id', 'in', [sender.id, receiver.id])
      .orderBy('department_id')
      .orderBy('variant_id')
      .execute(),
  ]);
  return { money, stock };
}
type Holdings = Awaited<ReturnType<typeof holdings>>;

function amountOf(rows: Holdings['money'] | Holdings['stock'], userId: number): DecimalValue {
  const row = rows.find((r) => ('user_id' in r ? r.user_id : r.department_id) === userId);
  return new D(row ? ('on_hand' in row ? row.on_hand : row.qty_on_hand) : '0');
}

/** An approval moves the offer's lines from sender to receiver; nothing else changes. */
function expectMoved(kind: Kind, before: Holdings, after: Holdings) {
  const [moved, unmoved, qty] =
    kind === 'money' ? (['money', 'stock', '1.25'] as const) : (['stock', 'money', '1.5'] as const);
  expect(after[unmoved]).toEqual(before[unmoved]);
  expect(amountOf(after[moved], sender.id).toString()).toBe(
    amountOf(before[moved], sender.id).minus(qty).toString(),
  );
  expect(amountOf(after[moved], receiver.id).toString()).toBe(
    amountOf(before[moved], receiver.id).plus(qty).toString(),
  );
}

const OPPOSITE: Record<OfferSide, OfferSide> = { creator: 'other', other: 'creator' };
const cases = (['money', 'product'] as const).flatMap((kind) =>
  OFFER_ACTIONS.flatMap((action) => OFFER_STATUSES.map((state) => [kind, action, state] as const)),
);

describe('the offer state table, every action by every actor from every state', () => {
  it.each(cases)('%s offer: %s from %s', async (kind, action, state) => {
    const rule = OFFER_TRANSITIONS[action];
    const id = await offerIn(kind, state);
    const before = await holdings();
    const statusNow = async () => (await as.creator.get(`offers/offers/${id}/`)).body.status;

    // The other party, and someone who is no party at all, are refused in every state.
    expect((await act(as[OPPOSITE[rule.who]], action, id)).status).toBe(403);
    expect((await act(as.stranger, action, id)).status).toBe(403);
    expect(await statusNow()).toBe(state);
    expect(await holdings()).toEqual(before);

    const res = await act(as[rule.who], action, id);
    if (!rule.from.includes(state)) {
      expect(res.status).toBe(409);
      expect(await statusNow()).toBe(state);
      expect(await holdings()).toEqual(before);
      return;
    }
    if (rule.to === null) {
      expect(res.status).toBe(204);
      expect((await as.creator.get(`offers/offers/${id}/`)).status).toBe(404);
    } else {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: rule.to, type: kind });
      expect(await statusNow()).toBe(rule.to);
    }
    if (rule.effect === 'move') expectMoved(kind, before, await holdings());
    else expect(await holdings()).toEqual(before);
  });
});
