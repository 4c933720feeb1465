import { msg } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CbuFeed, startCbuFeed } from '../../../test/cbu-feed.ts';
import { ApiClient } from '../../../test/client.ts';
import { createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { openEventStream } from '../../../test/sse.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import type { NotificationKind } from '../../db/tables/chat.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { fund, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';
import { notify } from './notify.ts';
import { checkOverdueDebts } from './overdue.ts';

// The bell and what rings it (DESIGN.md section 13): the API, each kind written by its cause (and
// none when the cause is refused), the e-mail opt-in through the real mailer, the live stream.
// The app runs its schedules, so the delivery sends e-mail as a server does.

const ROLES = ['Kassir', 'manager', 'Owner', 'Bozorchi', 'Omborchi'] as const;
type Name = (typeof ROLES)[number];
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let cbu: CbuFeed;
let as: Record<Name, ApiClient>;
let users: Record<Name, TestUser>;
let businessId: number;
let outsider: ApiClient;
let outsiderUser: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink();
  cbu = await startCbuFeed();
  ({ t, as, users, businessId } = await startWithUsers(ROLES, {
    schedules: true,
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Back office <no-reply@test.uz>', CBU_RATES_URL: cbu.url },
  }));
  ({ client: outsider, user: outsiderUser } = await signInOutsider(t));
  await fund(t.db, users.Kassir, USD, '500');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
  await assertStockInvariants(t.db);
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await cbu.close();
});

/** The user's notifications of a kind (or all), oldest first. */
async function rowsOf(userId: number, kind?: NotificationKind) {
  let q = t.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'entity', 'entity_id', 'delivered_at'])
    .where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}
const aboutOffer = async (userId: number, kind: NotificationKind, offerId: number) =>
  (await rowsOf(userId, kind)).filter((n) => n.entity === 'offer' && n.entity_id === offerId);

/** A signed-in user of the business with nothing in their bell yet. */
async function freshUser(role: 'manager' | 'Kassir' = 'manager') {
  const user = await createUser(t.db, { businessId, role });
  return { user, client: await signIn(t.url, user) };
}

async function offer(creator: ApiClient, body: Record<string, unknown>, submit = true): Promise<number> {
  const res = await creator.post('offers/offers/', { reason_text: "Bo'lim ehtiyojlari uchun", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (submit) expect((await creator.post(`offers/offers/${res.body.id}/submit/`)).status).toBe(200);
  return res.body.id;
}
const moneyOffer = (amount = '10', submit = true, to = users.manager.id) =>
  offer(
    as.Kassir,
    { from_user: users.Kassir.id, to_user: to, money_lines: [{ currency: USD, amount }] },
    submit,
  );

describe('GET api/notifications/ and marking read', () => {
  it('lists my own, newest first, 50 a page, with the unread total; read and read-all mark them', async () => {
    const { user, client } = await freshUser();
    await inTransaction(t.db, (trx) =>
      notify(
        trx,
        Array.from({ length: 55 }, (_, i) => ({
          businessId,
          userId: user.id,
          kind: 'RATE_CHANGED' as const,
          title: msg('errors.text', { text: `Xabar ${i + 1}` }),
          entity: { type: 'currency' as const, id: USD },
        })),
      ),
    );
    const first = await client.get('notifications/');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      count: 55,
      next: '/api/notifications/?page=2',
      previous: null,
      unread: 55,
    });
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0]).toEqual({
      id: expect.any(Number),
      kind: 'RATE_CHANGED',
      title: 'Xabar 55',
      body: '',
      entity: 'currency',
      entity_id: USD,
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const ids = first.body.results.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await client.get('notifications/?page=2');
    expect(second.body).toMatchObject({ count: 55, next: null, previous: '/api/notifications/?page=1' });
    expect(second.body.results.map((n: { title: string }) => n.title)).toEqual([
      'Xabar 5',
      'Xabar 4',
      'Xabar 3',
      'Xabar 2',
      'Xabar 1',
    ]);
    expect((await client.get('notifications/?page=3')).status).toBe(404);

    const one = ids[0] as number;
    expect((await client.post(`notifications/${one}/read/`)).body).toEqual({ marked: 1, unread: 54 });
    expect((await client.post(`notifications/${one}/read/`)).body).toEqual({ marked: 0, unread: 54 });
    const unread = await client.get('notifications/?unread=true');
    expect(unread.body).toMatchObject({ count: 54, unread: 54 });
    expect(unread.body.results.map((n: { id: number }) => n.id)).not.toContain(one);
    const read = await client.get('notifications/?unread=false');
    expect(read.body.results).toMatchObject([{ id: one, read_at: expect.any(String) }]);
    expect((await client.post('notifications/read-all/')).body).toEqual({ marked: 54, unread: 0 });
    expect((await client.get('notifications/?unread=true')).body).toMatchObject({ count: 0, unread: 0 });
    expect((await client.post('notifications/read-all/')).body).toEqual({ marked: 0, unread: 0 });
  });

  it("another user's notification, of this business or another, or an unknown id, is 404", async () => {
    const { user } = await freshUser();
    const [mine] = await inTransaction(t.db, (trx) =>
      notify(trx, [
        { businessId, userId: user.id, kind: 'LOW_STOCK', title: msg('errors.text', { text: 'Kam qoldiq' }) },
      ]),
    );
    const id = mine?.id as number;
    for (const client of [as.Owner, outsider]) {
      expect((await client.post(`notifications/${id}/read/`)).status).toBe(404);
      const list = await client.get('notifications/');
      expect(list.body.results.map((n: { id: number }) => n.id)).not.toContain(id);
    }
    expect((await as.Owner.post('notifications/2147483647/read/')).status).toBe(404);
    expect((await as.Owner.post('notifications/abc/read/')).status).toBe(404);
    expect((await rowsOf(user.id))[0]).toMatchObject({ id });
    expect(
      (await t.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirst())
        ?.read_at,
    ).toBeNull();
    expect((await new ApiClient(t.url).get('notifications/')).status).toBe(401);
  });
});

