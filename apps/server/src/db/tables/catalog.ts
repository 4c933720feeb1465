import type { LocationKind, ProductType, UnitMeasure } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from './core.ts';

/** Kysely types of migrations/0002_catalog.sql, 0006_catalog_search.sql and 0012_locations.sql. */
export interface CatalogTables {
  units: {
    id: Generated<number>;
    business_id: number;
    name: string;
    measure: UnitMeasure;
    fixed_rate_to_base: Numeric;
    created_at: Generated<Date>;
  };
  sizes: {
    id: Generated<number>;
    business_id: number;
    size: string;
    label: string;
    created_at: Generated<Date>;
  };
  colors: {
    id: Generated<number>;
    business_id: number;
    name: string;
    code: string;
    created_at: Generated<Date>;
  };
  products: {
    id: Generated<number>;
    business_id: number;
    name: string;
    model: string;
    code: number;
    unit_id: number;
    type: ProductType;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  variants: {
    id: Generated<number>;
    business_id: number;
    product_id: number;
    sku: string;
    color_id: number | null;
    size_id: number | null;
    /** migrations/0006_catalog_search.sql: kept by triggers, never written by the app. */
    search_text: Generated<string>;
    /** variant_label of its product, colour and size, kept by a trigger (migration 0019). */
    label: Generated<string>;
    search_grams: Generated<string[]>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** migrations/0015_reports.sql: the low-stock threshold (DESIGN.md section 11). */
    min_qty: ColumnType<string | null, string | null | undefined, string | null>;
    /** migrations/0025_barcodes.sql: EAN-13/8, UPC-A or Code 128 text (DESIGN.md section 18). */
    barcode: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** migrations/0026_price_types.sql (DESIGN.md section 19). */
  price_types: {
    id: Generated<number>;
    business_id: number;
    name: string;
    currency_id: number;
    is_default: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  variant_prices: {
    business_id: number;
    variant_id: number;
    price_type_id: number;
    price: Numeric;
    updated_at: Generated<Date>;
  };
  locations: {
    id: Generated<number>;
    business_id: number;
    name: string;
    kind: LocationKind;
    address: Generated<string>;
    is_active: Generated<boolean>;
    created_at: Generated<Date>;
  };
}
