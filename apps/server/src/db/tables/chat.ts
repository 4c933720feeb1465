import type { ColumnType, Generated } from 'kysely';
import type { StoredMessage } from './core.ts';

/** A notification's kind (DESIGN.md section 13). */
export type NotificationKind =
  | 'OFFER_PENDING'
  | 'OFFER_DECIDED'
  | 'LOW_STOCK'
  | 'DEBT_OVERDUE'
  | 'CHAT_MESSAGE'
  | 'RATE_CHANGED';

/** Kysely types of migrations/0018_chat_notifications.sql. */
export interface ChatTables {
  conversations: {
    id: Generated<number>;
    business_id: number;
    offer_id: number | null;
    user_low_id: number | null;
    user_high_id: number | null;
    /** BIGINT, read as a number like every INT8 (db/connection.ts). */
    last_message_id: number | null;
    created_at: Generated<Date>;
  };
  conversation_members: {
    business_id: number;
    conversation_id: number;
    user_id: number;
    last_read_message_id: Generated<number>;
  };
  messages: {
    business_id: number;
    id: Generated<number>;
    conversation_id: number;
    sender_id: number;
    text: string;
    created_at: Generated<Date>;
  };
  notifications: {
    id: Generated<number>;
    business_id: number;
    user_id: number;
    kind: NotificationKind;
    title: string;
    body: Generated<string>;
    title_message: StoredMessage;
    body_message: StoredMessage;
    entity: string | null;
    entity_id: number | null;
    read_at: Date | null;
    delivered_at: Date | null;
    created_at: Generated<Date>;
  };
  events: {
    business_id: number;
    id: Generated<number>;
    user_id: number;
    type: string;
    /** JSONB: written as JSON text, read as the parsed value. */
    data: ColumnType<Record<string, unknown>, string, string>;
    created_at: Generated<Date>;
  };
  /**
   * Read only (db/functions/85_events.sql): events as a stream sends them, a notification's with
   * its recipient's unread count.
   */
  event_views: {
    id: number;
    user_id: number;
    type: string;
    data: Record<string, unknown>;
    created_at: Date;
    business_id: number;
  };
  telegram_link_codes: {
    business_id: number;
    code: string;
    user_id: number;
    expires_at: Date;
    used_at: Date | null;
  };
}
