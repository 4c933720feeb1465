import type { OfferKind, OfferStatus } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

// Chat (DESIGN.md section 13): queries only. Every read of a conversation goes through the
// caller's membership row, so a conversation the caller is not a member of reads as missing.

type Db = Database | Transaction<DB>;

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  text: string;
  created_at: Date;
  sender: UserRow;
}

export interface ConversationRow {
  id: number;
  offer_id: number | null;
  offer_kind: OfferKind | null;
  offer_status: OfferStatus | null;
  created_at: Date;
  others: UserRow[] | null;
  last_message: (Omit<MessageRow, 'created_at'> & { created_at: string }) | null;
  unread: number;
  total_count: number;
}

/** A user of the business; `activeOnly` for the other person of a new one-to-one conversation. */
export async function findUser(
  db: Db,
  businessId: number,
  id: number,
  activeOnly: boolean,
): Promise<UserRow | undefined> {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', id)
    .where('business_id', '=', businessId);
  if (activeOnly) query = query.where('is_active', '=', true);
  return query.executeTakeFirst();
}

const unreadOf = (userId: number) => sql<number>`(
  SELECT count(*)::int FROM messages m
  WHERE m.business_id = c.business_id AND m.conversation_id = c.id AND m.id > cm.last_read_message_id
    AND m.sender_id <> ${userId})`;

/** The caller's conversations with the other members, the offer, the last message and unread. */
function conversationRows(db: Db, businessId: number, userId: number) {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .leftJoin('offers as o', 'o.id', 'c.offer_id')
    .leftJoin('messages as lm', 'lm.id', 'c.last_message_id')
    .select([
      'c.id',
      'c.offer_id',
      'o.kind as offer_kind',
      'o.status as offer_status',
      'c.created_at',
      sql<UserRow[] | null>`(
        SELECT json_agg(json_build_object('id', u.id, 'email', u.email,
                 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY u.id)
        FROM conversation_members om JOIN users u ON u.id = om.user_id
        WHERE om.conversation_id = c.id AND om.user_id <> ${userId})`.as('others'),
      sql<ConversationRow['last_message']>`(
        SELECT json_build_object('id', lm.id, 'conversation_id', lm.conversation_id, 'text', lm.text,
                 'created_at', lm.created_at,
                 'sender', json_build_object('id', s.id, 'email', s.email,
                   'first_name', s.first_name, 'last_name', s.last_name))
        FROM users s WHERE s.id = lm.sender_id)`.as('last_message'),
      unreadOf(userId).as('unread'),
    ])
    .where('cm.user_id', '=', userId)
    .where('c.business_id', '=', businessId);
}

/**
 * A page of the caller's conversations, newest activity first. An offer's thread is listed once
 * it has a message: opening an offer page creates its thread, which is no conversation yet.
 */
