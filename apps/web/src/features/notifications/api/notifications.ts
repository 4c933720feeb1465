import type { Notification, NotificationPage } from '@app/shared';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAccessToken } from '../../../lib/session.ts';
import { type NotificationsData, withLiveNotification } from '../notification-rules.ts';
import { notificationKeys } from './keys.ts';

/** GET notifications/?page=: my notifications, newest first, 50 a page, with my unread total. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  return api.get('notifications/', { signal, query: { page }, schema: (s) => s.NotificationPageSchema });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last, _all, lastParam) => (last.next ? lastParam + 1 : undefined),
});

/** The bell's list and badge: asked once when the shell loads, then kept current by the stream. */
export function useNotifications() {
  const signedIn = useAccessToken() !== null;
  return useInfiniteQuery({ ...notificationsQueryOptions, enabled: signedIn });
}

/**
 * What the stream says (app/live): a new notification goes on top of the list with the new
 * total, at once; a change of read state elsewhere (another tab) reloads the list.
 */
export function applyNotificationEvent(
  client: QueryClient,
  event: { notification?: Notification | undefined; unread: number },
): void {
  client.setQueryData<NotificationsData>(notificationKeys.list, (data) =>
    data ? withLiveNotification(data, event) : data,
  );
  if (!event.notification) void client.invalidateQueries({ queryKey: notificationKeys.all });
}
