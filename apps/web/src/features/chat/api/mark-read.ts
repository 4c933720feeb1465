import type { ConversationRead } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ConversationsData, withRead } from '../chat-rules.ts';
import { chatKeys } from './keys.ts';

/** POST chat/conversations/{id}/read/: I have read up to the newest message. */
export function markConversationRead(conversationId: number): Promise<ConversationRead> {
  return api.post(
    `chat/conversations/${conversationId}/read/`,
    {},
    { schema: (s) => s.ConversationReadSchema },
  );
}

export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    // The badge drops at once; the stream's 'read' event then refreshes the list as a whole.
    onSuccess: (read) =>
      client.setQueryData<ConversationsData>(chatKeys.conversations, (data) =>
        data ? withRead(data, read.conversation, read.unread) : data,
      ),
  });
}
