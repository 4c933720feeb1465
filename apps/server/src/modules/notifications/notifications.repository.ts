import { NOTIFICATIONS_PAGE_SIZE } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { NotificationKind } from '../../db/tables/chat.ts';
import { variantLabelSql } from '../../db/variant-label.ts';
import { activeOwnersQuery } from '../users/admin-users.service.ts';
import type { NotificationRow } from './notify.ts';

// Notifications (DESIGN.md section 13): queries only.

type Db = Database;

const COLUMNS = ['id', 'kind', 'title', 'body', 'entity', 'entity_id', 'read_at', 'created_at'] as const;

/** A page of the user's notifications, newest first, each row carrying the filtered count. */
export async function listNotifications(
  db: Db,
  userId: number,
  filter: { unread?: boolean | undefined },
  offset: number,
): Promise<Array<NotificationRow & { total_count: number }>> {
  let query = db
    .selectFrom('notifications')
    .select([...COLUMNS, sql<number>`count(*) OVER ()::int`.as('total_count')])
    .where('user_id', '=', userId);
  if (filter.unread === true) query = query.where('read_at', 'is', null);
  if (filter.unread === false) query = query.where('read_at', 'is not', null);
  return query.orderBy('id', 'desc').limit(NOTIFICATIONS_PAGE_SIZE).offset(offset).execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the notification is the user's (another user's, or an unknown id, is not). */
export async function isOwnNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the user's unread notifications read (one, or all with `id` null, or all about one
 * `subject`); how many changed.
 */
export async function markRead(
  db: Db,
  userId: number,
  id: number | null,
  at: Date,
  subject?: { entity: string; entityId: number },
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (id !== null) query = query.where('id', '=', id);
  if (subject) query = query.where('entity', '=', subject.entity).where('entity_id', '=', subject.entityId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One notification to every active user of a business, in one statement (RATE_CHANGED). The
 * notifications' trigger tells each recipient's streams.
 */
export async function notifyBusinessUsers(
  db: Db,
  n: {
    businessId: number;
    kind: NotificationKind;
    title: string;
    body: string;
    entity: { type: string; id: number } | null;
  },
): Promise<void> {
  await sql`
    INSERT INTO notifications (business_id, user_id, kind, title, body, entity, entity_id)
    SELECT u.business_id, u.id, ${n.kind}, ${n.title}, ${n.body}, ${n.entity?.type ?? null}::text,
           ${n.entity?.id ?? null}::int
    FROM users u
    WHERE u.business_id = ${n.businessId} AND u.is_active
    ORDER BY u.id`.execute(db);
}

/** The business's active Owners (LOW_STOCK goes to them as well as to the department). */
export async function activeOwners(db: Db, businessId: number): Promise<number[]> {
  const rows = await activeOwnersQuery(db, businessId).execute();
  return rows.map((r) => r.id);
}

/** A variant's SKU and label, and a department's e-mail, for a LOW_STOCK text. */
export async function lowStockSubject(db: Db, variantId: number, departmentId: number) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('colors as c', 'c.id', 'v.color_id')
    .leftJoin('sizes as s', 's.id', 'v.size_id')
    .select([
      'v.sku',
      variantLabelSql.as('label'),
      sql<string>`(SELECT email FROM users WHERE id = ${departmentId})`.as('department_email'),
    ])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/**
 * DEBT_OVERDUE (DESIGN.md sections 12 and 13): every debt with something left past its due date
 * (`today` in the business's time zone) is told to its department, once: a debt already told is
 * left out, and the partial unique index of migration 0018 settles two checks racing. Returns
 * how many were written.
 */
export async function notifyOverdueDebts(db: Db, today: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO notifications (business_id, user_id, kind, title, body, entity, entity_id)
    SELECT d.business_id, d.department_id, 'DEBT_OVERDUE',
           format('Qarz muddati o''tdi: %s', cp.name),
           format('Nasiya #%s (%s): %s %s qoldi, muddati %s edi.', d.id,
                  CASE d.direction WHEN 'RECEIVABLE' THEN 'bizdan qarz' ELSE 'bizning qarz' END,
                  (d.amount - d.paid)::numeric(20,2), cur.code, d.due_date),
           'debt', d.id
    FROM debts d
    JOIN counterparties cp ON cp.id = d.counterparty_id
    JOIN currencies cur ON cur.id = d.currency_id
    JOIN users u ON u.id = d.department_id AND u.is_active
    WHERE debt_overdue(d.paid, d.amount, d.due_date, ${today}::date)
      AND NOT EXISTS (SELECT 1 FROM notifications n
                      WHERE n.kind = 'DEBT_OVERDUE' AND n.user_id = d.department_id AND n.entity_id = d.id)
    ORDER BY d.id
    ON CONFLICT (user_id, entity_id) WHERE kind = 'DEBT_OVERDUE' DO NOTHING
    RETURNING id`.execute(db);
  return rows.length;
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
      RETURNING id, business_id, user_id, kind, title, body, entity, entity_id, read_at, created_at)
    SELECT c.*, u.email, u.is_active, u.email_notifications, u.language, u.telegram_chat_id
    FROM claimed c JOIN users u ON u.id = c.user_id
    ORDER BY c.id`.execute(db);
  return rows;
}