describe('offers: OFFER_PENDING and OFFER_DECIDED (written by the offers trigger)', () => {
  it('a submitted money offer waits for the other party; approval and rejection are told to the creator', async () => {
    const approved = await moneyOffer('10');
    expect(await aboutOffer(users.manager.id, 'OFFER_PENDING', approved)).toMatchObject([
      { title: `Taklif #${approved} qaroringizni kutmoqda` },
    ]);
    expect(await aboutOffer(users.Kassir.id, 'OFFER_PENDING', approved)).toEqual([]);
    expect((await as.manager.post(`offers/offers/${approved}/approve/`)).status).toBe(200);
    expect(await aboutOffer(users.Kassir.id, 'OFFER_DECIDED', approved)).toMatchObject([
      { title: `Taklif #${approved} tasdiqlandi` },
    ]);

    const rejected = await moneyOffer('10');
    expect((await as.manager.post(`offers/offers/${rejected}/reject/`)).status).toBe(200);
    expect(await aboutOffer(users.Kassir.id, 'OFFER_DECIDED', rejected)).toMatchObject([
      { title: `Taklif #${rejected} rad etildi` },
    ]);
    // An income (I ask): the one asked, the sender, decides.
    const asked = await offer(as.manager, {
      from_user: users.Kassir.id,
      to_user: users.manager.id,
      money_lines: [{ currency: USD, amount: '5' }],
    });
    expect(await aboutOffer(users.Kassir.id, 'OFFER_PENDING', asked)).toHaveLength(1);
    expect(await aboutOffer(users.manager.id, 'OFFER_PENDING', asked)).toEqual([]);
    // A draft waits for nobody.
    const draft = await moneyOffer('1', false);
    expect(await aboutOffer(users.manager.id, 'OFFER_PENDING', draft)).toEqual([]);
  });

  it('product offers: pending to the other party, approved and rejected to the creator', async () => {
    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await giveStock(t.db, { businessId, departmentId: users.Omborchi.id, variantId: v.id, qty: '10' });
    const items = {
      from_user: users.Omborchi.id,
      to_user: users.Bozorchi.id,
      item_lines: [{ variant: v.id, quantity: '2' }],
    };
    const approved = await offer(as.Omborchi, items);
    expect(await aboutOffer(users.Bozorchi.id, 'OFFER_PENDING', approved)).toHaveLength(1);
    expect((await as.Bozorchi.post(`offers/offers/${approved}/approve/`)).status).toBe(200);
    expect(await aboutOffer(users.Omborchi.id, 'OFFER_DECIDED', approved)).toMatchObject([
      { title: `Taklif #${approved} tasdiqlandi` },
    ]);
    const rejected = await offer(as.Omborchi, items);
    expect((await as.Bozorchi.post(`offers/offers/${rejected}/reject/`)).status).toBe(200);
    expect(await aboutOffer(users.Omborchi.id, 'OFFER_DECIDED', rejected)).toMatchObject([
      { title: `Taklif #${rejected} rad etildi` },
    ]);
  });

  it('none when the action is refused: a shortfall (money or stock) or the wrong actor', async () => {
    const tooMuch = await moneyOffer('100000');
    expect((await as.manager.post(`offers/offers/${tooMuch}/approve/`)).status).toBe(409);
    expect((await as.Kassir.post(`offers/offers/${tooMuch}/approve/`)).status).toBe(403);
    expect(await aboutOffer(users.Kassir.id, 'OFFER_DECIDED', tooMuch)).toEqual([]);

    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    const short = await offer(as.Omborchi, {
      from_user: users.Omborchi.id,
      to_user: users.Bozorchi.id,
      item_lines: [{ variant: v.id, quantity: '3' }],
    });
    expect((await as.Bozorchi.post(`offers/offers/${short}/approve/`)).status).toBe(409);
    expect(await aboutOffer(users.Omborchi.id, 'OFFER_DECIDED', short)).toEqual([]);
    // Submitting twice: the second is refused and announces nothing again.
    const twice = await moneyOffer('1');
    expect((await as.Kassir.post(`offers/offers/${twice}/submit/`)).status).toBe(409);
    expect(await aboutOffer(users.manager.id, 'OFFER_PENDING', twice)).toHaveLength(1);
  });
});

