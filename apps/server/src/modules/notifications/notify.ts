import type { Language, Message } from '@app/shared';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { NotificationKind } from '../../db/tables/chat.ts';
import { storedText, toStored } from '../../lib/texts.ts';

// Notifications (DESIGN.md section 13) are written in the transaction of the event that causes
// them: `notify` is called with the caller's transaction, so a refused or rolled-back operation
// leaves none. The offers' own (OFFER_PENDING, OFFER_DECIDED) are written by the offers'
// trigger (db/functions/85_events.sql), for every path that decides an offer; both through the
// one writer, notifications_write(). Each recipient's
// open streams are told at commit (lib/events.ts); e-mail and Telegram follow from the rows.

export interface NewNotification {
  businessId: number;
  userId: number;
  kind: NotificationKind;
  title: Message;
  /** A message, or a person's own words (a chat message's quote), shown as written. */
  body?: Message | string;
  /** What it is about, for its link: offer, variant, debt, conversation or currency. */
  entity?: { type: 'offer' | 'variant' | 'debt' | 'conversation' | 'currency'; id: number };
}

/** A notification's columns as the API reads them: the one list for a page and for new rows. */
export const NOTIFICATION_COLUMNS = [
  'id',
  'kind',
  'title',
  'body',
  'title_message',
  'body_message',
  'entity',
  'entity_id',
  'read_at',
  'created_at',
] as const;

/** A notification as the API answers it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The messages the texts were written from (null: shown as stored), rendered for the reader. */
  title_message: Message | null;
  body_message: Message | null;
  entity: string | null;
  entity_id: number | null;
  read_at: Date | null;
  created_at: Date;
}

/**
 * A notification's title and body in its reader's language: rendered from the messages they were
 * written from (DESIGN.md section 15), so a reader who changes language reads the old ones in the
 * new one too; a notification written before messages had keys is shown as stored.
 */
export function notificationTexts(
  n: Pick<NotificationRow, 'title' | 'body' | 'title_message' | 'body_message'>,
  language: Language,
): { title: string; body: string } {
  return {
    title: storedText(n.title_message, n.title, language),
    body: storedText(n.body_message, n.body, language),
  };
}

/**
 * Writes the notifications in the caller's transaction through the one writer,
 * notifications_write() of db/functions/85_events.sql (their recipients' streams are told by the
 * notifications' trigger). Returns the rows written (an overdue debt already announced to a
 * recipient is skipped).
 */
export async function notify(
  trx: Kysely<DB> | Transaction<DB>,
  list: readonly NewNotification[],
): Promise<NotificationRow[]> {
  if (list.length === 0) return [];
  const rows = list.map((n) => {
    const [title, body] = [toStored(n.title), toStored(n.body)];
    return {
      business_id: n.businessId,
      user_id: n.userId,
      kind: n.kind,
      title: title.text,
      title_message: title.message,
      body: body.text,
      body_message: body.message,
      entity: n.entity?.type ?? null,
      entity_id: n.entity?.id ?? null,
    };
  });
  const { rows: written } = await sql<NotificationRow>`
    SELECT ${sql.join(NOTIFICATION_COLUMNS.map((c) => sql.ref(c)))}
    FROM notifications_write(${JSON.stringify(rows)}::jsonb)`.execute(trx);
  return written;
}
