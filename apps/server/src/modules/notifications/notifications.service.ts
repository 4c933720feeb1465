import {
  type Language,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationListQuery,
  type NotificationsRead,
} from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { publish } from '../../lib/events.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './notifications.repository.ts';
import { type NotificationRow, notificationTexts } from './notify.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export {
  notifyLowStock,
  notifyRateChanged,
  notifyTransitLoss,
  type RateChange,
  type ShortLine,
} from './causes.ts';
export type { NotificationSender } from './delivery.ts';
export type { ClaimedNotification } from './notifications.repository.ts';
export { type NotificationRow, notificationTexts, notify } from './notify.ts';

// The bell (DESIGN.md section 13): a user reads and marks their own notifications only; another
// user's, of this business or another, is as good as missing (404).

type Deps_ = Pick<Deps, 'db' | 'clock'>;

export function toNotification(r: NotificationRow, language: Language): Notification {
  return {
    id: r.id,
    kind: r.kind,
    ...notificationTexts(r, language),
    entity: r.entity,
    entity_id: r.entity_id,
    read_at: r.read_at ? r.read_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
  };
}

/** GET api/notifications/: the user's own, newest first, 50 a page, with the unread total. */
export async function listNotifications(
  deps: Deps_,
  actor: Actor,
  query: NotificationListQuery,
  language: Language,
) {
  const page = parsePage(query.page);
  const [rows, unread] = await Promise.all([
    repo.listNotifications(deps.db, actor, { unread: query.unread }, (page - 1) * NOTIFICATIONS_PAGE_SIZE),
    repo.countUnread(deps.db, actor),
  ]);
  const paged = countedPage(rows, page, NOTIFICATIONS_PAGE_SIZE);
  return { ...paged, results: paged.rows.map((r) => toNotification(r, language)), unread };
}

/**
 * Marks one notification (`id`) or all (`null`) of the user read. When something changed, the
 * user's other tabs are told the new unread count (a 'notification' event).
 */
export async function markRead(deps: Deps_, actor: Actor, id: number | null): Promise<NotificationsRead> {
  return inTransaction(deps.db, async (trx) => {
    if (id !== null && !(await repo.isOwnNotification(trx, actor, id))) throw notFound();
    const marked = await repo.markRead(trx, actor, id, deps.clock());
    const unread = await repo.countUnread(trx, actor);
    if (marked > 0)
      await publish(trx, actor.businessId, [{ userId: actor.id, type: 'notification', data: { unread } }]);
    return { marked, unread };
  });
}

/**
 * Reading what they are about reads the user's notifications of it (a conversation read in the
 * chat reads its CHAT_MESSAGE ones), in the caller's transaction; the user's tabs hear the new
 * unread count when something changed.
 */
export async function readNotificationsAbout(
  trx: Transaction<DB>,
  businessId: number,
  userId: number,
  subject: { entity: 'conversation'; entityId: number },
  at: Date,
): Promise<void> {
  const marked = await repo.markRead(trx, { businessId, id: userId }, null, at, subject);
  if (marked === 0) return;
  const unread = await repo.countUnread(trx, { businessId, id: userId });
  await publish(trx, businessId, [{ userId, type: 'notification', data: { unread } }]);
}
