import type { Notification, NotificationPage } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  badgeText,
  type NotificationsData,
  notificationLink,
  notificationsOf,
  unreadOf,
  withLiveNotification,
  withRead,
} from './notification-rules.ts';

const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'OFFER_PENDING',
  title: `Taklif #${id} qaroringizni kutmoqda`,
  body: '',
  entity: 'offer',
  entity_id: id,
  read_at: null,
  created_at: '2025-11-21T10:00:00Z',
  ...over,
});

const data = (pages: Notification[][], unread: number): NotificationsData => ({
  pages: pages.map(
    (results, i): NotificationPage => ({
      count: 2,
      next: null,
      previous: null,
      results,
      unread: i === 0 ? unread : 0,
    }),
  ),
  pageParams: pages.map((_, i) => i + 1),
});

describe('notificationLink', () => {
  it('opens what the notification is about', () => {
    expect(notificationLink(note(7), 'Kassir')).toBe('/offers/7');
    expect(
      notificationLink(note(1, { kind: 'CHAT_MESSAGE', entity: 'conversation', entity_id: 3 }), 'Kassir'),
    ).toBe('/chat/3');
    expect(
      notificationLink(note(1, { kind: 'LOW_STOCK', entity: 'variant', entity_id: 3 }), 'Omborchi'),
    ).toBe('/inventory');
    expect(
      notificationLink(note(1, { kind: 'DEBT_OVERDUE', entity: 'debt', entity_id: 3 }), 'Bozorchi'),
    ).toBe('/debts?status=OVERDUE');
  });

  it('sends a rate change to the administrators’ currencies, and everyone else to Balans', () => {
    const rate = note(1, { kind: 'RATE_CHANGED', entity: 'currency', entity_id: 1 });
    expect(notificationLink(rate, 'Owner')).toBe('/admin/currencies');
    expect(notificationLink(rate, 'admin')).toBe('/admin/currencies');
    expect(notificationLink(rate, 'manager')).toBe('/');
  });

  it('has no link for a notification about nothing it knows', () => {
    expect(notificationLink(note(1, { entity: null, entity_id: null }), 'Owner')).toBeNull();
    expect(notificationLink(note(1, { entity: 'something-new' }), 'Owner')).toBeNull();
  });
});

describe('the live list', () => {
  it('puts a new notification on top, once, with the total the server told', () => {
    const before = data([[note(2), note(1)]], 2);
    const after = withLiveNotification(before, { notification: note(3), unread: 3 });
    expect(notificationsOf(after).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(unreadOf(after)).toBe(3);
    const again = withLiveNotification(after, { notification: note(3), unread: 3 });
    expect(notificationsOf(again).map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it('takes the new total alone when some were read elsewhere', () => {
    expect(unreadOf(withLiveNotification(data([[note(1)]], 1), { unread: 0 }))).toBe(0);
  });

  it('marks one or all read', () => {
    const before = data([[note(2), note(1, { read_at: '2025-11-20T00:00:00Z' })], [note(0)]], 2);
    const one = withRead(before, 2, 1, 'NOW');
    expect(notificationsOf(one).map((n) => n.read_at)).toEqual(['NOW', '2025-11-20T00:00:00Z', null]);
    expect(unreadOf(one)).toBe(1);
    const all = withRead(before, null, 0, 'NOW');
    expect(notificationsOf(all).map((n) => n.read_at)).toEqual(['NOW', '2025-11-20T00:00:00Z', 'NOW']);
    expect(unreadOf(all)).toBe(0);
  });
});

describe('badgeText', () => {
  it('caps at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});
