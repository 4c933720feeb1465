import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { telegramKeys } from './keys.ts';

/** DELETE telegram/link/: unlinks my Telegram chat (204). */
export async function unlinkTelegram(): Promise<void> {
  await api.delete('telegram/link/');
}

export function useUnlinkTelegram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => client.invalidateQueries({ queryKey: telegramKeys.status }),
  });
}