describe('LOW_STOCK', () => {
  const lowOf = async (userId: number, variantId: number) =>
    (await rowsOf(userId, 'LOW_STOCK')).filter((n) => n.entity === 'variant' && n.entity_id === variantId);

  it('a stock exit that crosses min_qty tells the department and the Owners once, not again while under', async () => {
    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await t.db.updateTable('variants').set({ min_qty: '5.000' }).where('id', '=', v.id).execute();
    await giveStock(t.db, { businessId, departmentId: users.Bozorchi.id, variantId: v.id, qty: '10' });
    const sell = (qty: string) =>
      as.Bozorchi.post('inventory/stocks-exit/', { variant: v.id, qty_issued: qty, currency: UZS });

    expect((await sell('4')).status).toBe(201); // 6 left: above
    expect(await lowOf(users.Bozorchi.id, v.id)).toEqual([]);
    expect((await sell('1')).status).toBe(201); // 5 left: at the threshold
    expect(await lowOf(users.Bozorchi.id, v.id)).toMatchObject([
      { title: `Kam qoldiq: ${v.sku}`, body: expect.stringContaining('5.000 qoldi (eng kami 5.000)') },
    ]);
    expect(await lowOf(users.Owner.id, v.id)).toMatchObject([
      { body: expect.stringContaining(`${users.Bozorchi.email} bo'limida 5.000 qoldi`) },
    ]);
    expect((await sell('1')).status).toBe(201); // 4 left: still under
    expect((await sell('10')).status).toBe(409); // refused: nothing
    expect(await lowOf(users.Bozorchi.id, v.id)).toHaveLength(1);
    expect(await lowOf(users.Owner.id, v.id)).toHaveLength(1);
    expect(await lowOf(users.manager.id, v.id)).toEqual([]);
    expect(await lowOf(outsiderUser.id, v.id)).toEqual([]);

    // Restocked above it and sold under again: a new crossing, told again.
    await giveStock(t.db, { businessId, departmentId: users.Bozorchi.id, variantId: v.id, qty: '6' });
    expect((await sell('7')).status).toBe(201); // 10 -> 3
    expect(await lowOf(users.Bozorchi.id, v.id)).toHaveLength(2);
  });

  it('an approved product offer that crosses it tells the sender and the Owners', async () => {
    const [v] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
    await t.db.updateTable('variants').set({ min_qty: '5' }).where('id', '=', v.id).execute();
    await giveStock(t.db, { businessId, departmentId: users.Omborchi.id, variantId: v.id, qty: '8' });
    const id = await offer(as.Omborchi, {
      from_user: users.Omborchi.id,
      to_user: users.Bozorchi.id,
      item_lines: [{ variant: v.id, quantity: '4' }],
    });
    expect(await lowOf(users.Omborchi.id, v.id)).toEqual([]);
    expect((await as.Bozorchi.post(`offers/offers/${id}/approve/`)).status).toBe(200);
    expect(await lowOf(users.Omborchi.id, v.id)).toHaveLength(1);
    expect(await lowOf(users.Owner.id, v.id)).toHaveLength(1);
    // The receiver's stock went up: nothing for them.
    expect(await lowOf(users.Bozorchi.id, v.id)).toEqual([]);
  });
});

