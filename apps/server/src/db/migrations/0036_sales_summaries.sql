-- The sales report and the dashboard over a month of a large business (DESIGN.md section 11):
-- three more sums of sales_daily, kept by the same trigger in the same statement
-- (db/functions/80_report_summaries.sql), whose rebuild fills them from the ledgers when that
-- file changes (it changes with this migration, and runs right after it, in its transaction).

-- sales_daily summed over the variants: per department and business day. The sales totals, the
-- dashboard's series and the sales by day or department read a few hundred of these rows for a
-- month instead of one per variant sold.
CREATE TABLE sales_day_totals (
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  day            DATE NOT NULL,
  qty            NUMERIC NOT NULL,
  revenue_uzs    NUMERIC NOT NULL,
  cogs_uzs       NUMERIC NOT NULL,
  PRIMARY KEY (department_id, day)
);
CREATE INDEX sales_day_totals_business_day_idx ON sales_day_totals (business_id, day);

-- sales_daily of the whole business summed over a calendar month (month: its first day), per
-- variant and per product. A month of the business's sales by variant or by product reads one
-- row per group, already summed, instead of summing a row per variant and day. A product's rows
-- go with it: it is deleted only without variants, when its sums are all zero.
CREATE TABLE sales_variant_months (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  month        DATE NOT NULL CHECK (extract(day FROM month) = 1),
  variant_id   INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty          NUMERIC NOT NULL,
  revenue_uzs  NUMERIC NOT NULL,
  cogs_uzs     NUMERIC NOT NULL,
  PRIMARY KEY (business_id, month, variant_id)
);
-- A variant's months, moved to its new product when a catalogue import gives it another one.
CREATE INDEX sales_variant_months_variant_idx ON sales_variant_months (variant_id);

CREATE TABLE sales_product_months (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  month        DATE NOT NULL CHECK (extract(day FROM month) = 1),
  product_id   INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  qty          NUMERIC NOT NULL,
  revenue_uzs  NUMERIC NOT NULL,
  cogs_uzs     NUMERIC NOT NULL,
  PRIMARY KEY (business_id, month, product_id)
);
