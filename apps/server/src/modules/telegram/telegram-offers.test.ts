import { msg } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { startTelegramApi, TEST_TOKEN, telegramEnv, telegramSide } from '../../../test/telegram-api.ts';
import { loadConfig } from '../../config.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { tr } from '../../lib/texts.ts';
import { fund, USD } from '../finance/finance.fixtures.ts';
import { deliverNotifications } from '../notifications/delivery.ts';
import { CALLBACK_TEXTS } from './telegram.callbacks.ts';
import { sendTelegramNotification } from './telegram.notify.ts';

// Offers by Telegram (DESIGN.md section 13), against a local server that speaks the Bot API
// (test/telegram-api.ts): the delivery sends OFFER_PENDING with its Approve and Reject buttons to
// the party who decides, and a press decides through the offers' service with the web's rules
// (DESIGN.md section 3).

const api = await startTelegramApi(TEST_TOKEN);
const t = await startTestApp({ env: telegramEnv(api) });
afterAll(async () => {
  await t.close();
  await api.close();
});
const tg = telegramSide(api, t.url);
const { as, users } = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager'] as const);
afterEach(async () => {
  api.failures.clear();
  await assertMoneyInvariants(t.db);
});

const sentMails: MailMessage[] = [];
const loggedErrors: unknown[] = [];
const silent = () => undefined;
const testLog = {
  level: 'error',
  error: (obj: unknown) => loggedErrors.push(obj),
  warn: silent,
  info: silent,
  debug: silent,
  trace: silent,
  fatal: silent,
  silent,
  child: () => testLog,
} as unknown as FastifyBaseLogger;

/** One run of the notifications' delivery, with the Telegram sender, as a server process runs it. */
async function deliver(): Promise<void> {
  const config = loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(32), ...telegramEnv(api) });
  const mailer = { drop: true, send: async (m: MailMessage) => void sentMails.push(m) };
  await deliverNotifications(
    { db: t.db, config, mailer, log: testLog },
    { extraSenders: [sendTelegramNotification] },
  );
}

