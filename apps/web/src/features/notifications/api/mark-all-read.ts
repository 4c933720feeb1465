import type { NotificationsRead } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type NotificationsData, withRead } from '../notification-rules.ts';
import { notificationKeys } from './keys.ts';

/** POST notifications/read-all/: every one of mine is read. */
export function markAllNotificationsRead(): Promise<NotificationsRead> {
  return api.post('notifications/read-all/', {}, { schema: (s) => s.NotificationsReadSchema });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (read) =>
      client.setQueryData<NotificationsData>(notificationKeys.list, (data) =>
        data ? withRead(data, null, read.unread, new Date().toISOString()) : data,
      ),
  });
}
