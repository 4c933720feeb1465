import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { auditOf, createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { balanceOf, createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// Transfers received with discrepancies (DESIGN.md section 20): approving a product offer with
// the quantities received; the rest is the sender's TRANSIT_LOSS at the FIFO cost it consumed.

type R = 'Owner' | 'Omborchi' | 'Bozorchi';
let t: TestApp;
let as: Record<R, ApiClient>;
let users: Record<R, TestUser>;
let businessId: number;
let variants: TestVariant[];

beforeAll(async () => {
  t = await startTestApp();
  ({ as, users, businessId } = await createSignedInUsers(t.db, t.url, [
    'Owner',
    'Omborchi',
    'Bozorchi',
  ] as const));
  variants = await createVariants(t.db, businessId, 8);
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

const v = (i: number) => variants[i] as TestVariant;
const from = () => users.Omborchi.id;
const to = () => users.Bozorchi.id;
const approve = (id: number, body?: unknown, client = as.Bozorchi) =>
  client.post(`offers/offers/${id}/approve/`, body);

/** An outcome from the Omborchi to the Bozorchi, submitted: PENDING, waiting for the Bozorchi. */
async function pendingOffer(lines: Array<{ variant: number; quantity: string }>): Promise<number> {
  const created = await as.Omborchi.post('offers/offers/', {
    from_user: from(),
    to_user: to(),
    item_lines: lines,
    reason_text: 'Bozorga tovar yuborish',
  });
  expect(created.status).toBe(201);
  expect((await as.Omborchi.post(`offers/offers/${created.body.id}/submit/`)).status).toBe(200);
  return created.body.id;
}

function lossesOf(offerId: number) {
  return t.db
    .selectFrom('stock_exits')
    .select(['department_id', 'variant_id', 'qty_issued', 'type', 'note', 'currency_id'])
    .where('offer_id', '=', offerId)
    .orderBy('variant_id')
    .execute();
}

describe('approving a product offer with the quantities received', () => {
  it('sent 10, received 7: the receiver gets 7, the sender loses 3 at the FIFO cost, nothing is created', async () => {
    const older = await giveStock(t.db, {
      businessId,
      departmentId: from(),
      variantId: v(0).id,
      qty: '8',
      unitCost: '10.00',
      currencyId: 2,
    });
    const newer = await giveStock(t.db, {
      businessId,
      departmentId: from(),
      variantId: v(0).id,
      qty: '5',
      unitCost: '12.00',
      currencyId: 2,
    });
    const id = await pendingOffer([
      { variant: v(0).id, quantity: '10' },
      { variant: v(1).id, quantity: '2' },
    ]);
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(1).id, qty: '2' });
    const res = await approve(id, {
      received: [{ variant: v(0).id, qty: '7', reason_text: "Yo'lda 3 dona sindi" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPROVED');
    const line = (variantId: number) =>
      res.body.item_lines.find((l: { variant: { id: number } }) => l.variant.id === variantId);
    expect(line(v(0).id)).toMatchObject({
      quantity: '10.000',
      received: '7.000',
      lost: '3.000',
      loss_reason: "Yo'lda 3 dona sindi",
    });
    // A line not named arrives in full.
    expect(line(v(1).id)).toMatchObject({
      quantity: '2.000',
      received: '2.000',
      lost: '0.000',
      loss_reason: null,
    });
    // Both parties and the Owner read the same card.
    expect((await as.Omborchi.get(`offers/offers/${id}/`)).body).toEqual(res.body);
    expect((await as.Owner.get(`offers/offers/${id}/`)).body.item_lines).toEqual(res.body.item_lines);

    expect(await balanceOf(t.db, to(), v(0).id)).toBe('7.000');
    expect(await balanceOf(t.db, from(), v(0).id)).toBe('3.000');
    expect(await balanceOf(t.db, to(), v(1).id)).toBe('2.000');
    expect(await lossesOf(id)).toEqual([
      {
        department_id: from(),
        variant_id: v(0).id,
        qty_issued: '3.000',
        type: 'TRANSIT_LOSS',
        note: "Yo'lda 3 dona sindi",
        currency_id: 2,
      },
    ]);
    // FIFO: the 7 received are the oldest lot's; the loss takes its last 1 and 2 of the next lot.
    const lossMoves = await t.db
      .selectFrom('stock_moves as m')
      .innerJoin('stock_exits as x', 'x.id', 'm.exit_id')
      .innerJoin('stock_lots as l', 'l.id', 'm.lot_id')
      .select(['m.lot_id', 'm.qty', 'l.unit_cost'])
      .where('x.offer_id', '=', id)
      .orderBy('m.id')
      .execute();
    expect(lossMoves).toEqual([
      { lot_id: older.lotId, qty: '-1.000', unit_cost: '10.00' },
      { lot_id: newer.lotId, qty: '-2.000', unit_cost: '12.00' },
    ]);
    // The History line of the loss, and the sender's and the Owner's notification.
    const exit = await t.db
      .selectFrom('stock_exits')
      .select('id')
      .where('offer_id', '=', id)
      .executeTakeFirstOrThrow();
    const history = await auditOf(t.db, 'stock_exit', exit.id);
    expect(history).toHaveLength(1);
    expect(history[0]?.summary).toContain("yo'ldagi yo'qotish");
    for (const client of [as.Omborchi, as.Owner]) {
      const bell = await client.get('notifications/');
      const notice = bell.body.results.find(
        (n: { title: string }) => n.title === `Taklif #${id} kam yetib keldi`,
      );
      expect(notice?.body).toContain(
        `${v(0).sku}: yuborildi 10.000, qabul qilindi 7.000. Sabab: Yo'lda 3 dona sindi`,
      );
    }
    const ruBell = await as.Omborchi.get('notifications/', { 'accept-language': 'ru' });
    expect(ruBell.body.results.map((n: { title: string }) => n.title)).toContain(
      `Предложение №${id} прибыло с недостачей`,
    );
  });

  it('a line received as 0 is lost whole; a line received in full needs no reason', async () => {
    await giveStock(t.db, {
      businessId,
      departmentId: from(),
      variantId: v(2).id,
      qty: '4',
      unitCost: '5.00',
    });
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(3).id, qty: '1' });
    const id = await pendingOffer([
      { variant: v(2).id, quantity: '4' },
      { variant: v(3).id, quantity: '1' },
    ]);
    const res = await approve(id, {
      received: [
        { variant: v(2).id, qty: '0', reason_text: "O'g'irlandi" },
        { variant: v(3).id, qty: '1' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(t.db, to(), v(2).id)).toBe('0.000');
    expect(await balanceOf(t.db, from(), v(2).id)).toBe('0.000');
    expect(await balanceOf(t.db, to(), v(3).id)).toBe('1.000');
    expect((await lossesOf(id)).map((l) => [l.variant_id, l.qty_issued])).toEqual([[v(2).id, '4.000']]);
  });

  it('approves without a body as before: everything arrives, no loss, no notice of a shortage', async () => {
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(4).id, qty: '3' });
    const id = await pendingOffer([{ variant: v(4).id, quantity: '3' }]);
    const res = await approve(id);
    expect(res.status).toBe(200);
    expect(res.body.item_lines[0]).toMatchObject({ received: '3.000', lost: '0.000', loss_reason: null });
    expect(res.body).toEqual((await as.Bozorchi.get(`offers/offers/${id}/`)).body);
    expect(await balanceOf(t.db, to(), v(4).id)).toBe('3.000');
    expect(await lossesOf(id)).toEqual([]);
    const bell = await as.Omborchi.get('notifications/');
    expect(
      bell.body.results.some((n: { title: string }) => n.title === `Taklif #${id} kam yetib keldi`),
    ).toBe(false);
  });

  it('refuses bad bodies with a 400 on the line, changing nothing', async () => {
    await giveStock(t.db, { businessId, departmentId: from(), variantId: v(5).id, qty: '10' });
    const id = await pendingOffer([{ variant: v(5).id, quantity: '5' }]);
    const cases: Array<[unknown, string]> = [
      [{ received: [{ variant: v(5).id, qty: '6', reason_text: 'Ortiqcha' }] }, 'received.0.qty'],
      [{ received: [{ variant: v(5).id, qty: '-1', reason_text: 'Manfiy' }] }, 'received.0.qty'],
      [{ received: [{ variant: v(5).id, qty: 'abc' }] }, 'received.0.qty'],
      [{ received: [{ variant: v(5).id, qty: '1.0001', reason_text: 'Kasr' }] }, 'received.0.qty'],
      [{ received: [{ variant: v(6).id, qty: '1', reason_text: 'Boshqa' }] }, 'received.0.variant'],
      [{ received: [{ variant: v(5).id, qty: '4' }] }, 'received.0.reason_text'],
      [{ received: [{ variant: v(5).id, qty: '4', reason_text: '   ' }] }, 'received.0.reason_text'],
      [
        {
          received: [
            { variant: v(5).id, qty: '5' },
            { variant: v(5).id, qty: '4', reason_text: 'Ikki marta' },
          ],
        },
        'received.1.variant',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await approve(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body[field] ?? res.body.errors?.[field], JSON.stringify(res.body)).toBeDefined();
    }
    // The reason's error in Russian for a Russian reader.
    const ru = await as.Bozorchi.post(
      `offers/offers/${id}/approve/`,
      { received: [{ variant: v(5).id, qty: '4' }] },
      { 'accept-language': 'ru' },
    );
    expect(ru.body.detail).toBe('Укажите причину недостачи.');
    // The sender approving nothing of theirs: 403 as before; the receiver's quantities only.
    expect((await approve(id, { received: [] }, as.Omborchi)).status).toBe(403);
    expect((await as.Bozorchi.get(`offers/offers/${id}/`)).body.status).toBe('PENDING');
    expect(await balanceOf(t.db, from(), v(5).id)).toBe('10.000');
    expect(await balanceOf(t.db, to(), v(5).id)).toBeNull();
    expect(await lossesOf(id)).toEqual([]);
  });

  it('refuses quantities received on a money offer, and from a sender approving a request (400)', async () => {
    const money = await as.Omborchi.post('offers/offers/', {
      from_user: from(),
      to_user: to(),
      money_lines: [{ currency: 2, amount: '1000' }],
      reason_text: 'Bozorga pul yuborish',
    });
    await as.Omborchi.post(`offers/offers/${money.body.id}/submit/`);
    const refused = await approve(money.body.id, {
      received: [{ variant: v(5).id, qty: '1', reason_text: 'Kam' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.received).toBeDefined();
    expect((await as.Bozorchi.get(`offers/offers/${money.body.id}/`)).body.status).toBe('PENDING');
    // The Bozorchi asks the Omborchi for goods: the sender approves, and has nothing to count.
    const request = await as.Bozorchi.post('offers/offers/', {
      from_user: from(),
      to_user: to(),
      item_lines: [{ variant: v(5).id, quantity: '1' }],
      reason_text: "Omborchidan tovar so'rash",
    });
    await as.Bozorchi.post(`offers/offers/${request.body.id}/submit/`);
    const bySender = await approve(
      request.body.id,
      { received: [{ variant: v(5).id, qty: '1' }] },
      as.Omborchi,
    );
    expect(bySender.status).toBe(400);
    expect(bySender.body.received).toBeDefined();
    expect(await balanceOf(t.db, to(), v(5).id)).toBeNull();
  });

  it('a stock exit cannot be recorded as a TRANSIT_LOSS by hand', async () => {
    const res = await as.Bozorchi.post('inventory/stocks-exit/', {
      variant: v(5).id,
      qty_issued: '1',
      currency: 2,
      type: 'TRANSIT_LOSS',
    });
    expect(res.status).toBe(400);
  });

  it('moves once when two approvals race: one 200, one 409', async () => {
    await giveStock(t.db, {
      businessId,
      departmentId: from(),
      variantId: v(7).id,
      qty: '6',
      unitCost: '3.00',
    });
    const id = await pendingOffer([{ variant: v(7).id, quantity: '6' }]);
    const body = { received: [{ variant: v(7).id, qty: '4', reason_text: 'Namlikdan buzildi' }] };
    const answers = await Promise.all([approve(id, body), approve(id, body), approve(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const received = await balanceOf(t.db, to(), v(7).id);
    expect(['4.000', '6.000']).toContain(received);
    expect(await balanceOf(t.db, from(), v(7).id)).toBe('0.000');
    expect((await lossesOf(id)).length).toBe(received === '4.000' ? 1 : 0);
  });
});
