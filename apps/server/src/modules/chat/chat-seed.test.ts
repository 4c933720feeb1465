import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../cli/seed/core.ts';
import { seedDemoIfEmpty } from '../../cli/seed/index.ts';

// The demo business has a few conversations of the last two days (DESIGN.md section 13), with
// unread messages and their notifications; the Omborchi and the Ta'minotchi have none.

let t: TestApp;
const as = (email: string) => signIn(t.url, { email, password: DEMO_PASSWORD });

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t.db);
}, 120_000);
afterAll(() => t.close());

it('gives the owner conversations with unread messages and their notifications, dated in the last two days', async () => {
  const owner = await as('owner@demo.uz');
  const list = await owner.get('chat/conversations/');
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(2);
  const withKassir = list.body.results.find(
    (c: { other_members: Array<{ email: string }> }) => c.other_members[0]?.email === 'kassir@demo.uz',
  );
  // The owner's own reply read what came before it: the Kassir's last message waits.
  expect(withKassir.unread).toBe(1);
  expect(withKassir.last_message.text).toBe('Ha, soat 16:00 gacha qilib qo‘yaman.');
  expect(Date.now() - Date.parse(withKassir.last_message.created_at)).toBeGreaterThan(30 * 60_000);
  expect(list.body.unread_total).toBe(1);

  const bell = await owner.get('notifications/?unread=true');
  const chat = bell.body.results.filter((n: { kind: string }) => n.kind === 'CHAT_MESSAGE');
  expect(chat.map((n: { title: string; body: string }) => [n.title, n.body])).toEqual([
    ['Yangi xabar: Dilnoza Karimova', 'Ha, soat 16:00 gacha qilib qo‘yaman.'],
  ]);
});

it("leaves the Omborchi and the Ta'minotchi without conversations", async () => {
  for (const email of ['omborchi@demo.uz', 'taminotchi@demo.uz']) {
    expect((await (await as(email)).get('chat/conversations/')).body.count).toBe(0);
  }
});
