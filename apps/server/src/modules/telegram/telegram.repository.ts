import type { Database } from '../../db/connection.ts';

// Telegram links (DESIGN.md section 13, migration 0018): queries only. A link code is kept as its
// SHA-256 (telegram_link_codes.code), as the other one-time codes are kept hashed (DESIGN.md
// section 5): a read of the table does not give anyone a code to link their chat with.

type Db = Database;

/** A user as the bot acts for them. */
export interface ChatUser {
  id: number;
  business_id: number;
  role: string;
  email: string;
  is_active: boolean;
  language: string | null;
}

/** The user's one live code: their earlier codes, used or not, go (a new link ends the older ones). */
export async function replaceLinkCode(
  db: Db,
  user: { businessId: number; id: number },
  codeHash: string,
  expiresAt: Date,
) {
  await db
    .deleteFrom('telegram_link_codes')
    .where('business_id', '=', user.businessId)
    .where('user_id', '=', user.id)
    .execute();
  await db
    .insertInto('telegram_link_codes')
    .values({ code: codeHash, business_id: user.businessId, user_id: user.id, expires_at: expiresAt })
    .execute();
}

/** A code and its user, the code's row locked (two /start racing with one code: one wins). */
export async function lockLinkCode(db: Db, codeHash: string) {
  return db
    .selectFrom('telegram_link_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.expires_at', 'c.used_at', 'u.id', 'u.business_id', 'u.role', 'u.email', 'u.is_active'])
    .where('c.code', '=', codeHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markLinkCodeUsed(db: Db, codeHash: string, at: Date): Promise<void> {
  await db.updateTable('telegram_link_codes').set({ used_at: at }).where('code', '=', codeHash).execute();
}

/** Takes the chat from whichever other user it is linked to; answers who lost it. */
export async function releaseChat(db: Db, chatId: number, exceptUserId: number) {
  return db
    .updateTable('users')
    .set({ telegram_chat_id: null })
    .where('telegram_chat_id', '=', chatId)
    .where('id', '<>', exceptUserId)
    .returning(['id', 'business_id', 'email'])
    .execute();
}

export async function setUserChat(db: Db, userId: number, chatId: number | null): Promise<void> {
  await db.updateTable('users').set({ telegram_chat_id: chatId }).where('id', '=', userId).execute();
}

/** The user's linked chat and e-mail, their row locked until the transaction ends. */
export async function lockUserChat(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['telegram_chat_id', 'email'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findUserChat(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('telegram_chat_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.telegram_chat_id ?? null;
}

/** The user a chat is linked to, if any. */
export async function findChatUser(db: Db, chatId: number): Promise<ChatUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'business_id', 'role', 'email', 'is_active', 'language'])
    .where('telegram_chat_id', '=', chatId)
    .executeTakeFirst();
}
