import { type TelegramStatus, TelegramStatusSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { linkPollInterval, type PendingLink } from '../notification-settings.ts';
import { telegramKeys } from './keys.ts';

/** GET telegram/link/: whether the server has a bot, and whether my account is linked to a chat. */
export function getTelegramStatus(signal?: AbortSignal): Promise<TelegramStatus> {
  return api.get('telegram/link/', { signal, schema: TelegramStatusSchema });
}

export const telegramStatusQueryOptions = queryOptions({
  queryKey: telegramKeys.status,
  queryFn: ({ signal }) => getTelegramStatus(signal),
});

/**
 * My Telegram status. While `link` waits for my /start in the bot it is asked again every few
 * seconds, and at any time when the window regains focus (the user comes back from Telegram),
 * which the app's default leaves off.
 */
export function useTelegramStatus(link: PendingLink | null) {
  return useQuery({
    ...telegramStatusQueryOptions,
    refetchInterval: (query) => linkPollInterval(query.state.data, link, Date.now()),
    refetchOnWindowFocus: true,
  });
}
