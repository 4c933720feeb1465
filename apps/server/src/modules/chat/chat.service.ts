import {
  CHAT_CONVERSATIONS_PAGE_SIZE,
  CHAT_MESSAGES_PAGE_SIZE,
  type ChatMessage,
  type ChatMessageCreate,
  type ChatMessagePage,
  type ChatMessagesQuery,
  type Conversation,
  type ConversationCreateSchema,
  type ConversationListQuery,
  type ConversationRead,
  msg,
} from '@app/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { publish } from '../../lib/events.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { notify, readNotificationsAbout } from '../notifications/notifications.service.ts';
import * as repo from './chat.repository.ts';

// Chat (DESIGN.md section 13): one-to-one conversations between users of a business and one thread
// per offer between its two parties. Only members read or write; anyone else gets 404, as for a
// missing conversation. A message, its live events and the other members' notifications are
// written in one transaction.

type Deps_ = Pick<Deps, 'db' | 'clock'>;

/** How much of a message a notification's body quotes, in characters. */
const NOTIFICATION_QUOTE = 100;

const iso = (d: Date | string) => new Date(d).toISOString();

const displayName = (u: repo.UserRow) => `${u.first_name} ${u.last_name}`.trim() || u.email;

function toMessage(r: repo.MessageRow | NonNullable<repo.ConversationRow['last_message']>): ChatMessage {
  return {
    id: r.id,
    conversation: r.conversation_id,
    sender: r.sender,
    text: r.text,
    created_at: iso(r.created_at),
  };
}

function toConversation(r: Omit<repo.ConversationRow, 'total_count'>): Conversation {
  return {
    id: r.id,
    kind: r.offer_id === null ? 'DIRECT' : 'OFFER',
    other_members: r.others ?? [],
    offer:
      r.offer_id !== null && r.offer_kind !== null && r.offer_status !== null
        ? { id: r.offer_id, kind: r.offer_kind, status: r.offer_status }
        : null,
    last_message: r.last_message ? toMessage(r.last_message) : null,
    unread: r.unread,
    created_at: iso(r.created_at),
  };
}

export async function listConversations(deps: Deps_, actor: Actor, query: ConversationListQuery) {
  const page = parsePage(query.page);
  const [rows, unreadTotal] = await Promise.all([
    repo.listConversations(
      deps.db,
      actor.businessId,
      actor.id,
      CHAT_CONVERSATIONS_PAGE_SIZE,
      (page - 1) * CHAT_CONVERSATIONS_PAGE_SIZE,
    ),
    repo.unreadTotal(deps.db, actor.businessId, actor.id),
  ]);
  const paged = countedPage(rows, page, CHAT_CONVERSATIONS_PAGE_SIZE);
  return { ...paged, results: paged.rows.map(toConversation), unread_total: unreadTotal };
}

async function getConversation(deps: Deps_, actor: Actor, id: number): Promise<Conversation> {
  const row = await repo.findConversation(deps.db, actor.businessId, actor.id, id);
  if (!row) throw notFound();
  return toConversation(row);
}

/**
 * POST api/chat/conversations/ {user}: the one-to-one conversation with another active user of
 * the business, created when there is none (the pair is unique, so two racing requests get one).
 */
export async function openConversation(
  deps: Deps_,
  actor: Actor,
  body: z.output<typeof ConversationCreateSchema>,
): Promise<{ created: boolean; conversation: Conversation }> {
  if (body.user === actor.id) throw fieldError('user', msg('errors.chat.you_can_t_start_conversation'));
  // Another business's user, or a deactivated one, is as good as missing.
  if (!(await repo.findUser(deps.db, actor.businessId, body.user, true)))
    throw fieldError('user', msg('errors.invalid_pk', { id: body.user }));
  const { id, created } = await inTransaction(deps.db, (trx) =>
    repo.ensureDirectConversation(trx, actor.businessId, actor.id, body.user),
  );
  return { created, conversation: await getConversation(deps, actor, id) };
}

async function requireMember(db: Deps_['db'] | Transaction<DB>, actor: Actor, conversationId: number) {
  const membership = await repo.findMembership(db, actor.businessId, actor.id, conversationId);
  if (!membership) throw notFound();
  return membership;
}

/** The offer's thread, created on first use; 404 unless the caller is one of its two parties. */
async function offerConversation(trx: Transaction<DB>, actor: Actor, offerId: number): Promise<number> {
  const offer = await repo.findOfferOfParty(trx, actor.businessId, actor.id, offerId);
  if (!offer) throw notFound();
  return repo.ensureOfferConversation(trx, {
    id: offer.id,
    businessId: actor.businessId,
    parties: [offer.from_user_id, offer.to_user_id],
  });
}