export async function listConversations(
  db: Db,
  businessId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<ConversationRow[]> {
  return conversationRows(db, businessId, userId)
    .select(sql<number>`count(*) OVER ()`.as('total_count'))
    .where((eb) => eb.or([eb('c.offer_id', 'is', null), eb('c.last_message_id', 'is not', null)]))
    .orderBy(sql`coalesce(lm.created_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One conversation of the caller, or undefined when they are not a member (or it is missing). */
export async function findConversation(
  db: Db,
  businessId: number,
  userId: number,
  id: number,
): Promise<Omit<ConversationRow, 'total_count'> | undefined> {
  return conversationRows(db, businessId, userId).where('c.id', '=', id).executeTakeFirst();
}

/** What the caller has unread across all their conversations. */
export async function unreadTotal(db: Db, businessId: number, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum((SELECT count(*) FROM messages m
      WHERE m.business_id = cm.business_id AND m.conversation_id = cm.conversation_id
        AND m.id > cm.last_read_message_id AND m.sender_id <> ${userId})), 0)::int AS n
    FROM conversation_members cm WHERE cm.business_id = ${businessId} AND cm.user_id = ${userId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The caller's membership of a conversation of their business (its row taken for posting). */
export async function findMembership(
  db: Db,
  businessId: number,
  userId: number,
  conversationId: number,
): Promise<{ last_read_message_id: number } | undefined> {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select('cm.last_read_message_id')
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.user_id', '=', userId)
    .where('c.business_id', '=', businessId)
    .executeTakeFirst();
}

/**
 * Takes the conversation's row until the transaction ends: messages of one conversation are
 * numbered and committed one at a time, so `last_message_id` only grows and a message's id
 * is never below one already read.
 */
export async function lockConversation(trx: Transaction<DB>, businessId: number, id: number) {
  return trx
    .selectFrom('conversations')
    .select(['id', 'offer_id', 'last_message_id'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function memberIds(db: Db, businessId: number, conversationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('business_id', '=', businessId)
    .where('conversation_id', '=', conversationId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The one-to-one conversation of a pair, created when missing: `created` says which (race-safe). */
export async function ensureDirectConversation(
  trx: Transaction<DB>,
  businessId: number,
  a: number,
  b: number,
): Promise<{ id: number; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const inserted = await trx
    .insertInto('conversations')
    .values({ business_id: businessId, user_low_id: low, user_high_id: high })
    .onConflict((oc) => oc.columns(['user_low_id', 'user_high_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await addMembers(trx, businessId, inserted.id, [low, high]);
    return { id: inserted.id, created: true };
  }
  // Another request created it first; its commit brought the members too.
  const existing = await trx
    .selectFrom('conversations')
    .select('id')
    .where('business_id', '=', businessId)
    .where('user_low_id', '=', low)
    .where('user_high_id', '=', high)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** An offer's thread between its two parties, created on first use (race-safe: offer_id is unique). */
export async function ensureOfferConversation(
  trx: Transaction<DB>,
  offer: { id: number; businessId: number; parties: readonly number[] },
): Promise<number> {
  const inserted = await trx
    .insertInto('conversations')
    .values({ business_id: offer.businessId, offer_id: offer.id })
    .onConflict((oc) => oc.column('offer_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await addMembers(trx, offer.businessId, inserted.id, offer.parties);
    return inserted.id;
  }
  const existing = await trx
    .selectFrom('conversations')
    .select('id')
    .where('business_id', '=', offer.businessId)
    .where('offer_id', '=', offer.id)
    .executeTakeFirstOrThrow();
  return existing.id;
}

async function addMembers(
  trx: Transaction<DB>,
  businessId: number,
  conversationId: number,
  userIds: readonly number[],
) {
  await trx
    .insertInto('conversation_members')
    .values(
      [...new Set(userIds)].map((user_id) => ({
        business_id: businessId,
        conversation_id: conversationId,
        user_id,
      })),
    )
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
    .execute();
}

/** An offer of the business that `userId` is a party to: its parties, else undefined. */
export async function findOfferOfParty(db: Db, businessId: number, userId: number, offerId: number) {
  return db
    .selectFrom('offers')
    .select(['id', 'from_user_id', 'to_user_id'])
    .where('id', '=', offerId)
    .where('business_id', '=', businessId)
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .executeTakeFirst();
}

const messageColumns = (db: Db) =>
  db
    .selectFrom('messages as m')
    .innerJoin('users as s', (join) =>
      join.onRef('s.business_id', '=', 'm.business_id').onRef('s.id', '=', 'm.sender_id'),
    )
    .select([
      'm.id',
      'm.conversation_id',
      'm.text',
      'm.created_at',
      sql<UserRow>`json_build_object('id', s.id, 'email', s.email,
        'first_name', s.first_name, 'last_name', s.last_name)`.as('sender'),
    ]);

/** Up to `limit` messages of a conversation before the message `before` (none: the newest), newest first. */
export async function listMessages(
  db: Db,
  businessId: number,
  conversationId: number,
  before: number | undefined,
  limit: number,
): Promise<MessageRow[]> {
  let query = messageColumns(db)
    .where('m.business_id', '=', businessId)
    .where('m.conversation_id', '=', conversationId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  return query.orderBy('m.id', 'desc').limit(limit).execute();
}

export async function insertMessage(
  trx: Transaction<DB>,
  message: { businessId: number; conversationId: number; senderId: number; text: string },
): Promise<{ id: number; created_at: Date }> {
  const row = await trx
    .insertInto('messages')
    .values({
      business_id: message.businessId,
      conversation_id: message.conversationId,
      sender_id: message.senderId,
      text: message.text,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('conversations')
    .set({ last_message_id: row.id })
    .where('business_id', '=', message.businessId)
    .where('id', '=', message.conversationId)
    .execute();
  return row;
}

/**
 * Moves the member's last read message up to `upTo`, never back. Answers the new position, or
 * undefined when it did not move.
 */
export async function markRead(
  trx: Transaction<DB>,
  businessId: number,
  conversationId: number,
  userId: number,
  upTo: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('conversation_members')
    .set({ last_read_message_id: upTo })
    .where('business_id', '=', businessId)
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('last_read_message_id', '<', upTo)
    .returning('last_read_message_id')
    .executeTakeFirst();
  return row?.last_read_message_id;
}

/** Messages of the others after the member's last read one. */
export async function unreadIn(
  db: Db,
  businessId: number,
  conversationId: number,
  userId: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM messages m
    JOIN conversation_members cm ON cm.business_id = m.business_id AND cm.conversation_id = m.conversation_id
      AND cm.user_id = ${userId}
    WHERE m.business_id = ${businessId} AND m.conversation_id = ${conversationId} AND m.id > cm.last_read_message_id
      AND m.sender_id <> ${userId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The conversation's newest message id (0 while it has none). */
export async function lastMessageId(db: Db, businessId: number, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select('last_message_id')
    .where('business_id', '=', businessId)
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.last_message_id ?? 0;
}

export async function lastReadOf(
  db: Db,
  businessId: number,
  conversationId: number,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select('last_read_message_id')
    .where('business_id', '=', businessId)
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last_read_message_id ?? 0;
}
