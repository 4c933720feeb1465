-- The stock movement report over a large catalogue (DESIGN.md section 11): a page, its count and
-- its totals without a pass over every variant (reports.repository.ts).

-- Each variant's label (variant_label of its product, colour and size), kept by the variants'
-- trigger (db/functions/20_catalog_search.sql) like search_text, so a report walks the variants in
-- label order from an index and stops after a page.
ALTER TABLE variants ADD COLUMN label TEXT NOT NULL DEFAULT '';
UPDATE variants v SET label = (
  SELECT variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label))
  FROM products p LEFT JOIN colors c ON c.id = v.color_id LEFT JOIN sizes sz ON sz.id = v.size_id
  WHERE p.id = v.product_id);
CREATE INDEX variants_business_label_idx ON variants (business_id, label, sku);

-- One variant's stock days across the business's departments.
CREATE INDEX stock_daily_variant_idx ON stock_daily (variant_id, day);

-- stock_daily summed over the variants: per department, business day and currency. The report's
-- totals over a year read a few thousand of these rows instead of a million.
CREATE TABLE stock_daily_totals (
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  day            DATE NOT NULL,
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  entry_qty      NUMERIC NOT NULL CHECK (entry_qty >= 0),
  exit_qty       NUMERIC NOT NULL CHECK (exit_qty >= 0),
  offer_in_qty   NUMERIC NOT NULL CHECK (offer_in_qty >= 0),
  offer_out_qty  NUMERIC NOT NULL CHECK (offer_out_qty >= 0),
  cost           NUMERIC NOT NULL,
  PRIMARY KEY (department_id, day, currency_id)
);
CREATE INDEX stock_daily_totals_business_day_idx ON stock_daily_totals (business_id, day);

-- Per variant, for each department that ever held it (department_id) and for the whole business
-- (department_id NULL): the quantity now and the last business day it moved, counting for the
-- business only receipts and exits (offers between its departments cancel out). A variant with
-- no move after a period's end is in that period's report when it has stock or moved since the
-- period's start, so the report counts its rows from these (reports.repository.ts).
CREATE TABLE stock_variant_totals (
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  -- No CHECK (qty >= 0): a check applies to the change added, before ON CONFLICT adds it up.
  qty            NUMERIC NOT NULL,
  moved_on       DATE,
  CONSTRAINT stock_variant_totals_key UNIQUE NULLS NOT DISTINCT (business_id, department_id, variant_id)
);