describe('offers decided from Telegram', () => {
  let creatorChat: number;
  let deciderChat: number;

  beforeAll(async () => {
    await fund(t.db, users.Kassir, USD, '500');
    creatorChat = await tg.linkNewChat(as.Kassir);
    deciderChat = await tg.linkNewChat(as.manager);
  });

  /** A PENDING money offer from the Kassir (its creator) to the manager, who decides. */
  async function pendingOffer(amount = '50'): Promise<number> {
    const res = await as.Kassir.post('offers/offers/', {
      from_user: users.Kassir.id,
      to_user: users.manager.id,
      money_lines: [{ currency: USD, amount }],
      reason_text: "Bo'lim xarajatlari uchun",
    });
    expect(res.status).toBe(201);
    expect((await as.Kassir.post(`offers/offers/${res.body.id}/submit/`)).status).toBe(200);
    return res.body.id;
  }
  const usd = async (client: ApiClient) =>
    (
      (await client.get('finance/balances/my-user/')).body as Array<{ currency: number; on_hand: string }>
    ).find((b) => b.currency === USD)?.on_hand ?? '0.00';
  const statusOf = async (id: number) => (await as.manager.get(`offers/offers/${id}/`)).body.status;
  /** The message the delivery sent about the offer to the chat. */
  const sentAbout = (chat: number, id: number) =>
    api.callsOf('sendMessage', chat).find((c) => String(c.body.text).startsWith(`Taklif #${id} `));

  it('sends an OFFER_PENDING to the deciding party with Approve and Reject buttons, none to the creator', async () => {
    const id = await pendingOffer();
    await deliver();
    const sent = sentAbout(deciderChat, id);
    expect(sent?.body).toEqual({
      chat_id: deciderChat,
      text: `Taklif #${id} qaroringizni kutmoqda\n\n${users.Kassir.email}: Bo'lim xarajatlari uchun`,
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Tasdiqlash', callback_data: `offer:${id}:approve` },
            { text: 'Rad etish', callback_data: `offer:${id}:reject` },
          ],
        ],
      },
    });
    expect(api.callsOf('sendMessage', creatorChat).filter((c) => c.body.reply_markup)).toEqual([]);
  });

  it('approves through the service when Approve is pressed: the money moves once, the buttons go', async () => {
    const id = await pendingOffer('40');
    await deliver();
    const [kassirBefore, managerBefore] = [await usd(as.Kassir), await usd(as.manager)];
    const sent = api
      .callsOf('sendMessage', deciderChat)
      .find((c) => c.body.reply_markup && c.body.text.startsWith(`Taklif #${id} `));
    const shown = { message_id: 100, text: sent?.body.text as string };
    expect((await tg.press(deciderChat, `offer:${id}:approve`, shown)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: tr('uz', CALLBACK_TEXTS.approved(id)), show_alert: false });
    expect(tg.lastCall('editMessageText', deciderChat)?.body).toEqual({
      chat_id: deciderChat,
      message_id: 100,
      text: `${shown.text}\n\n✅ Tasdiqlandi`,
      reply_markup: { inline_keyboard: [] },
    });
    expect(await statusOf(id)).toBe('APPROVED');
    expect(Number(await usd(as.Kassir))).toBe(Number(kassirBefore) - 40);
    expect(Number(await usd(as.manager))).toBe(Number(managerBefore) + 40);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'ip'])
      .where('action', '=', 'offer.approve')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ actor_id: users.manager.id, ip: 'telegram' }]);

    // The creator hears of it, without buttons.
    await deliver();
    const decided = sentAbout(creatorChat, id);
    expect(decided?.body.text).toMatch(new RegExp(`^Taklif #${id} tasdiqlandi`));
    expect(decided?.body.reply_markup).toBeUndefined();

    // Pressed again: already decided, nothing moves again.
    const edits = api.callsOf('editMessageText').length;
    expect((await tg.press(deciderChat, `offer:${id}:approve`, shown)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({
      text: tr('uz', CALLBACK_TEXTS.decided(id, 'APPROVED')),
      show_alert: true,
    });
    expect((await tg.press(deciderChat, `offer:${id}:reject`, shown)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: tr('uz', CALLBACK_TEXTS.decided(id, 'APPROVED')) });
    expect(api.callsOf('editMessageText').length).toBe(edits + 2);
    expect(await statusOf(id)).toBe('APPROVED');
    expect(Number(await usd(as.Kassir))).toBe(Number(kassirBefore) - 40);
  });

  it('refuses the creator pressing, in the words of the web, and leaves the offer pending', async () => {
    const id = await pendingOffer('30');
    const kassirBefore = await usd(as.Kassir);
    const web = await as.Kassir.post(`offers/offers/${id}/approve/`);
    expect(web.status).toBe(403);
    const edits = api.callsOf('editMessageText').length;
    for (const decision of ['approve', 'reject']) {
      expect((await tg.press(creatorChat, `offer:${id}:${decision}`)).status).toBe(200);
      expect(tg.lastAnswer()).toMatchObject({ text: web.body.detail, show_alert: true });
    }
    expect(api.callsOf('editMessageText')).toHaveLength(edits);
    expect(await statusOf(id)).toBe('PENDING');
    expect(await usd(as.Kassir)).toBe(kassirBefore);
  });

  it('rejects through the service when Reject is pressed', async () => {
    const id = await pendingOffer('20');
    const kassirBefore = await usd(as.Kassir);
    expect((await tg.press(deciderChat, `offer:${id}:reject`)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: tr('uz', CALLBACK_TEXTS.rejected(id)), show_alert: false });
    expect(tg.lastCall('editMessageText', deciderChat)?.body.text).toMatch(/❌ Rad etildi$/);
    expect(await statusOf(id)).toBe('REJECTED');
    expect(await usd(as.Kassir)).toBe(kassirBefore);
  });

  it("answers a shortfall with the web's 409 and keeps the offer pending and its buttons", async () => {
    const id = await pendingOffer('100000');
    const web = await as.manager.post(`offers/offers/${id}/approve/`);
    expect(web.status).toBe(409);
    const edits = api.callsOf('editMessageText').length;
    expect((await tg.press(deciderChat, `offer:${id}:approve`)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: web.body.detail, show_alert: true });
    expect(api.callsOf('editMessageText')).toHaveLength(edits);
    expect(await statusOf(id)).toBe('PENDING');
  });

  it("refuses a user of another business pressing this business's offer (404, as on the web)", async () => {
    const id = await pendingOffer('10');
    const other = await createSignedInUsers(t.db, t.url, ['manager'] as const);
    const chat = await tg.linkNewChat(other.as.manager);
    expect((await tg.press(chat, `offer:${id}:approve`)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: 'Topilmadi.', show_alert: true });
    expect(await statusOf(id)).toBe('PENDING');
  });

  it('logs a failing Telegram call and still sends the e-mail and the other notifications', async () => {
    await deliver();
    await t.db
      .updateTable('users')
      .set({ email_notifications: ['OFFER_PENDING'] })
      .where('id', '=', users.manager.id)
      .execute();
    const first = await pendingOffer('1');
    const second = await pendingOffer('2');
    api.failures.set('sendMessage', {
      status: 403,
      description: 'Forbidden: bot was blocked by the user',
      when: (body) => String(body.text).startsWith(`Taklif #${first} `),
    });
    sentMails.length = 0;
    loggedErrors.length = 0;
    await deliver();
    expect(sentMails.map((m) => [m.to, m.subject])).toEqual([
      [users.manager.email, `Taklif #${first} qaroringizni kutmoqda`],
      [users.manager.email, `Taklif #${second} qaroringizni kutmoqda`],
    ]);
    expect(sentAbout(deciderChat, second)?.body.reply_markup).toBeDefined();
    expect(loggedErrors).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ status: 403 }), kind: 'OFFER_PENDING' }),
    ]);
    // The error names the method and Telegram's words, never the address with the token.
    expect(String((loggedErrors[0] as { err: Error }).err.message)).not.toContain(TEST_TOKEN);
  });
});

