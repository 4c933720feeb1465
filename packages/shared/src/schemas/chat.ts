import { z } from 'zod';
import { CHAT_MESSAGE_MAX, chatLength } from '../chat.ts';
import { OFFER_KINDS, OFFER_STATUSES } from '../constants.ts';
import { IdSchema, text } from './common.ts';

// Chat (DESIGN.md section 13): one-to-one conversations between users of a business and one
// thread per offer between its two parties. One contract for the server's validation, the chat
// page's form and the OpenAPI document.

/** Messages a page of GET .../messages/ holds. */
export const CHAT_MESSAGES_PAGE_SIZE = 50;
/** Conversations a page of GET api/chat/conversations/ holds (part two's lists: 50). */
export const CHAT_CONVERSATIONS_PAGE_SIZE = 50;

export const CONVERSATION_KINDS = ['DIRECT', 'OFFER'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

const BLANK = 'validation.auth.field_may_not_blank';
const TOO_LONG = 'validation.chat.ensure_field_has_no_more';
// A lone UTF-16 surrogate (with the u flag a paired one is a single code point and does not
// match): it has no UTF-8 form, so it could not be stored as given.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A message's text: 1-4,000 characters, not only whitespace, stored exactly as given (no trimming,
 * no escaping: it is always shown as text, never as HTML).
 */
export const ChatTextSchema = text({ message: 'validation.chat.field_required' })
  .refine((v) => v.trim().length > 0, { message: BLANK, abort: true })
  .refine((v) => !LONE_SURROGATE.test(v), { message: 'validation.chat.text_not_valid_unicode', abort: true })
  .refine((v) => chatLength(v) <= CHAT_MESSAGE_MAX, { message: TOO_LONG });

/** POST api/chat/conversations/{id}/messages/ and api/offers/offers/{id}/messages/. */
export const ChatMessageCreateSchema = z.object({ text: ChatTextSchema });
export type ChatMessageCreate = z.input<typeof ChatMessageCreateSchema>;

/** POST api/chat/conversations/: the other user of the one-to-one conversation. */
export const ConversationCreateSchema = z.object({ user: IdSchema });
export type ConversationCreate = z.input<typeof ConversationCreateSchema>;

/** A message id in a query: a positive integer (messages ids are BIGINT, kept within 2^53). */
const MessageIdQuerySchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, { message: 'validation.chat.valid_message_id_required' })
  .transform(Number);

/** GET .../messages/?before=<id>: the 50 messages before that one, newest first (none: the newest 50). */
export const ChatMessagesQuerySchema = z.object({ before: MessageIdQuerySchema.optional() });
export type ChatMessagesQuery = z.output<typeof ChatMessagesQuerySchema>;

export const ConversationListQuerySchema = z.object({ page: z.string().optional() });
export type ConversationListQuery = z.output<typeof ConversationListQuerySchema>;

/** A member of a conversation as the chat shows one. */
export const ChatUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChatUser = z.infer<typeof ChatUserSchema>;

export const ChatMessageSchema = z.object({
  id: z.number(),
  conversation: z.number(),
  sender: ChatUserSchema,
  /** As it was sent: show it as text, never as HTML. */
  text: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationSchema = z.object({
  id: z.number(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The members other than the caller (one in a DIRECT conversation, the other party in an OFFER thread). */
  other_members: z.array(ChatUserSchema),
  /** The offer of an OFFER thread; null for DIRECT. */
  offer: z.object({ id: z.number(), kind: z.enum(OFFER_KINDS), status: z.enum(OFFER_STATUSES) }).nullable(),
  last_message: ChatMessageSchema.nullable(),
  /** Messages of the others after the caller's last read one. */
  unread: z.number(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/**
 * GET api/chat/conversations/: newest activity first, 50 a page (`page`), as part two's lists;
 * `unread_total` sums `unread` over all of the caller's conversations (the sidebar's count).
 * An offer's thread is listed once it has a message.
 */
export const ConversationPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ConversationSchema),
  unread_total: z.number(),
});
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

/**
 * A page of messages, newest first. `has_more`: older ones exist; ask again with
 * `before=<the last result's id>`. `conversation` is the thread's id (an offer's thread opens in
 * /chat with it).
 */
export const ChatMessagePageSchema = z.object({
  conversation: z.number(),
  results: z.array(ChatMessageSchema),
  has_more: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/** POST api/chat/conversations/{id}/read/: where the caller's reading now stands. */
export const ConversationReadSchema = z.object({
  conversation: z.number(),
  last_read_message_id: z.number(),
  unread: z.number(),
});
export type ConversationRead = z.infer<typeof ConversationReadSchema>;
