import type { RateSource, TxType } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, StoredMessage } from './core.ts';

export type { TxType } from '@app/shared';

/** Kysely types of migrations/0004_finance.sql. */
export interface FinanceTables {
  balances: {
    business_id: number;
    id: Generated<number>;
    user_id: number;
    currency_id: number;
    /** NUMERIC with a default: a string out, optional in. */
    on_hand: ColumnType<string, string | undefined, string>;
    updated_at: Generated<Date>;
  };
  money_transactions: {
    id: Generated<number>;
    business_id: number;
    user_id: number;
    currency_id: number;
    amount: Numeric;
    rate_to_uzs: Numeric;
    amount_in_uzs: Numeric;
    offer_id: number | null;
    reason: string;
    reason_message: StoredMessage;
    tx_type: TxType;
    exchange_group: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    /** 0028: the document whose posting or reversal wrote it. */
    document_id: number | null;
    /** 0034: the department's cash shift open when it was written (money_post sets it). */
    shift_id: Generated<number | null>;
  };
  /** 0013: each business's rates, append-only history (DESIGN.md section 9). */
  currency_rates: {
    id: Generated<number>;
    business_id: number;
    currency_id: number;
    rate_to_uzs: Numeric;
    source: RateSource;
    rate_date: ColumnType<Date | null, string | null, never>;
    created_by: number | null;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  /** 0013: the currencies a business has, each at its rate in force. */
  business_currencies: {
    business_id: number;
    currency_id: number;
    rate_id: number;
    rate_to_uzs: Numeric;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  money_tx_counts: {
    business_id: number;
    user_id: number;
    currency_id: number;
    positive: boolean;
    tx_type: TxType;
    has_offer: boolean;
    n: number;
  };
}
