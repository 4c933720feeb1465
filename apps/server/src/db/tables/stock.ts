import type { EntryType, ExitType } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { StockMoveKind } from '../enums.ts';
import type { Numeric } from './core.ts';

/** Kysely types of migrations/0005_stock.sql. */
export interface StockTables {
  stock_entries: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    variant_id: number;
    qty_received: Numeric;
    unit_cost: Numeric;
    currency_id: number;
    type: EntryType;
    location: Generated<string>;
    reason_text: Generated<string>;
    created_by: number;
    created_at: Generated<Date>;
    /** 0028: the purchase line that posted it. */
    document_line_id: number | null;
  };
  stock_lots: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    variant_id: number;
    qty_received: Numeric;
    qty_remaining: Numeric;
    unit_cost: Numeric;
    currency_id: number;
    entry_id: number | null;
    source_lot_id: number | null;
    offer_id: number | null;
    created_at: Generated<Date>;
    /** migrations/0015_reports.sql: set by a trigger (the receipt's rate, or the source lot's). */
    rate_to_uzs: ColumnType<string, string | undefined, never>;
  };
  stock_exits: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    variant_id: number;
    qty_issued: Numeric;
    unit_price: Numeric | null;
    currency_id: number;
    type: ExitType;
    location: Generated<string>;
    note: Generated<string>;
    created_by: number;
    created_at: Generated<Date>;
    /** migrations/0015_reports.sql: the rate in force, set by a trigger. */
    rate_to_uzs: ColumnType<string, string | undefined, never>;
    /** 0028: the sale line that posted it, and that line's net amount. */
    document_line_id: number | null;
    amount: Numeric | null;
    /** 0031: the product offer a TRANSIT_LOSS exit wrote off (DESIGN.md section 20). */
    offer_id: number | null;
  };
  stock_moves: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    variant_id: number;
    qty: Numeric;
    kind: StockMoveKind;
    entry_id: number | null;
    exit_id: number | null;
    offer_id: number | null;
    lot_id: number;
    /** The return line whose posting wrote the move (migrations/0029_returns.sql). */
    document_line_id: number | null;
    created_at: Generated<Date>;
  };
  stock_balances: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    variant_id: number;
    qty_on_hand: ColumnType<string, string | undefined, string>;
    updated_at: Generated<Date>;
    /** migrations/0008_stock_balance_json.sql: the my-balance row as JSON text, kept by triggers. */
    row_json: Generated<string>;
    /** BIGINT, read as a number like every INT8 (db/connection.ts). */
    row_version: ColumnType<number, never, never>;
  };
}
