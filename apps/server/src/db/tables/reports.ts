import type { ColumnType } from 'kysely';
import type { Numeric } from './core.ts';

/** A department's stock moves of one variant, one day and currency (stock_daily). */
interface StockDaily {
  business_id: number;
  department_id: number;
  variant_id: number;
  day: ColumnType<Date, string, string>;
  currency_id: number;
  entry_qty: Numeric;
  exit_qty: Numeric;
  offer_in_qty: Numeric;
  offer_out_qty: Numeric;
  cost: Numeric;
}

/** A department's sales of one variant and one day (sales_daily). */
interface SalesDaily {
  business_id: number;
  department_id: number;
  variant_id: number;
  day: ColumnType<Date, string, string>;
  qty: Numeric;
  revenue_uzs: Numeric;
  cogs_uzs: Numeric;
}

/**
 * Kysely types of migrations/0015_reports.sql: the reports' daily summaries, written only by the
 * ledgers' triggers (db/functions/80_report_summaries.sql).
 */
export interface ReportTables {
  money_daily: {
    business_id: number;
    user_id: number;
    currency_id: number;
    day: ColumnType<Date, string, string>;
    tx_type: string;
    inflow: Numeric;
    outflow: Numeric;
    inflow_uzs: Numeric;
    outflow_uzs: Numeric;
    /** BIGINT, read as a number like every INT8 (db/connection.ts). */
    n: number;
  };
  stock_daily: StockDaily;
  sales_daily: SalesDaily;
  /** migrations/0017_report_totals.sql: sales_daily summed over every day, per variant. */
  sales_totals: {
    business_id: number;
    variant_id: number;
    qty: Numeric;
    revenue_uzs: Numeric;
    cogs_uzs: Numeric;
  };
  /** migrations/0036_sales_summaries.sql: sales_daily summed over the variants, per department and day. */
  sales_day_totals: Omit<SalesDaily, 'variant_id'>;
  /** migrations/0036: sales_daily of the business summed over a calendar month, per variant. */
  sales_variant_months: Omit<SalesDaily, 'department_id' | 'day'> & {
    month: ColumnType<Date, string, string>;
  };
  /** migrations/0036: the same per product (each variant's product now). */
  sales_product_months: Omit<SalesDaily, 'department_id' | 'day' | 'variant_id'> & {
    month: ColumnType<Date, string, string>;
    product_id: number;
  };
  /** migrations/0019_stock_movement_summaries.sql: stock_daily summed over the variants. */
  stock_daily_totals: Omit<StockDaily, 'variant_id'>;
  /** migrations/0019: per variant and department (null: the business), its quantity and last move. */
  stock_variant_totals: {
    business_id: number;
    department_id: number | null;
    variant_id: number;
    qty: Numeric;
    moved_on: ColumnType<Date | null, string | null, string | null>;
  };
}
