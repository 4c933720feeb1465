import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { openEventStream } from '../../../test/sse.ts';

// Chat (DESIGN.md section 13): one-to-one conversations and offer threads, members only (404 for
// everyone else), messages stored as given, read marks, notifications and live events.

const { t, as, users, businessId } = await startWithUsers(['Owner', 'Kassir', 'Bozorchi']);
afterAll(() => t.close());
const { client: outsider, user: outsiderUser } = await signInOutsider(t);
let inactive: TestUser;

beforeAll(async () => {
  inactive = await createUser(t.db, { businessId, role: 'Omborchi' });
  await t.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
});

async function conversationOf(client: ApiClient, user: TestUser): Promise<number> {
  const res = await client.post('chat/conversations/', { user: user.id });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.id as number;
}

async function send(client: ApiClient, conversation: number, text: string) {
  const res = await client.post(`chat/conversations/${conversation}/messages/`, { text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; text: string; sender: { id: number } };
}

async function newOffer(business: number, from: TestUser, to: TestUser): Promise<number> {
  const row = await t.db
    .insertInto('offers')
    .values({
      business_id: business,
      kind: 'MONEY',
      status: 'PENDING',
      created_by: from.id,
      from_user_id: from.id,
      to_user_id: to.id,
      reason: 'Chat sinovi uchun taklif',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function chatNotifications(user: TestUser) {
  return t.db
    .selectFrom('notifications')
    .select(['title', 'body', 'entity', 'entity_id'])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'CHAT_MESSAGE')
    .orderBy('id')
    .execute();
}

describe('one-to-one conversations', () => {
  it('creates one per pair (201) and answers the existing one from either side (200), also when racing', async () => {
    const created = await as.Owner.post('chat/conversations/', { user: users.Kassir.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'DIRECT',
      other_members: [
        { id: users.Kassir.id, email: users.Kassir.email, first_name: 'Kassir', last_name: 'Test' },
      ],
      offer: null,
      last_message: null,
      unread: 0,
    });
    const again = await as.Kassir.post('chat/conversations/', { user: String(users.Owner.id) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect(again.body.other_members.map((u: { id: number }) => u.id)).toEqual([users.Owner.id]);

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? as.Bozorchi.post('chat/conversations/', { user: users.Kassir.id })
          : as.Kassir.post('chat/conversations/', { user: users.Bozorchi.id }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
  });

  it('refuses myself, another business, a deactivated or unknown user and a bad body with a field error', async () => {
    const self = await as.Owner.post('chat/conversations/', { user: users.Owner.id });
    expect(self.status).toBe(400);
    expect(self.body.user).toEqual(["O'zingiz bilan suhbat ochib bo'lmaydi."]);
    for (const id of [outsiderUser.id, inactive.id, 2_000_000_000]) {
      const res = await as.Owner.post('chat/conversations/', { user: id });
      expect(res.status).toBe(400);
      expect(res.body.user).toEqual([`Noto'g'ri ID "${id}": bunday obyekt yo'q.`]);
    }
    for (const body of [{}, { user: 'abc' }, { user: 0 }, { user: -3 }, { user: 1.5 }, { user: null }]) {
      const res = await as.Owner.post('chat/conversations/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.user, JSON.stringify(body)).toBeDefined();
    }
    const anonymous = await as.Owner.withToken('').post('chat/conversations/', { user: users.Kassir.id });
    expect(anonymous.status).toBe(401);
  });

  it('lists mine with the last message and unread, newest activity first; read brings unread to 0', async () => {
    const withKassir = await conversationOf(as.Owner, users.Kassir);
    const withBozorchi = await conversationOf(as.Owner, users.Bozorchi);
    await as.Owner.post(`chat/conversations/${withKassir}/read/`);
    await as.Owner.post(`chat/conversations/${withBozorchi}/read/`);
    await send(as.Kassir, withKassir, 'Salom');
    // Replying reads what came before it.
    await send(as.Owner, withKassir, 'Vaalaykum assalom');
    await send(as.Kassir, withKassir, 'Hisobotni yubordim');
    const last = await send(as.Kassir, withKassir, "Ko'rib chiqing");
    await send(as.Bozorchi, withBozorchi, 'Mol keldi');

    const list = await as.Owner.get('chat/conversations/');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null, unread_total: 3 });
    const [first, next] = list.body.results;
    expect(first).toMatchObject({ id: withBozorchi, unread: 1, last_message: { text: 'Mol keldi' } });
    expect(next).toMatchObject({
      id: withKassir,
      unread: 2,
      other_members: [{ id: users.Kassir.id }],
      last_message: {
        id: last.id,
        text: "Ko'rib chiqing",
        conversation: withKassir,
        sender: { id: users.Kassir.id, email: users.Kassir.email, first_name: 'Kassir', last_name: 'Test' },
      },
    });
    expect(next.last_message.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    // The sender has read what they sent.
    const kassirs = await as.Kassir.get('chat/conversations/');
    expect(kassirs.body.results.find((c: { id: number }) => c.id === withKassir).unread).toBe(0);

    const read = await as.Owner.post(`chat/conversations/${withKassir}/read/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ conversation: withKassir, last_read_message_id: last.id, unread: 0 });
    const after = await as.Owner.get('chat/conversations/');
    expect(after.body.unread_total).toBe(1);
    expect(after.body.results.find((c: { id: number }) => c.id === withKassir).unread).toBe(0);
    // Reading again changes nothing, and never moves back.
    await t.db
      .updateTable('conversation_members')
      .set({ last_read_message_id: last.id + 1000 })
      .where('conversation_id', '=', withKassir)
      .where('user_id', '=', users.Owner.id)
      .execute();
    const again = await as.Owner.post(`chat/conversations/${withKassir}/read/`, undefined);
    expect(again.body.last_read_message_id).toBe(last.id + 1000);
    expect((await as.Owner.get('chat/conversations/?page=9')).status).toBe(404);
  });
});

describe('messages', () => {
  it('pages 50 at a time, newest first, with before', async () => {
    const manager = await createUser(t.db, { businessId, role: 'manager' });
    const id = await conversationOf(as.Owner, manager);
    await sql`INSERT INTO messages (business_id, conversation_id, sender_id, text)
      SELECT ${businessId}, ${id}, ${manager.id}, 'xabar ' || n FROM generate_series(1, 120) n`.execute(t.db);
    const seen: number[] = [];
    let before = '';
    const pages: Array<{ n: number; has_more: boolean }> = [];
    for (;;) {
      const res = await as.Owner.get(`chat/conversations/${id}/messages/${before}`);
      expect(res.status).toBe(200);
      expect(res.body.conversation).toBe(id);
      pages.push({ n: res.body.results.length, has_more: res.body.has_more });
      seen.push(...res.body.results.map((m: { id: number }) => m.id));
      if (!res.body.has_more) break;
      before = `?before=${res.body.results.at(-1).id}`;
    }
    expect(pages).toEqual([
      { n: 50, has_more: true },
      { n: 50, has_more: true },
      { n: 20, has_more: false },
    ]);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(120);
    const newest = await as.Owner.get(`chat/conversations/${id}/messages/`);
    expect(newest.body.results[0]).toMatchObject({ text: 'xabar 120', sender: { id: manager.id } });

    for (const bad of ['abc', '0', '-1', '1e3', '', '99999999999999999999']) {
      const res = await as.Owner.get(`chat/conversations/${id}/messages/?before=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.before, bad).toBeDefined();
    }
  });

  it('takes 1 to 4,000 characters (not bytes), refuses blank text, and stores it exactly as given', async () => {
    const id = await conversationOf(as.Kassir, users.Owner);
    const refused: unknown[] = [
      '',
      '   \n\t ',
      'a'.repeat(4001),
      '😀'.repeat(4001),
      'ж'.repeat(4001),
      'x\u0000y',
      '\ud83d',
      12,
      null,
    ];
    for (const text of refused) {
      const res = await as.Kassir.post(`chat/conversations/${id}/messages/`, { text });
      expect(res.status, JSON.stringify(text).slice(0, 20)).toBe(400);
      expect(res.body.text, JSON.stringify(text).slice(0, 20)).toHaveLength(1);
    }
    expect((await as.Kassir.post(`chat/conversations/${id}/messages/`, {})).body.text).toEqual([
      "Bu maydon to'ldirilishi shart.",
    ]);
    expect((await as.Kassir.post(`chat/conversations/${id}/messages/`, { text: ' ' })).body.text).toEqual([
      "Bu maydon bo'sh bo'lishi mumkin emas.",
    ]);
    expect(
      (await as.Kassir.post(`chat/conversations/${id}/messages/`, { text: 'a'.repeat(4001) })).body.text,
    ).toEqual(['Bu maydon 4000 ta belgidan oshmasligi kerak.']);

    const kept = [
      'a'.repeat(4000),
      '😀'.repeat(4000),
      'ж'.repeat(4000),
      '  <b>x</b> & "q" \n <script>1</script>  ',
      'x',
    ];
    const ids: number[] = [];
    for (const text of kept) {
      const sent = await send(as.Kassir, id, text);
      expect(sent.text).toBe(text);
      ids.push(sent.id);
    }
    const page = await as.Owner.get(`chat/conversations/${id}/messages/`);
    expect(page.body.results.slice(0, kept.length).map((m: { text: string }) => m.text)).toEqual(
      [...kept].reverse(),
    );
    const lengths = await t.db
      .selectFrom('messages')
      .select(sql<number>`char_length(text)`.as('n'))
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(lengths.map((r) => r.n)).toEqual([4000, 4000, 4000, kept[3]?.length, 1]);
  });

  it('keeps the newest of racing messages as the last one', async () => {
    const id = await conversationOf(as.Bozorchi, users.Owner);
    const posts = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? as.Owner : as.Bozorchi).post(`chat/conversations/${id}/messages/`, { text: `tez ${i}` }),
      ),
    );
    expect(posts.map((p) => p.status)).toEqual(Array(16).fill(201));
    const newest = Math.max(...posts.map((p) => p.body.id as number));
    const conversation = (await as.Owner.get('chat/conversations/')).body.results.find(
      (c: { id: number }) => c.id === id,
    );
    expect(conversation.last_message.id).toBe(newest);
    const page = await as.Owner.get(`chat/conversations/${id}/messages/`);
    expect(page.body.results.slice(0, 16).map((m: { id: number }) => m.id)).toEqual(
      posts.map((p) => p.body.id as number).sort((a, b) => b - a),
    );
  });

  it('answers 404 to everyone who is not a member, and to unknown or malformed ids', async () => {
    const id = await conversationOf(as.Owner, users.Kassir);
    const before = await chatNotifications(users.Owner);
    for (const client of [as.Bozorchi, outsider]) {
      expect((await client.get(`chat/conversations/${id}/messages/`)).status).toBe(404);
      expect((await client.post(`chat/conversations/${id}/messages/`, { text: 'salom' })).status).toBe(404);
      expect((await client.post(`chat/conversations/${id}/read/`)).status).toBe(404);
      const list = await client.get('chat/conversations/');
      expect(list.body.results.map((c: { id: number }) => c.id)).not.toContain(id);
    }
    for (const bad of ['999999', 'abc', '0', '01']) {
      expect((await as.Owner.get(`chat/conversations/${bad}/messages/`)).status, bad).toBe(404);
      expect((await as.Owner.post(`chat/conversations/${bad}/messages/`, { text: 'x' })).status, bad).toBe(
        404,
      );
      expect((await as.Owner.post(`chat/conversations/${bad}/read/`)).status, bad).toBe(404);
    }
    // Nothing was written for a refused message.
    expect(await chatNotifications(users.Owner)).toEqual(before);
  });

  it('notifies the other member (and not the sender) with a CHAT_MESSAGE, none when refused', async () => {
    const id = await conversationOf(as.Kassir, users.Bozorchi);
    const kassirBefore = (await chatNotifications(users.Kassir)).length;
    const bozorchiBefore = (await chatNotifications(users.Bozorchi)).length;
    await send(as.Kassir, id, `${'ё'.repeat(120)}`);
    const refused = await as.Kassir.post(`chat/conversations/${id}/messages/`, { text: 'a'.repeat(4001) });
    expect(refused.status).toBe(400);
    expect(await chatNotifications(users.Kassir)).toHaveLength(kassirBefore);
    const mine = await chatNotifications(users.Bozorchi);
    expect(mine).toHaveLength(bozorchiBefore + 1);
    expect(mine.at(-1)).toEqual({
      title: 'Yangi xabar: Kassir Test',
      body: `${'ё'.repeat(100)}…`,
      entity: 'conversation',
      entity_id: id,
    });
  });

  it('reading the conversation reads its CHAT_MESSAGE notifications, and the bell hears the count', async () => {
    const id = await conversationOf(as.Kassir, users.Bozorchi);
    await send(as.Kassir, id, 'Birinchi');
    await send(as.Kassir, id, 'Ikkinchi');
    const unreadAbout = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', users.Bozorchi.id)
          .where('entity', '=', 'conversation')
          .where('entity_id', '=', id)
          .where('read_at', 'is', null)
          .execute()
      ).length;
    expect(await unreadAbout()).toBeGreaterThanOrEqual(2);
    const bell = await openEventStream(t.url, as.Bozorchi.token);
    try {
      expect((await as.Bozorchi.post(`chat/conversations/${id}/read/`)).status).toBe(200);
      expect(await unreadAbout()).toBe(0);
      const unread = (await as.Bozorchi.get('notifications/')).body.unread;
      // The sends' own notification events may reach a stream opened after them (on PostgreSQL the
      // announcement comes a moment later): the read's event is the one without a notification.
      const readEvent = await bell.next(
        (e) => e.event === 'notification' && !('notification' in JSON.parse(e.data)),
      );
      expect(JSON.parse(readEvent.data)).toEqual({ unread });
    } finally {
      bell.close();
    }
  });

  it("reaches the other member's open event stream, and the sender's other tabs", async () => {
    const id = await conversationOf(as.Owner, users.Kassir);
    const theirs = await openEventStream(t.url, as.Kassir.token);
    const mine = await openEventStream(t.url, as.Owner.token);
    try {
      const sent = await send(as.Owner, id, '<i>jonli</i> xabar');
      const event = await theirs.next((e) => e.event === 'message');
      expect(JSON.parse(event.data)).toEqual({
        conversation_id: id,
        message: expect.objectContaining({ id: sent.id, text: '<i>jonli</i> xabar', conversation: id }),
      });
      await mine.next((e) => e.event === 'message' && JSON.parse(e.data).message.id === sent.id);
      await as.Kassir.post(`chat/conversations/${id}/read/`);
      const read = await theirs.next((e) => e.event === 'read');
      expect(JSON.parse(read.data)).toEqual({
        conversation_id: id,
        last_read_message_id: sent.id,
        unread: 0,
      });
    } finally {
      theirs.close();
      mine.close();
    }
  });
});

describe("an offer's thread", () => {
  it('belongs to its two parties, is created once on first use, and opens in the chat', async () => {
    const offer = await newOffer(businessId, users.Kassir, users.Bozorchi);
    const opened = await Promise.all([
      as.Kassir.get(`offers/offers/${offer}/messages/`),
      as.Bozorchi.get(`offers/offers/${offer}/messages/`),
    ]);
    expect(opened.map((r) => r.status)).toEqual([200, 200]);
    expect(opened[0]?.body).toMatchObject({ results: [], has_more: false });
    const conversation = opened[0]?.body.conversation as number;
    expect(opened[1]?.body.conversation).toBe(conversation);
    // An empty thread is not listed yet.
    const empty = await as.Kassir.get('chat/conversations/');
    expect(empty.body.results.map((c: { id: number }) => c.id)).not.toContain(conversation);

    const posted = await as.Bozorchi.post(`offers/offers/${offer}/messages/`, { text: 'Qachon yuborasiz?' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ conversation, sender: { id: users.Bozorchi.id } });
    const reply = await as.Kassir.post(`chat/conversations/${conversation}/messages/`, { text: 'Ertaga' });
    expect(reply.status).toBe(201);
    const thread = await as.Bozorchi.get(`offers/offers/${offer}/messages/`);
    expect(thread.body.results.map((m: { text: string }) => m.text)).toEqual(['Ertaga', 'Qachon yuborasiz?']);

    const list = await as.Bozorchi.get('chat/conversations/');
    expect(list.body.results.find((c: { id: number }) => c.id === conversation)).toMatchObject({
      kind: 'OFFER',
      offer: { id: offer, kind: 'MONEY', status: 'PENDING' },
      other_members: [{ id: users.Kassir.id }],
      unread: 1,
    });
    expect((await chatNotifications(users.Kassir)).at(-1)).toMatchObject({
      title: `Yangi xabar: Bozorchi Test (taklif #${offer})`,
      entity_id: conversation,
    });
  });

  it('answers 404 to a user of the business who is no party, to another business, and for a missing offer', async () => {
    const offer = await newOffer(businessId, users.Kassir, users.Bozorchi);
    await as.Kassir.post(`offers/offers/${offer}/messages/`, { text: 'salom' });
    const { conversation } = (await as.Kassir.get(`offers/offers/${offer}/messages/`)).body;
    for (const client of [as.Owner, outsider]) {
      expect((await client.get(`offers/offers/${offer}/messages/`)).status).toBe(404);
      expect((await client.post(`offers/offers/${offer}/messages/`, { text: 'x' })).status).toBe(404);
      expect((await client.get(`chat/conversations/${conversation}/messages/`)).status).toBe(404);
    }
    const colleague = await createUser(t.db, { businessId: outsiderUser.businessId, role: 'Kassir' });
    const foreign = await newOffer(outsiderUser.businessId, outsiderUser, colleague);
    expect((await as.Kassir.get(`offers/offers/${foreign}/messages/`)).status).toBe(404);
    expect((await as.Kassir.post(`offers/offers/${foreign}/messages/`, { text: 'x' })).status).toBe(404);
    expect((await as.Kassir.get('offers/offers/2000000000/messages/')).status).toBe(404);
    expect((await as.Kassir.get('offers/offers/x/messages/')).status).toBe(404);
    const blank = await as.Kassir.post(`offers/offers/${offer}/messages/`, { text: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.text).toBeDefined();
  });
});