describe('RATE_CHANGED', () => {
  it('a rate set by hand or by the Central Bank import is told to every active user of that business only', async () => {
    const inactive = await createUser(t.db, { businessId, role: 'Kassir' });
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const before = await t.db
      .selectFrom('notifications')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const since = before?.id ?? 0;
    const rateRows = () =>
      t.db
        .selectFrom('notifications')
        .select(['user_id', 'business_id', 'title', 'body', 'entity', 'entity_id'])
        .where('kind', '=', 'RATE_CHANGED')
        .where('id', '>', since)
        .orderBy('id')
        .execute();

    expect((await as.Owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: '12000' })).status).toBe(
      201,
    );
    const active = await t.db
      .selectFrom('users')
      .select('id')
      .where('business_id', '=', businessId)
      .where('is_active', '=', true)
      .orderBy('id')
      .execute();
    const manual = await rateRows();
    expect(manual.map((n) => n.user_id)).toEqual(active.map((u) => u.id));
    expect(manual.map((n) => n.user_id)).not.toContain(inactive.id);
    expect(manual[0]).toMatchObject({
      business_id: businessId,
      title: "Kurs o'zgardi: 1 USD = 12000.000000 UZS",
      entity: 'currency',
      entity_id: USD,
    });

    const imported = await as.Owner.post('finance/rates/import-cbu/');
    expect(imported.status).toBe(200);
    expect(imported.body.updated).toContainEqual({ code: 'USD', rate_to_uzs: expect.any(String) });
    const all = await rateRows();
    const cbuRows = all.slice(manual.length);
    expect(cbuRows).toHaveLength(active.length);
    expect(cbuRows[0]?.title).toMatch(/^Markaziy bank kurslari \(\d{4}-\d\d-\d\d\)$/);
    expect(cbuRows[0]?.body).toContain('1 USD = ');
    expect(all.every((n) => n.business_id === businessId)).toBe(true);
  });
});

