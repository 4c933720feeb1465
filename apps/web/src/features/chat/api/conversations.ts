import type { ConversationPage } from '@app/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAccessToken } from '../../../lib/session.ts';
import { unreadTotalOf } from '../chat-rules.ts';
import { chatKeys } from './keys.ts';

/** GET chat/conversations/?page=: newest activity first, 50 a page, with unread_total. */
export function getConversations(page: number, signal?: AbortSignal): Promise<ConversationPage> {
  return api.get('chat/conversations/', { signal, query: { page }, schema: (s) => s.ConversationPageSchema });
}

export const conversationsQueryOptions = infiniteQueryOptions({
  queryKey: chatKeys.conversations,
  queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last, _all, lastParam) => (last.next ? lastParam + 1 : undefined),
});

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions);
}

/**
 * My unread messages in every conversation, for the sidebar's badge: the same query as the list
 * (one request serves both), kept fresh by the live updates.
 */
export function useChatUnreadTotal(): number {
  const signedIn = useAccessToken() !== null;
  const query = useInfiniteQuery({ ...conversationsQueryOptions, enabled: signedIn });
  return unreadTotalOf(query.data);
}
