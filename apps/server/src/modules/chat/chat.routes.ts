import {
  ChatMessageCreateSchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ConversationCreateSchema,
  ConversationListQuerySchema,
  ConversationPageSchema,
  ConversationReadSchema,
  ConversationSchema,
  IdParamsSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas } from '../../lib/openapi.ts';
import { pageOf } from '../../lib/pagination.ts';
import * as chat from './chat.service.ts';

// Chat (DESIGN.md section 13): every signed-in user; only a conversation's members read or write
// it (404 otherwise), and an offer's thread belongs to its two parties. The offer threads' routes
// live here, not in modules/offers, with the rest of the chat.

/** The read action takes no body; an empty JSON object is accepted too. */
const EmptyBodySchema = z.unknown().optional();

export async function chatRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await conversationRoutes(app, deps);
  await messageRoutes(app, deps);
  await offerMessageRoutes(app, deps);
}

/** Conversations: list, start. */
async function conversationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['chat'];

  r.get(
    '/chat/conversations/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'My conversations, newest activity first, 50 a page: the other members, the offer, the last message and unread',
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationPageSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      const page = await chat.listConversations(deps, actorOf(request), request.query);
      return { ...pageOf(request, page), unread_total: page.unread_total };
    },
  );
  r.post(
    '/chat/conversations/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The one-to-one conversation with another active user of my business: 201 when created, 200 when it existed',
        body: ConversationCreateSchema,
        response: {
          201: ConversationSchema.describe(
            'The conversation: 201 when it was created now, 200 with the same body when it already existed',
          ),
          ...ErrorSchemas,
        },
      },
    },
    async (request, reply) => {
      const { created, conversation } = await chat.openConversation(deps, actorOf(request), request.body);
      // One success answer is documented (openapi.test.ts); 200 shares its body.
      return reply.status(created ? 201 : (200 as 201)).send(conversation);
    },
  );
}

type Thread = {
  /** The thread's path up to `:id/messages/`. */
  path: string;
  tags: string[];
  summaries: { list: string; post: string };
  list: typeof chat.listMessages;
  post: typeof chat.postMessage;
};

/**
 * A thread's messages, a conversation's or an offer's: the page of messages before `before`, and
 * a new message (201).
 */
function threadRoutes(app: FastifyInstance, deps: Deps, thread: Thread): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const { tags, summaries } = thread;
  r.get(
    `${thread.path}:id/messages/`,
    {
      onRequest,
      schema: {
        tags,
        summary: summaries.list,
        params: IdParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagePageSchema, ...ErrorSchemas },
      },
    },
    (request) => thread.list(deps, actorOf(request), request.params.id, request.query),
  );
  r.post(
    `${thread.path}:id/messages/`,
    {
      onRequest,
      schema: {
        tags,
        summary: summaries.post,
        params: IdParamsSchema,
        body: ChatMessageCreateSchema,
        response: { 201: ChatMessageSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await thread.post(deps, actorOf(request), request.params.id, request.body)),
  );
}

/** A conversation's messages: list, send, mark read. */
async function messageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = authenticate(deps);
  const tags = ['chat'];

  threadRoutes(app, deps, {
    path: '/chat/conversations/',
    tags,
    summaries: {
      list: 'A conversation’s messages, newest first, 50 at a time before the message `before`',
      post: 'Send a message (1-4,000 characters, stored as given); the members’ streams hear of it, the others are notified',
    },
    list: chat.listMessages,
    post: chat.postMessage,
  });
  r.post(
    '/chat/conversations/:id/read/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'I have read up to the newest message (never moves back); answers my unread count',
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: ConversationReadSchema, ...ErrorSchemas },
      },
    },
    (request) => chat.markConversationRead(deps, actorOf(request), request.params.id),
  );
}

/** An offer's messages: list, send. */
async function offerMessageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  threadRoutes(app, deps, {
    path: '/offers/offers/',
    tags: ['chat', 'offers'],
    summaries: {
      list: "An offer's thread between its two parties (created on first use), newest first, 50 at a time before `before`",
      post: "Send a message into an offer's thread (its two parties only)",
    },
    list: chat.listOfferMessages,
    post: chat.postOfferMessage,
  });
}
