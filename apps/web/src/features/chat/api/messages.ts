import type { ChatMessage, ChatMessagePage } from '@app/shared';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ThreadData, withMessage } from '../chat-rules.ts';
import { chatKeys } from './keys.ts';

/** GET chat/conversations/{id}/messages/?before=: 50 messages before `before`, newest first. */
export function getMessages(
  conversationId: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get(`chat/conversations/${conversationId}/messages/`, {
    signal,
    query: { before },
    schema: (s) => s.ChatMessagePageSchema,
  });
}

export function messagesQueryOptions(conversationId: number) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.results.at(-1)?.id : undefined),
    // New messages arrive through the live updates; asking again would only repeat them.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useMessages(conversationId: number) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}

/**
 * Puts a message into its thread's cache, if that thread is loaded: a thread not in the cache
 * loads it when opened. Used by my own send and by the live updates (app/live).
 */
export function addMessageToThread(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<ThreadData>(chatKeys.messages(message.conversation), (data) =>
    data ? withMessage(data, message) : data,
  );
}
