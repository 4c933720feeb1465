import type { NotificationsRead } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type NotificationsData, withRead } from '../notification-rules.ts';
import { notificationKeys } from './keys.ts';

/** POST notifications/{id}/read/: one of mine is read; answers what is still unread. */
export function markNotificationRead(id: number): Promise<NotificationsRead> {
  return api.post(`notifications/${id}/read/`, {}, { schema: (s) => s.NotificationsReadSchema });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (read, id) =>
      client.setQueryData<NotificationsData>(notificationKeys.list, (data) =>
        data ? withRead(data, id, read.unread, new Date().toISOString()) : data,
      ),
  });
}