describe('offers by Telegram in the deciding party’s language', () => {
  it('sends the message and its buttons, answers the press and notes the outcome in it', async () => {
    // Last in this file: the manager keeps Russian (a choice cannot be taken back to none).
    expect((await as.manager.patch('auth/me/', { language: 'ru' })).status).toBe(200);
    const res = await as.Kassir.post('offers/offers/', {
      from_user: users.Kassir.id,
      to_user: users.manager.id,
      money_lines: [{ currency: USD, amount: '5' }],
      reason_text: "Bo'lim xarajatlari uchun",
    });
    const id: number = res.body.id;
    expect((await as.Kassir.post(`offers/offers/${id}/submit/`)).status).toBe(200);
    await deliver();
    const chat = (
      await t.db
        .selectFrom('users')
        .select('telegram_chat_id')
        .where('id', '=', users.manager.id)
        .executeTakeFirstOrThrow()
    ).telegram_chat_id as number;
    const title = tr('ru', msg('notice.offer_waiting_for_your_decision', { id }));
    expect(title).not.toContain('Taklif');
    const sent = api.callsOf('sendMessage', chat).find((c) => String(c.body.text).startsWith(title));
    expect(sent?.body.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: tr('ru', CALLBACK_TEXTS.approve), callback_data: `offer:${id}:approve` },
          { text: tr('ru', CALLBACK_TEXTS.reject), callback_data: `offer:${id}:reject` },
        ],
      ],
    });
    const shown = { message_id: 200, text: sent?.body.text as string };
    expect((await tg.press(chat, `offer:${id}:reject`, shown)).status).toBe(200);
    expect(tg.lastAnswer()).toMatchObject({ text: tr('ru', CALLBACK_TEXTS.rejected(id)) });
    expect(tg.lastCall('editMessageText', chat)?.body.text).toBe(
      `${shown.text}\n\n${tr('ru', CALLBACK_TEXTS.rejectedNote)}`,
    );
  });
});
