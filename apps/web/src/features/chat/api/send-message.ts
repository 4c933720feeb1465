import type { ChatMessage } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';
import { addMessageToThread } from './messages.ts';

/** POST chat/conversations/{id}/messages/ {text}: the text exactly as typed (1-4,000 characters). */
export function sendMessage(conversationId: number, text: string): Promise<ChatMessage> {
  return api.post(
    `chat/conversations/${conversationId}/messages/`,
    { text },
    { schema: (s) => s.ChatMessageSchema },
  );
}

export function useSendMessage(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(conversationId, text),
    onSuccess: (message) => {
      addMessageToThread(client, message);
      return client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