async function messagePage(
  deps: Deps_,
  businessId: number,
  conversationId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessagePage> {
  const rows = await repo.listMessages(
    deps.db,
    businessId,
    conversationId,
    query.before,
    CHAT_MESSAGES_PAGE_SIZE + 1,
  );
  return {
    conversation: conversationId,
    results: rows.slice(0, CHAT_MESSAGES_PAGE_SIZE).map(toMessage),
    has_more: rows.length > CHAT_MESSAGES_PAGE_SIZE,
  };
}

/** GET .../conversations/{id}/messages/?before=: 50 messages, newest first. */
export async function listMessages(
  deps: Deps_,
  actor: Actor,
  conversationId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessagePage> {
  await requireMember(deps.db, actor, conversationId);
  return messagePage(deps, actor.businessId, conversationId, query);
}

/** GET api/offers/offers/{id}/messages/: the offer's thread (created on first use), as above. */
export async function listOfferMessages(
  deps: Deps_,
  actor: Actor,
  offerId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessagePage> {
  const conversationId = await inTransaction(deps.db, (trx) => offerConversation(trx, actor, offerId));
  return messagePage(deps, actor.businessId, conversationId, query);
}

function quote(text: string): string {
  const chars = Array.from(text);
  return chars.length > NOTIFICATION_QUOTE ? `${chars.slice(0, NOTIFICATION_QUOTE).join('')}…` : text;
}

/**
 * Writes a message in the caller's transaction: the conversation's row is taken first, so the
 * messages of one conversation are numbered in the order they commit. The sender has read their
 * own message; every member's streams hear of it (the sender's other tabs too) and the other
 * members get a CHAT_MESSAGE notification.
 */
async function writeMessage(
  trx: Transaction<DB>,
  actor: Actor,
  conversationId: number,
  text: string,
  at: Date,
): Promise<ChatMessage> {
  const conversation = await repo.lockConversation(trx, actor.businessId, conversationId);
  if (!conversation) throw notFound();
  const sender = await repo.findUser(trx, actor.businessId, actor.id, false);
  if (!sender) throw notFound();
  const row = await repo.insertMessage(trx, {
    businessId: actor.businessId,
    conversationId,
    senderId: actor.id,
    text,
  });
  // Who writes has read what came before, and the notifications of it.
  await repo.markRead(trx, actor.businessId, conversationId, actor.id, row.id);
  await readNotificationsAbout(
    trx,
    actor.businessId,
    actor.id,
    { entity: 'conversation', entityId: conversationId },
    at,
  );
  const message = toMessage({ ...row, conversation_id: conversationId, text, sender });
  const members = await repo.memberIds(trx, actor.businessId, conversationId);
  await publish(
    trx,
    actor.businessId,
    members.map((userId) => ({
      userId,
      type: 'message' as const,
      data: { conversation_id: conversationId, message },
    })),
  );
  const sent = displayName(sender);
  const offer = conversation.offer_id;
  await notify(
    trx,
    members
      .filter((userId) => userId !== actor.id)
      .map((userId) => ({
        businessId: actor.businessId,
        userId,
        kind: 'CHAT_MESSAGE' as const,
        title:
          offer === null
            ? msg('notice.new_message_from', { sent })
            : msg('notice.new_message_from_offer', { sent, offer }),
        body: quote(text),
        entity: { type: 'conversation' as const, id: conversationId },
      })),
  );
  return message;
}

/** POST .../conversations/{id}/messages/ {text}. */
export async function postMessage(
  deps: Deps_,
  actor: Actor,
  conversationId: number,
  body: ChatMessageCreate,
): Promise<ChatMessage> {
  return inTransaction(deps.db, async (trx) => {
    await requireMember(trx, actor, conversationId);
    return writeMessage(trx, actor, conversationId, body.text, deps.clock());
  });
}

/** POST api/offers/offers/{id}/messages/ {text}: into the offer's thread (created on first use). */
export async function postOfferMessage(
  deps: Deps_,
  actor: Actor,
  offerId: number,
  body: ChatMessageCreate,
): Promise<ChatMessage> {
  return inTransaction(deps.db, async (trx) => {
    const conversationId = await offerConversation(trx, actor, offerId);
    return writeMessage(trx, actor, conversationId, body.text, deps.clock());
  });
}

/**
 * POST .../conversations/{id}/read/: the caller has read up to the newest message (never moves
 * back), and so the conversation's CHAT_MESSAGE notifications. Their streams hear of it (the
 * other tabs clear the badges) when it moved.
 */
export async function markConversationRead(
  deps: Deps_,
  actor: Actor,
  conversationId: number,
): Promise<ConversationRead> {
  return inTransaction(deps.db, async (trx) => {
    await requireMember(trx, actor, conversationId);
    const newest = await repo.lastMessageId(trx, actor.businessId, conversationId);
    const moved = await repo.markRead(trx, actor.businessId, conversationId, actor.id, newest);
    const lastRead = moved ?? (await repo.lastReadOf(trx, actor.businessId, conversationId, actor.id));
    const unread = await repo.unreadIn(trx, actor.businessId, conversationId, actor.id);
    await readNotificationsAbout(
      trx,
      actor.businessId,
      actor.id,
      { entity: 'conversation', entityId: conversationId },
      deps.clock(),
    );
    if (moved !== undefined)
      await publish(trx, actor.businessId, [
        {
          userId: actor.id,
          type: 'read',
          data: { conversation_id: conversationId, last_read_message_id: lastRead, unread },
        },
      ]);
    return { conversation: conversationId, last_read_message_id: lastRead, unread };
  });
}
