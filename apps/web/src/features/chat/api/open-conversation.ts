import type { Conversation } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** POST chat/conversations/ {user}: the one-to-one conversation with `user` (the existing one if any). */
export function openConversation(user: number): Promise<Conversation> {
  return api.post('chat/conversations/', { user }, { schema: (s) => s.ConversationSchema });
}

export function useOpenConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.conversations }),
  });
}
