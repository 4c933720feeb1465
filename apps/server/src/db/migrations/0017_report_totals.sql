-- The reports (DESIGN.md section 11), faster over long periods and large catalogues.

-- Sales per business and variant over all time: the sum of sales_daily's rows of the variant
-- (DESIGN.md section 11). A long period of the business-wide sales report reads these totals less
-- the few days outside the period instead of every day inside it (reports.repository.ts).
-- Kept by the same trigger as sales_daily (db/functions/80_report_summaries.sql), which also
-- fills it from the ledgers when that file changes.
CREATE TABLE sales_totals (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  variant_id   INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty          NUMERIC NOT NULL CHECK (qty >= 0),
  revenue_uzs  NUMERIC NOT NULL,
  cogs_uzs     NUMERIC NOT NULL,
  PRIMARY KEY (business_id, variant_id)
);

-- The dashboard's low-stock list starts from the variants that have a threshold.
CREATE INDEX variants_min_qty_idx ON variants (business_id) WHERE min_qty IS NOT NULL;
