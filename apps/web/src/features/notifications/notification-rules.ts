import { ADMIN_ROLES, type Notification, type NotificationPage, type Role } from '@app/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';

// Pure rules of the bell (DESIGN.md section 13), tested beside.

/** The bell's list in the cache: pages of 50, newest first; the first page's `unread` is the badge. */
export type NotificationsData = InfiniteData<NotificationPage>;

/** Where a notification leads: the thing it is about, or null when it is about nothing to open. */
export function notificationLink(
  n: Pick<Notification, 'kind' | 'entity' | 'entity_id'>,
  role: Role | undefined,
): string | null {
  const id = n.entity_id === null ? null : String(n.entity_id);
  switch (n.entity) {
    case 'offer':
      return id ? generatePath(paths.offer, { id }) : paths.income;
    case 'conversation':
      return id ? generatePath(paths.chatConversation, { conversationId: id }) : paths.chat;
    case 'variant':
      return paths.inventory;
    case 'debt':
      return n.kind === 'DEBT_OVERDUE' ? `${paths.debts}?status=OVERDUE` : paths.debts;
    case 'currency':
      // The rates are managed in the administrators' area; everyone else sees them where they
      // exchange (Balans).
      return role !== undefined && ADMIN_ROLES.includes(role) ? paths.admin.currencies : paths.home;
    default:
      return null;
  }
}

export function notificationsOf(data: NotificationsData | undefined): Notification[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Notification[] = [];
  for (const page of data.pages) {
    for (const n of page.results) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  return out;
}

export function unreadOf(data: NotificationsData | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}

/** The list with the unread total the server last told, and a new notification on top (once). */
export function withLiveNotification(
  data: NotificationsData,
  event: { notification?: Notification | undefined; unread: number },
): NotificationsData {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const n = event.notification;
  const fresh = n !== undefined && !data.pages.some((p) => p.results.some((r) => r.id === n.id));
  const results = fresh ? [n, ...first.results] : first.results;
  return {
    ...data,
    pages: [{ ...first, results, count: first.count + (fresh ? 1 : 0), unread: event.unread }, ...rest],
  };
}

/** The list after notifications were marked read (`id` one of them, or null for all of them). */
export function withRead(
  data: NotificationsData,
  id: number | null,
  unread: number,
  now: string,
): NotificationsData {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      unread: index === 0 ? unread : page.unread,
      results: page.results.map((n) =>
        n.read_at === null && (id === null || n.id === id) ? { ...n, read_at: now } : n,
      ),
    })),
  };
}

/** The number on the badge: up to 99, then '99+'. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
