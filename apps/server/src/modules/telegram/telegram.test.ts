import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, createUser, signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  TEST_SECRET as SECRET,
  startTelegramApi,
  TEST_BOT,
  type TelegramApi,
  TEST_TOKEN as TOKEN,
  telegramEnv,
  telegramSide,
} from '../../../test/telegram-api.ts';
import { loadConfig } from '../../config.ts';
import { tr } from '../../lib/texts.ts';
import { CALLBACK_TEXTS } from './telegram.callbacks.ts';
import { START_TEXTS } from './telegram.service.ts';

// Telegram (DESIGN.md section 13), against a local server that speaks the Bot API and records
// the calls (test/telegram-api.ts): the configuration, linking a chat, and the webhook's secret
// and its tolerance of what it does not read. The offers' buttons: telegram-offers.test.ts.

let api: TelegramApi;
let t: TestApp;
let tg: ReturnType<typeof telegramSide>;
/** The app's clock runs this far ahead of the real one (an expired code). */
let clockOffsetMs = 0;
let manager: ApiClient;
let businessId: number;

beforeAll(async () => {
  api = await startTelegramApi(TOKEN);
  // The getMe at start fails: the server starts all the same and asks again when it needs the name.
  api.failures.set('getMe', { status: 502, description: 'Bad Gateway', times: 1 });
  t = await startTestApp({ clock: () => new Date(Date.now() + clockOffsetMs), env: telegramEnv(api) });
  tg = telegramSide(api, t.url);
  // Let the getMe at start fail before the tests begin (it runs in the background).
  while (api.callsOf('getMe').length === 0) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50));
  const setup = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  ({ businessId } = setup);
  manager = setup.as.manager;
});
afterEach(() => {
  clockOffsetMs = 0;
  api.failures.clear();
});
afterAll(async () => {
  await t.close();
  await api.close();
});

async function chatOf(userId: number): Promise<number | null> {
  const row = await t.db
    .selectFrom('users')
    .select('telegram_chat_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.telegram_chat_id;
}

/** A signed-in user of the business, linked to nothing yet. */
async function freshUser() {
  const user = await createUser(t.db, { businessId, role: 'manager' });
  return { user, client: await signIn(t.url, user) };
}

describe('the configuration', () => {
  const base = { DATA_DIR: '/tmp/bo-telegram-config', JWT_SECRET: 'x'.repeat(32) };

  it('is off without a token, and needs a webhook secret of 16 or more characters with one', () => {
    expect(loadConfig(base).telegram).toBeNull();
    expect(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: '' }).telegram).toBeNull();
    expect(() => loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: 'short' }),
    ).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: 'not a token', TELEGRAM_WEBHOOK_SECRET: SECRET }),
    ).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET }).telegram,
    ).toEqual({
      token: TOKEN,
      webhookSecret: SECRET,
      apiUrl: 'https://api.telegram.org',
    });
  });
});

