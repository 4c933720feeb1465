import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { NotificationKind } from '../../db/tables/chat.ts';

// Notifications (DESIGN.md section 13) are written in the transaction of the event that causes
// them: `notify` is called with the caller's transaction, so a refused or rolled-back operation
// leaves none. The offers' own (OFFER_PENDING, OFFER_DECIDED) are written by the offers'
// trigger (db/functions/85_events.sql), for every path that decides an offer. Each recipient's
// open streams are told at commit (lib/events.ts); e-mail and Telegram follow from the rows.

export interface NewNotification {
  businessId: number;
  userId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** What it is about, for its link: offer, variant, debt, conversation or currency. */
  entity?: { type: 'offer' | 'variant' | 'debt' | 'conversation' | 'currency'; id: number };
}

/** A notification as the API answers it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  entity: string | null;
  entity_id: number | null;
  read_at: Date | null;
  created_at: Date;
}

/**
 * Writes the notifications in the caller's transaction (their recipients' streams are told by
 * the notifications' trigger, db/functions/85_events.sql). Returns the rows written (an overdue
 * debt already announced to a recipient is skipped).
 */
export async function notify(
  trx: Kysely<DB> | Transaction<DB>,
  list: readonly NewNotification[],
): Promise<NotificationRow[]> {
  if (list.length === 0) return [];
  return (
    trx
      .insertInto('notifications')
      .values(
        list.map((n) => ({
          business_id: n.businessId,
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body ?? '',
          entity: n.entity?.type ?? null,
          entity_id: n.entity?.id ?? null,
        })),
      )
      // The partial unique index of migration 0018: an overdue debt once per recipient (a literal:
      // PostgreSQL matches the index's predicate only against constants).
      .onConflict((oc) =>
        oc.columns(['user_id', 'entity_id']).where(sql<boolean>`kind = 'DEBT_OVERDUE'`).doNothing(),
      )
      .returning(['id', 'kind', 'title', 'body', 'entity', 'entity_id', 'read_at', 'created_at'])
      .execute()
  );
}