describe('DEBT_OVERDUE', () => {
  it('tells the debt department of each overdue debt once, however often the check runs', async () => {
    const cp = await as.Bozorchi.post('crm/counterparties/', { name: 'Nasiyachi' });
    expect(cp.status).toBe(201);
    const loan = async (due: string | null) => {
      const res = await as.Bozorchi.post('debts/', {
        counterparty: cp.body.id,
        direction: 'RECEIVABLE',
        currency: USD,
        amount: '40',
        due_date: due,
        reason_text: 'Qarzga berildi',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const late = [await loan('2020-01-15'), await loan('2021-06-01')];
    const notYet = [await loan('2099-01-01'), await loan(null)];
    const deps = { db: t.db, clock: () => new Date() };
    await checkOverdueDebts(deps);
    await checkOverdueDebts(deps);
    const told = await rowsOf(users.Bozorchi.id, 'DEBT_OVERDUE');
    expect(told.map((n) => n.entity_id)).toEqual(late);
    expect(told[0]).toMatchObject({ entity: 'debt', title: "Qarz muddati o'tdi: Nasiyachi" });
    expect(told[0]?.body).toContain('40.00 USD qoldi');
    for (const id of notYet) expect(told.map((n) => n.entity_id)).not.toContain(id);
    expect(await checkOverdueDebts(deps)).toBe(0);
    expect(await rowsOf(users.Owner.id, 'DEBT_OVERDUE')).toEqual([]);
  });
});

describe('e-mail opt-in (PATCH api/auth/me/) and delivery', () => {
  it('whoami answers email_notifications; an unknown or not e-mailable kind is a field error', async () => {
    const { client } = await freshUser();
    expect((await client.get('auth/whoami/')).body.email_notifications).toEqual([]);
    const set = await client.patch('auth/me/', {
      email_notifications: ['DEBT_OVERDUE', 'OFFER_PENDING', 'DEBT_OVERDUE'],
    });
    expect(set.status).toBe(200);
    expect(set.body.email_notifications).toEqual(['OFFER_PENDING', 'DEBT_OVERDUE']);
    expect((await client.get('auth/whoami/')).body.email_notifications).toEqual([
      'OFFER_PENDING',
      'DEBT_OVERDUE',
    ]);
    for (const kind of ['FOO', 'LOW_STOCK']) {
      const bad = await client.patch('auth/me/', { email_notifications: ['OFFER_PENDING', kind] });
      expect(bad.status).toBe(400);
      expect(bad.body.email_notifications).toEqual([`"${kind}" mumkin bo'lgan qiymatlardan emas.`]);
    }
    expect((await client.patch('auth/me/', { email_notifications: 'OFFER_PENDING' })).status).toBe(400);
    expect((await client.patch('auth/me/', { email_notifications: [] })).body.email_notifications).toEqual(
      [],
    );
  });

  it('an opted-in OFFER_PENDING arrives by e-mail (text and HTML) once; none for a user not opted in', async () => {
    const quiet = await freshUser();
    const keen = await freshUser();
    expect((await keen.client.patch('auth/me/', { email_notifications: ['OFFER_PENDING'] })).status).toBe(
      200,
    );
    // The quiet one's first, so once the keen one's mail is here, the quiet one's would be too.
    const forQuiet = await moneyOffer('1', true, quiet.user.id);
    const forKeen = await moneyOffer('2', true, keen.user.id);
    const mailTo = (email: string) => sink.messages.filter((m) => m.includes(`To: ${email}`));
    for (let i = 0; i < 500 && mailTo(keen.user.email).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(mailTo(keen.user.email)).toHaveLength(1);
    const raw = mailTo(keen.user.email)[0] ?? '';
    expect(raw).toContain('From: Back office <no-reply@test.uz>');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain(`Taklif #${forKeen} qaroringizni kutmoqda`);
    expect((await aboutOffer(quiet.user.id, 'OFFER_PENDING', forQuiet))[0]?.delivered_at).not.toBeNull();
    expect(mailTo(quiet.user.email)).toEqual([]);
  });
});

describe('live: GET api/events/', () => {
  it('a notification reaches the recipient stream as event notification; read-all tells the unread count', async () => {
    const { user, client } = await freshUser();
    const stream = await openEventStream(t.url, client.token);
    try {
      expect(stream.status).toBe(200);
      const id = await moneyOffer('1', true, user.id);
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data)).toMatchObject({
        notification: { kind: 'OFFER_PENDING', entity: 'offer', entity_id: id },
        unread: 1,
      });
      expect((await client.post('notifications/read-all/')).status).toBe(200);
      const read = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(read.data)).toEqual({ unread: 0 });
    } finally {
      stream.close();
    }
  });

  it('a reconnecting stream hears a missed notification with the unread count as it is now', async () => {
    const { user, client } = await freshUser();
    const first = await openEventStream(t.url, client.token);
    let seen: string | undefined;
    try {
      await moneyOffer('1', true, user.id);
      const event = await first.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data)).toMatchObject({ unread: 1 });
      seen = event.id;
    } finally {
      first.close();
    }
    // Missed while away: a second notification (2 unread then), then everything read.
    const missed = await moneyOffer('2', true, user.id);
    expect((await client.post('notifications/read-all/')).body).toEqual({ marked: 2, unread: 0 });
    const again = await openEventStream(t.url, client.token, { 'last-event-id': seen ?? '' });
    try {
      const event = await again.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data)).toMatchObject({ notification: { entity_id: missed }, unread: 0 });
    } finally {
      again.close();
    }
  });

  it("an administrator's balance adjustment tells the department's stream (balance)", async () => {
    const { user, client } = await freshUser('Kassir');
    const stream = await openEventStream(t.url, client.token);
    try {
      const res = await as.Owner.post('admin/balances/adjust/', {
        user: user.id,
        currency: UZS,
        amount: '1000',
        reason_text: "Boshlang'ich qoldiq",
      });
      expect(res.status).toBe(201);
      const event = await stream.next((e) => e.event === 'balance');
      expect(JSON.parse(event.data)).toEqual({ what: 'money' });
    } finally {
      stream.close();
    }
  });
});