describe('linking a chat (POST/DELETE api/telegram/link/, /start <code>)', () => {
  it('answers a code and its deep link with the username from getMe, asked again after a failed start', async () => {
    const before = await manager.get('telegram/link/');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ enabled: true, linked: false });
    const res = await manager.post('telegram/link/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: expect.stringMatching(/^[\w-]{22}$/),
      deep_link: `https://t.me/${TEST_BOT.username}?start=${res.body.code}`,
    });
    // The first getMe (at start) failed; the link asked again and the name is now kept.
    expect(api.callsOf('getMe')).toHaveLength(2);
    await manager.post('telegram/link/');
    expect(api.callsOf('getMe')).toHaveLength(2);
    expect((await manager.get('telegram/link/')).body.bot_username).toBe(TEST_BOT.username);
  });

  it('links the chat that sends /start <code>, once: the code is used up', async () => {
    const { user, client } = await freshUser();
    const code = await tg.newCode(client);
    const chat = tg.newChat();
    const res = await tg.message(chat, `/start ${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.linked(user.email)));
    expect(await chatOf(user.id)).toBe(chat);
    expect((await client.get('telegram/link/')).body).toMatchObject({ enabled: true, linked: true });

    const other = tg.newChat();
    expect((await tg.message(other, `/start ${code}`)).status).toBe(200);
    expect(tg.lastCall('sendMessage', other)?.body.text).toBe(tr('uz', START_TEXTS.invalid));
    expect(await chatOf(user.id)).toBe(chat);
  });

  it('refuses an expired code, a code a newer one replaced and a made-up one', async () => {
    const { user, client } = await freshUser();
    const chat = tg.newChat();
    const expiring = await tg.newCode(client);
    clockOffsetMs = 10 * 60_000 + 1_000;
    await tg.message(chat, `/start ${expiring}`);
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.invalid));
    clockOffsetMs = 0;

    const replaced = await tg.newCode(client);
    await tg.newCode(client);
    await tg.message(chat, `/start ${replaced}`);
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.invalid));
    for (const made_up of ['AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(65), "'; DROP TABLE users; --"]) {
      expect((await tg.message(chat, `/start ${made_up}`)).status).toBe(200);
      expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.invalid));
    }
    expect(await chatOf(user.id)).toBeNull();
  });

  it('greets a /start without a code and does not link a group chat', async () => {
    const chat = tg.newChat();
    await tg.message(chat, '/start');
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.hello));
    // In the language of the person's Telegram (DESIGN.md section 14).
    await tg.message(chat, '/start', 'private', 'ru');
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('ru', START_TEXTS.hello));
    expect(tr('ru', START_TEXTS.hello)).not.toBe(tr('uz', START_TEXTS.hello));
    const { user, client } = await freshUser();
    const group = -1_001_234_567_890;
    await tg.message(group, `/start ${await tg.newCode(client)}`, 'supergroup');
    expect(tg.lastCall('sendMessage', group)?.body.text).toBe(tr('uz', START_TEXTS.privateOnly));
    expect(await chatOf(user.id)).toBeNull();
  });

  it("moves a chat linked to another user to the new code's user", async () => {
    const first = await freshUser();
    const chat = await tg.linkNewChat(first.client);
    const second = await freshUser();
    await tg.message(chat, `/start ${await tg.newCode(second.client)}`);
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.moved(second.user.email)));
    expect(await chatOf(first.user.id)).toBeNull();
    expect(await chatOf(second.user.id)).toBe(chat);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'ip'])
      .where('action', 'like', 'telegram.%')
      .where('actor_id', 'in', [first.user.id, second.user.id])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_id: first.user.id, action: 'telegram.link', ip: 'telegram' },
      { actor_id: first.user.id, action: 'telegram.unlink', ip: 'telegram' },
      { actor_id: second.user.id, action: 'telegram.link', ip: 'telegram' },
    ]);
  });

  it('unlinks with DELETE, and the bot says so in the chat', async () => {
    const { user, client } = await freshUser();
    const chat = await tg.linkNewChat(client);
    const res = await client.delete('telegram/link/');
    expect(res.status).toBe(204);
    expect(await chatOf(user.id)).toBeNull();
    expect((await client.get('telegram/link/')).body.linked).toBe(false);
    expect(tg.lastCall('sendMessage', chat)?.body.text).toBe(tr('uz', START_TEXTS.unlinked(user.email)));
    // Nothing linked any more: another DELETE is done all the same, and says nothing anywhere.
    const sent = api.callsOf('sendMessage').length;
    expect((await client.delete('telegram/link/')).status).toBe(204);
    expect(api.callsOf('sendMessage')).toHaveLength(sent);
  });

  it('needs a signed-in user', async () => {
    const anonymous = new ApiClient(t.url);
    expect((await anonymous.post('telegram/link/')).status).toBe(401);
    expect((await anonymous.delete('telegram/link/')).status).toBe(401);
    expect((await anonymous.get('telegram/link/')).status).toBe(401);
  });
});

describe('the webhook (POST api/telegram/webhook/)', () => {
  it('answers 401 without the secret or with a wrong one, and reads nothing', async () => {
    const { client } = await freshUser();
    const code = await tg.newCode(client);
    const calls = api.calls.length;
    const start = {
      message: {
        message_id: 1,
        date: 1,
        chat: { id: tg.newChat(), type: 'private' },
        text: `/start ${code}`,
      },
    };
    for (const secret of [null, '', 'wrong-secret_0123456789', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await tg.webhook(start, secret);
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/Secret-Token/);
    }
    expect((await tg.webhook('{not json', 'wrong-secret_0123456789')).status).toBe(401);
    expect(api.calls).toHaveLength(calls);
    // The code was not used: it still links.
    expect((await tg.webhook(start)).status).toBe(200);
    expect(tg.lastCall('sendMessage')?.body.text).toMatch(/ulandi/);
  });

  it('answers 200 to the updates it does not handle, and 400 only to a body that is not JSON', async () => {
    const chat = tg.newChat();
    const ignored: Array<object | string> = [
      { edited_message: { message_id: 1, date: 1, chat: { id: chat, type: 'private' }, text: '/start x' } },
      { message: { message_id: 2, date: 1, chat: { id: chat, type: 'private' }, text: 'Salom' } },
      { message: { message_id: 3, date: 1, chat: { id: chat, type: 'private' }, photo: [] } },
      { message: { message_id: 4, text: '/start abc' } },
      { message: { message_id: 5, date: 1, chat: { id: 1e300, type: 'private' }, text: '/start abc' } },
      { my_chat_member: { chat: { id: chat } } },
      { callback_query: { id: 'x' } },
      '{}',
      '[]',
      'null',
      '"text"',
      '42',
      JSON.stringify({ update_id: 'one', message: 'two' }),
    ];
    const calls = api.calls.length;
    for (const update of ignored) {
      const res = await tg.webhook(update);
      expect(res.status, JSON.stringify(update)).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect(api.calls).toHaveLength(calls);
    for (const malformed of ['{"update_id": 1,', 'update_id=1', '{"a":']) {
      const res = await tg.webhook(malformed);
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('answers 200 to any JSON, and to updates of its own types with odd values (fast-check)', async () => {
    const id = fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 63), fc.string(), fc.constant(null));
    const chat = fc.record({ id, type: fc.constantFrom('private', 'group', '', 'x') }, { requiredKeys: [] });
    const text = fc.oneof(
      fc.string(),
      fc.string().map((s) => `/start ${s}`),
      fc.constantFrom('/start', '/start@bot x', `/start ${'9'.repeat(70)}`, '/start \u0000'),
    );
    const data = fc.oneof(
      fc.string(),
      fc
        .tuple(fc.oneof(fc.nat(), fc.string()), fc.constantFrom('approve', 'reject', 'x'))
        .map(([n, a]) => `offer:${n}:${a}`),
    );
    const update = fc.record(
      {
        update_id: fc.oneof(fc.integer(), fc.string()),
        message: fc.record({ message_id: id, chat, from: fc.record({ id }), text }, { requiredKeys: [] }),
        callback_query: fc.record(
          {
            id: fc.oneof(fc.string(), fc.integer()),
            from: fc.record({ id }),
            data,
            message: fc.record({ message_id: id, chat, text }, { requiredKeys: [] }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(update, fc.jsonValue()), async (body) => {
        const res = await tg.webhook(JSON.stringify(body));
        if (res.status !== 200)
          throw new Error(`${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
      }),
      { seed: 20_261_124, numRuns: 150 },
    );
  });

  it('answers a button press from a chat linked to no one, and an unknown button', async () => {
    const chat = tg.newChat();
    expect((await tg.press(chat, 'offer:1:approve')).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: tr('uz', CALLBACK_TEXTS.notLinked), show_alert: true });
    const linked = await tg.linkNewChat((await freshUser()).client);
    for (const data of ['offer:1:delete', 'offer:0:approve', 'offer:99999999999:approve', 'hello']) {
      expect((await tg.press(linked, data)).status).toBe(200);
      expect(tg.lastAnswer()).toMatchObject({ text: tr('uz', CALLBACK_TEXTS.unknownButton) });
    }
  });
});

describe('without TELEGRAM_BOT_TOKEN', () => {
  it('says so in the status and answers 404 with a detail on the link and the webhook', async () => {
    const off = await startTestApp();
    try {
      const { as: offAs } = await createSignedInUsers(off.db, off.url, ['manager'] as const);
      const status = await offAs.manager.get('telegram/link/');
      expect(status.body).toEqual({ enabled: false, linked: false, bot_username: null });
      for (const res of [
        await offAs.manager.post('telegram/link/'),
        await offAs.manager.delete('telegram/link/'),
        await new ApiClient(off.url).post(
          'telegram/webhook/',
          { update_id: 1 },
          { 'x-telegram-bot-api-secret-token': SECRET },
        ),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.detail).toMatch(/TELEGRAM_BOT_TOKEN/);
      }
    } finally {
      await off.close();
    }
  });
});
