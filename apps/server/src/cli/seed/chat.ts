import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { markConversationRead, openConversation, postMessage } from '../../modules/chat/chat.service.ts';
import type { DemoCore } from './core.ts';

// The demo chat (DESIGN.md section 13): a few conversations of the last two days, written through
// the chat's own service (so their notifications are the real ones), then dated back. The
// Omborchi and the Ta'minotchi are left without any: the live e2e spec reads their badges.

const MINUTE_MS = 60_000;

/** Each conversation: who opens it, with whom, and its messages (who, text, minutes ago). */
const TALKS: Array<{
  from: string;
  to: string;
  messages: Array<[sender: 'from' | 'to', text: string, minutesAgo: number]>;
  /** Whether the `from` side has read the last messages (the `to` side has not). */
  fromRead: boolean;
}> = [
  {
    from: 'owner@demo.uz',
    to: 'kassir@demo.uz',
    messages: [
      ['from', 'Assalomu alaykum! Bugungi kassa hisobotini yubora olasizmi?', 26 * 60],
      [
        'to',
        'Vaalaykum assalom. Ha, hozir tayyorlayapman.\nKirim: 12 500 000 UZS\nChiqim: 3 200 000 UZS',
        25 * 60,
      ],
      ['from', 'Rahmat. Ertaga USD kursi o‘zgarishi mumkin, almashtirishni bugun qilamizmi?', 90],
      ['to', 'Ha, soat 16:00 gacha qilib qo‘yaman.', 40],
    ],
    fromRead: false,
  },
  {
    from: 'manager@demo.uz',
    to: 'owner@demo.uz',
    messages: [
      ['from', 'Yangi partiya mato kelgan, narxlarni yangilab qo‘ydim.', 5 * 60],
      ['to', 'Yaxshi, hisobotda ko‘rib chiqaman.', 4 * 60],
    ],
    fromRead: true,
  },
  {
    from: 'kassir@demo.uz',
    to: 'bozorchi@demo.uz',
    messages: [
      ['from', 'Nodira opa, kechagi savdo pulini qachon topshirasiz?', 3 * 60],
      ['to', 'Bugun kechqurun olib kelaman.', 2 * 60],
    ],
    fromRead: false,
  },
];

export async function seedChat(db: Database, core: DemoCore): Promise<void> {
  const actor = (email: string) => ({
    id: core.users[email] as number,
    businessId: core.businessId,
    role: '',
    ip: null,
  });
  const deps = { db, clock: () => new Date() };
  for (const talk of TALKS) {
    const from = actor(talk.from);
    const to = actor(talk.to);
    const { conversation } = await openConversation(deps, from, { user: to.id });
    for (const [sender, text, minutesAgo] of talk.messages) {
      const message = await postMessage(deps, sender === 'from' ? from : to, conversation.id, { text });
      const at = new Date(Date.now() - minutesAgo * MINUTE_MS);
      await db.updateTable('messages').set({ created_at: at }).where('id', '=', message.id).execute();
      // The notification the message wrote, dated with it.
      await sql`UPDATE notifications SET created_at = ${at}
        WHERE kind = 'CHAT_MESSAGE' AND entity = 'conversation' AND entity_id = ${conversation.id}
          AND created_at > ${at}`.execute(db);
    }
    if (talk.fromRead) await markConversationRead(deps, from, conversation.id);
  }
}
