import type { Message, Role, WeightBarcodeMode } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { OneTimeCodePurpose } from '../enums.ts';

/**
 * 0022: a message a row was written from (DESIGN.md section 15), JSONB: written as JSON text,
 * read as the parsed value; null on rows written before it, and where the row has no such text.
 */
export type StoredMessage = ColumnType<Message | null, string | null | undefined, string | null>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** NUMERIC columns: strings out, decimal strings in (DESIGN.md section 1). */
export type Numeric = ColumnType<string, string, string>;

export interface CoreTables {
  businesses: {
    id: Generated<number>;
    name: string;
    created_at: Generated<Date>;
    /** 0013: business settings (DESIGN.md section 9). */
    follow_cbu: Generated<boolean>;
    low_stock_email: Generated<boolean>;
    /** 0025: how the business's scales print weight codes, and the last in-store item number. */
    weight_barcodes: Generated<WeightBarcodeMode>;
    last_in_store_item: Generated<number>;
    /** 0028: the roles besides the Bozorchi and the Ta'minotchi that sell and buy with documents. */
    sale_roles: Generated<Role[]>;
    purchase_roles: Generated<Role[]>;
    /** 0034: a sale only inside an open cash shift (DESIGN.md section 22). */
    sales_need_shift: Generated<boolean>;
  };
  users: {
    id: Generated<number>;
    business_id: number;
    email: string;
    password_hash: string;
    role: Role;
    first_name: Generated<string>;
    last_name: Generated<string>;
    code: Generated<string>;
    login_otp: Generated<boolean>;
    is_active: Generated<boolean>;
    created_at: Generated<Date>;
    /** 0014: the last successful sign-in. */
    last_login_at: Date | null;
    /** 0014: false while an invited person has not chosen a password. */
    password_set: Generated<boolean>;
    /** 0018: the notification kinds also sent by e-mail (OFFER_PENDING, DEBT_OVERDUE). */
    email_notifications: ColumnType<string[], string[] | undefined, string[]>;
    /** migrations/0020_user_language.sql: the chosen interface language, null until chosen. */
    language: ColumnType<string | null, string | null | undefined, string | null>;
    /** 0018: the linked Telegram chat (BIGINT, read as a number). */
    telegram_chat_id: number | null;
  };
  refresh_tokens: {
    business_id: number;
    id: Generated<number>;
    user_id: number;
    family_id: string;
    token_hash: string;
    persistent: Generated<boolean>;
    expires_at: Timestamp;
    rotated_at: Date | null;
    revoked_at: Date | null;
    created_at: Generated<Date>;
  };
  one_time_codes: {
    id: Generated<number>;
    purpose: OneTimeCodePurpose;
    email: string;
    user_id: number | null;
    code_hash: string;
    otp_token_hash: string | null;
    attempts: Generated<number>;
    persistent: Generated<boolean>;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  password_reset_tokens: {
    business_id: number;
    token_hash: string;
    user_id: number;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  /** 0014: invitation links (DESIGN.md section 9), stored hashed. */
  invitations: {
    business_id: number;
    token_hash: string;
    user_id: number;
    created_by: number | null;
    expires_at: Timestamp;
    used_at: Date | null;
    revoked_at: Date | null;
    created_at: Generated<Date>;
  };
  login_failures: { id: Generated<number>; email: string; created_at: Generated<Date> };
  audit_log: {
    id: Generated<number>;
    business_id: number | null;
    actor_id: number | null;
    action: string;
    entity: string;
    entity_id: string | null;
    summary: Generated<string>;
    summary_message: StoredMessage;
    ip: string | null;
    created_at: Generated<Date>;
  };
  idempotency_keys: {
    business_id: number;
    user_id: number;
    key: string;
    request_hash: string;
    status_code: number | null;
    response: unknown;
    created_at: Generated<Date>;
  };
}
