import type {
  DocumentKind,
  DocumentStatus,
  PriceSource,
  ProductType,
  ReturnRefund,
  StockCountScope,
} from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from './core.ts';

type DateColumn = ColumnType<Date, string, string>;

/** Kysely types of migrations/0028_documents.sql (DESIGN.md section 19). */
export interface DocumentTables {
  documents: {
    id: Generated<number>;
    business_id: number;
    kind: DocumentKind;
    number: string;
    department_id: number;
    counterparty_id: number | null;
    currency_id: number;
    /** DATE, read as a Date like every DATE (db/connection.ts parses none). */
    doc_date: DateColumn;
    note: Generated<string>;
    status: Generated<DocumentStatus>;
    total: ColumnType<string, string | undefined, string>;
    on_credit: ColumnType<string, string | undefined, string>;
    due_date: ColumnType<Date | null, string | null, string | null>;
    change_uzs: ColumnType<string, string | undefined, string>;
    created_by: number;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    posted_by: number | null;
    posted_at: Date | null;
    reversed_by: number | null;
    reversed_at: Date | null;
    /** A return's sale or purchase, and how it is refunded (migrations/0029_returns.sql). */
    source_id: number | null;
    refund: ReturnRefund | null;
    /** A production order's recipe version and overhead (migrations/0033_production_orders.sql). */
    recipe_version_id: number | null;
    overhead: ColumnType<string, string | undefined, string>;
    /** A stock count's scope (migrations/0030_stock_counts.sql). */
    count_scope: StockCountScope | null;
    count_product_type: ProductType | null;
  };
  document_counters: {
    business_id: number;
    kind: string;
    last_number: number;
  };
  document_lines: {
    business_id: number;
    id: Generated<number>;
    document_id: number;
    line_no: number;
    variant_id: number;
    qty: Numeric;
    price: Numeric;
    discount: ColumnType<string, string | undefined, string>;
    amount: Numeric;
    price_type_id: number | null;
    price_source: Generated<PriceSource>;
    /** A return line's line of the source document. */
    source_line_id: number | null;
    /** A production order's output line, and an input line's quantity by the recipe. */
    output: Generated<boolean>;
    planned_qty: string | null;
    /** A stock count's line (migrations/0030_stock_counts.sql). */
    expected_qty: string | null;
    counted_qty: string | null;
    variance: string | null;
    cost_currency_id: number | null;
    value_uzs: string | null;
  };
  document_payments: {
    business_id: number;
    document_id: number;
    currency_id: number;
    amount: Numeric;
  };
}
