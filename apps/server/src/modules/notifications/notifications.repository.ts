import { NOTIFICATIONS_PAGE_SIZE } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { rowExists } from '../../db/row-queries.ts';
import { variantLabelSql, variantsWithParts } from '../../db/variant-label.ts';
import { activeOwnersQuery } from '../users/admin-users.service.ts';
import { NOTIFICATION_COLUMNS as COLUMNS, type NotificationRow } from './notify.ts';

// Notifications (DESIGN.md section 13): queries only.

type Db = Database;

/** A page of the user's notifications, newest first, each row carrying the filtered count. */
export async function listNotifications(
  db: Db,
  user: { businessId: number; id: number },
  filter: { unread?: boolean | undefined },
  offset: number,
): Promise<Array<NotificationRow & { total_count: number }>> {
  let query = db
    .selectFrom('notifications')
    .select([...COLUMNS, sql<number>`count(*) OVER ()::int`.as('total_count')])
    .where('business_id', '=', user.businessId)
    .where('user_id', '=', user.id);
  if (filter.unread === true) query = query.where('read_at', 'is', null);
  if (filter.unread === false) query = query.where('read_at', 'is not', null);
  return query.orderBy('id', 'desc').limit(NOTIFICATIONS_PAGE_SIZE).offset(offset).execute();
}

export async function countUnread(db: Db, user: { businessId: number; id: number }): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('business_id', '=', user.businessId)
    .where('user_id', '=', user.id)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the notification is the user's (another user's, or an unknown id, is not). */
export function isOwnNotification(
  db: Db,
  user: { businessId: number; id: number },
  id: number,
): Promise<boolean> {
  return rowExists(db, 'notifications', (eb) =>
    eb.and({ id, business_id: user.businessId, user_id: user.id }),
  );
}

/**
 * Marks the user's unread notifications read (one, or all with `id` null, or all about one
 * `subject`); how many changed.
 */
export async function markRead(
  db: Db,
  user: { businessId: number; id: number },
  id: number | null,
  at: Date,
  subject?: { entity: string; entityId: number },
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('business_id', '=', user.businessId)
    .where('user_id', '=', user.id)
    .where('read_at', 'is', null);
  if (id !== null) query = query.where('id', '=', id);
  if (subject) query = query.where('entity', '=', subject.entity).where('entity_id', '=', subject.entityId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The active users of a business (RATE_CHANGED goes to every one of them). */
export async function activeUsers(db: Db, businessId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', businessId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The business's active Owners (LOW_STOCK goes to them as well as to the department). */
export async function activeOwners(db: Db, businessId: number): Promise<number[]> {
  const rows = await activeOwnersQuery(db, businessId).execute();
  return rows.map((r) => r.id);
}

/** A variant's SKU and label, and a department's e-mail, for a LOW_STOCK text. */
export async function lowStockSubject(db: Db, businessId: number, variantId: number, departmentId: number) {
  return variantsWithParts(db)
    .select([
      'v.sku',
      variantLabelSql.as('label'),
      sql<string>`(SELECT email FROM users WHERE business_id = ${businessId} AND id = ${departmentId})`.as(
        'department_email',
      ),
    ])
    .where('v.business_id', '=', businessId)
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/** A debt past its due date, with something left, whose department has not been told yet. */
export interface OverdueDebt {
  id: number;
  business_id: number;
  department_id: number;
  direction: 'RECEIVABLE' | 'PAYABLE';
  counterparty: string;
  left: string;
  currency: string;
  due_date: string;
}

/**
 * Every debt with something left past its due date (`today` in the business's time zone) not yet
 * told to its department (DESIGN.md sections 12 and 13); an active department only.
 */
export async function overdueDebts(db: Db, today: string): Promise<OverdueDebt[]> {
  const { rows } = await sql<OverdueDebt>`
    SELECT d.id, d.business_id, d.department_id, d.direction, cp.name AS counterparty,
           (d.amount - d.paid)::numeric(20,2)::text AS left, cur.code AS currency,
           d.due_date::text AS due_date
    FROM debts d
    JOIN counterparties cp ON cp.id = d.counterparty_id
    JOIN currencies cur ON cur.id = d.currency_id
    JOIN users u ON u.id = d.department_id AND u.is_active
    WHERE debt_overdue(d.paid, d.amount, d.due_date, ${today}::date)
      AND NOT EXISTS (SELECT 1 FROM notifications n
                      WHERE n.kind = 'DEBT_OVERDUE' AND n.user_id = d.department_id AND n.entity_id = d.id)
    ORDER BY d.id`.execute(db);
  return rows;
}

/** A notification claimed for delivery, with what its senders need of its recipient. */
export interface ClaimedNotification extends NotificationRow {
  business_id: number;
  user_id: number;
  email: string;
  is_active: boolean;
  email_notifications: string[];
  language: string | null;
  telegram_chat_id: number | null;
}

/**
 * Takes up to `limit` undelivered notifications, oldest first, and marks them delivered in the
 * same statement. SKIP LOCKED lets several server processes claim at once without waiting on or
 * taking each other's rows: each notification is claimed, and sent, by one process only.
 */
export async function claimUndelivered(db: Db, limit: number): Promise<ClaimedNotification[]> {
  const { rows } = await sql<ClaimedNotification>`
    WITH claimed AS (
      UPDATE notifications SET delivered_at = now()
      WHERE id IN (SELECT id FROM notifications WHERE delivered_at IS NULL
                   ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, business_id, user_id, kind, title, body, title_message, body_message, entity, entity_id, read_at, created_at)
    SELECT c.*, u.email, u.is_active, u.email_notifications, u.language, u.telegram_chat_id
    FROM claimed c JOIN users u ON u.id = c.user_id
    ORDER BY c.id`.execute(db);
  return rows;
}
