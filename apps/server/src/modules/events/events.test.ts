import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { openEventStream } from '../../../test/sse.ts';
import { ACCESS_TTL_SECONDS, createTokenSigner } from '../../lib/auth/tokens.ts';
import { publish } from '../../lib/events.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { fund, USD } from '../finance/finance.fixtures.ts';

// GET api/events/ (DESIGN.md section 13): a user's live events as Server-Sent Events over fetch
// with the bearer header, told at commit and never for a rolled-back transaction, replayed after
// Last-Event-ID, and ended cleanly when the server stops.

let t: TestApp;
let owner: TestUser;
let kassir: TestUser;
let ownerToken: string;
let kassirToken: string;
let kassirApi: ApiClient;
let ownerApi: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Owner', 'Kassir'] as const);
  owner = setup.users.Owner;
  kassir = setup.users.Kassir;
  ownerToken = setup.as.Owner.token ?? '';
  kassirToken = setup.as.Kassir.token ?? '';
  kassirApi = setup.as.Kassir;
  ownerApi = setup.as.Owner;
  await fund(t.db, kassir, USD, '100');
});
afterAll(() => t.close());

it('is for a signed-in user only', async () => {
  const stream = await openEventStream(t.url, undefined);
  expect(stream.status).toBe(401);
  const bad = await openEventStream(t.url, 'not-a-token');
  expect(bad.status).toBe(401);
});

it('tells each user their own events when the transaction commits, and nothing of one rolled back', async () => {
  const mine = await openEventStream(t.url, ownerToken);
  const theirs = await openEventStream(t.url, kassirToken);
  expect(mine.status).toBe(200);

  await expect(
    inTransaction(t.db, async (trx) => {
      await publish(trx, owner.businessId, [
        { userId: owner.id, type: 'offer', data: { offer_id: 1, status: 'ROLLED_BACK' } },
      ]);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  await inTransaction(t.db, (trx) =>
    publish(trx, owner.businessId, [
      { userId: owner.id, type: 'offer', data: { offer_id: 2, status: 'PENDING' } },
      { userId: kassir.id, type: 'balance', data: { what: 'money' } },
    ]),
  );

  const offer = await mine.next((e) => e.event === 'offer');
  expect(JSON.parse(offer.data)).toEqual({ offer_id: 2, status: 'PENDING' });
  expect(offer.id).toMatch(/^\d+$/);
  const balance = await theirs.next((e) => e.event === 'balance');
  expect(JSON.parse(balance.data)).toEqual({ what: 'money' });
  expect(mine.events.map((e) => e.event)).toEqual(['offer']);
  expect(theirs.events.map((e) => e.event)).toEqual(['balance']);
  mine.close();
  theirs.close();
});

it('after a reconnect with Last-Event-ID, sends what was missed, once', async () => {
  const first = await openEventStream(t.url, ownerToken);
  await inTransaction(t.db, (trx) =>
    publish(trx, owner.businessId, [
      { userId: owner.id, type: 'offer', data: { offer_id: 10, status: 'PENDING' } },
    ]),
  );
  const seen = await first.next((e) => e.event === 'offer');
  first.close();

  // While no stream is open, two more happen.
  await inTransaction(t.db, (trx) =>
    publish(trx, owner.businessId, [
      { userId: owner.id, type: 'offer', data: { offer_id: 11, status: 'APPROVED' } },
      { userId: owner.id, type: 'offer', data: { offer_id: 12, status: 'REJECTED' } },
    ]),
  );
  const again = await openEventStream(t.url, ownerToken, { 'last-event-id': seen.id ?? '' });
  await again.next((e) => JSON.parse(e.data).offer_id === 12);
  expect(again.events.map((e) => JSON.parse(e.data).offer_id)).toEqual([11, 12]);
  again.close();

  const bad = await openEventStream(t.url, ownerToken, { 'last-event-id': 'abc' });
  expect(bad.status).toBe(400);
});

it('every stream of the user gets the event (two tabs)', async () => {
  const tabs = [await openEventStream(t.url, ownerToken), await openEventStream(t.url, ownerToken)];
  await inTransaction(t.db, (trx) =>
    publish(trx, owner.businessId, [{ userId: owner.id, type: 'notification', data: { unread: 3 } }]),
  );
  // A stream may first get an event committed just before it opened, whose announcement the hub
  // was still reading (the last test's, through PgBouncer once): harmless, a page refetches. The
  // notification is what each tab must get.
  for (const tab of tabs)
    expect(JSON.parse((await tab.next((e) => e.event === 'notification')).data)).toEqual({ unread: 3 });
  for (const tab of tabs) tab.close();
});

it('a server that stops ends its open streams instead of waiting for them', async () => {
  const other = await startTestApp();
  try {
    const setup = await createSignedInUsers(other.db, other.url, ['Kassir'] as const);
    const stream = await openEventStream(other.url, setup.as.Kassir.token);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await other.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  } finally {
    await other.close();
  }
});

it("an offer's life reaches its parties: a draft only its creator, then the other party with the notification", async () => {
  const creator = await openEventStream(t.url, kassirToken);
  const other = await openEventStream(t.url, ownerToken);
  const created = await kassirApi.post('offers/offers/', {
    from_user: kassir.id,
    to_user: owner.id,
    money_lines: [{ currency: USD, amount: '10' }],
    reason_text: 'Jonli yangilanish',
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect(JSON.parse((await creator.next((e) => e.event === 'offer')).data)).toEqual({
    offer_id: id,
    status: 'DRAFT',
  });

  expect((await kassirApi.post(`offers/offers/${id}/submit/`)).status).toBe(200);
  const pending = await other.next((e) => e.event === 'notification');
  expect(JSON.parse(pending.data)).toMatchObject({
    notification: {
      kind: 'OFFER_PENDING',
      entity: 'offer',
      entity_id: id,
      title: `Taklif #${id} qaroringizni kutmoqda`,
    },
    unread: 1,
  });
  expect(JSON.parse((await other.next((e) => e.event === 'offer')).data)).toEqual({
    offer_id: id,
    status: 'PENDING',
  });
  // The draft was never told to the other party.
  expect(other.events.filter((e) => e.event === 'offer').map((e) => JSON.parse(e.data).status)).toEqual([
    'PENDING',
  ]);

  expect((await ownerApi.post(`offers/offers/${id}/approve/`)).status).toBe(200);
  const decided = await creator.next((e) => e.event === 'notification');
  expect(JSON.parse(decided.data).notification).toMatchObject({
    kind: 'OFFER_DECIDED',
    title: `Taklif #${id} tasdiqlandi`,
  });
  creator.close();
  other.close();
});

it('a stream ends when its access token expires (the client reconnects with a fresh one)', async () => {
  const secret = 'b'.repeat(64);
  const other = await startTestApp({ env: { JWT_SECRET: secret } });
  try {
    const setup = await createSignedInUsers(other.db, other.url, ['Kassir'] as const);
    const user = setup.users.Kassir;
    // Signed as if 4 minutes 58 seconds ago: it expires in 2 seconds.
    const token = await createTokenSigner(secret, new Map()).signAccess(
      { id: user.id, business_id: setup.businessId, role: 'Kassir' },
      new Date(Date.now() - (ACCESS_TTL_SECONDS - 2) * 1000),
    );
    const stream = await openEventStream(other.url, token);
    expect(stream.status).toBe(200);
    const opened = Date.now();
    await stream.ended;
    expect(Date.now() - opened).toBeLessThan(4000);
  } finally {
    await other.close();
  }
});
