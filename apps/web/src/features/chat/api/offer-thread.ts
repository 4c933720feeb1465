import type { ChatMessagePage } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ThreadData } from '../chat-rules.ts';
import { chatKeys } from './keys.ts';

/**
 * GET offers/offers/{id}/messages/: the offer's thread between its two parties (the server creates
 * it on first use), with its newest messages and its conversation id.
 */
export function getOfferThread(offerId: number, signal?: AbortSignal): Promise<ChatMessagePage> {
  return api.get(`offers/offers/${offerId}/messages/`, { signal, schema: (s) => s.ChatMessagePageSchema });
}

export const offerThreadKey = (offerId: number) => [...chatKeys.all, 'offer-thread', offerId] as const;

/** The offer's thread; its first page also fills the thread's cache, so opening it asks nothing more. */
export function useOfferThread(offerId: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: offerThreadKey(offerId),
    queryFn: async ({ signal }) => {
      const page = await getOfferThread(offerId, signal);
      const key = chatKeys.messages(page.conversation);
      if (!client.getQueryData<ThreadData>(key)) {
        client.setQueryData<ThreadData>(key, { pages: [page], pageParams: [undefined] });
      }
      return page;
    },
    retry: false,
    staleTime: 0,
  });
}
