import { type TelegramLink, TelegramLinkSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST telegram/link/: a single-use code (10 minutes) and its deep link to the bot. A new one ends
 * the older. 404 with a detail without a bot, 503 with a detail while Telegram does not answer.
 */
export function createTelegramLink(): Promise<TelegramLink> {
  return api.post('telegram/link/', {}, { schema: TelegramLinkSchema });
}

export function useCreateTelegramLink() {
  return useMutation({ mutationFn: createTelegramLink });
}
