-- Reports and the owner's dashboard (DESIGN.md section 11). Every figure comes from the ledgers;
-- three daily summaries of them keep a year's report a sum over days instead of a million rows.
-- They are kept by statement triggers on the ledgers' INSERTs, in the same transaction, and are
-- rebuilt from the ledgers whenever their definition changes (db/functions/80_report_summaries.sql,
-- which also holds the triggers and the functions that fill them).

-- A variant's low-stock threshold: a department's stock at or under it is "low".
ALTER TABLE variants ADD COLUMN min_qty NUMERIC(18,3) CHECK (min_qty >= 0);

-- The UZS rate in force when an exit or a lot was written (DESIGN.md section 11: converted at the
-- rate each row recorded). A lot moved by an offer keeps its source lot's rate, as it keeps its
-- cost. From now on a BEFORE INSERT trigger fills them (80_report_summaries.sql); rows written
-- before take the business's rate history at their time, or the first rate it knew.
ALTER TABLE stock_exits ADD COLUMN rate_to_uzs NUMERIC(20,6) CHECK (rate_to_uzs > 0);
ALTER TABLE stock_lots ADD COLUMN rate_to_uzs NUMERIC(20,6) CHECK (rate_to_uzs > 0);

UPDATE stock_exits e SET rate_to_uzs = coalesce(
  (SELECT r.rate_to_uzs FROM currency_rates r
   WHERE r.business_id = e.business_id AND r.currency_id = e.currency_id AND r.created_at <= e.created_at
   ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
  (SELECT r.rate_to_uzs FROM currency_rates r
   WHERE r.business_id = e.business_id AND r.currency_id = e.currency_id
   ORDER BY r.created_at, r.id LIMIT 1),
  (SELECT c.opening_rate_to_uzs FROM currencies c WHERE c.id = e.currency_id));

UPDATE stock_lots l SET rate_to_uzs = coalesce(
  (SELECT r.rate_to_uzs FROM currency_rates r
   WHERE r.business_id = l.business_id AND r.currency_id = l.currency_id AND r.created_at <= l.created_at
   ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
  (SELECT r.rate_to_uzs FROM currency_rates r
   WHERE r.business_id = l.business_id AND r.currency_id = l.currency_id
   ORDER BY r.created_at, r.id LIMIT 1),
  (SELECT c.opening_rate_to_uzs FROM currencies c WHERE c.id = l.currency_id))
WHERE l.entry_id IS NOT NULL;

-- A moved lot takes the rate of the receipt its chain of moves started from.
WITH RECURSIVE origin AS (
  SELECT id, rate_to_uzs FROM stock_lots WHERE entry_id IS NOT NULL
  UNION ALL
  SELECT l.id, o.rate_to_uzs FROM stock_lots l JOIN origin o ON l.source_lot_id = o.id
)
UPDATE stock_lots l SET rate_to_uzs = o.rate_to_uzs
FROM origin o WHERE o.id = l.id AND l.entry_id IS NULL;

ALTER TABLE stock_exits ALTER COLUMN rate_to_uzs SET NOT NULL;
ALTER TABLE stock_lots ALTER COLUMN rate_to_uzs SET NOT NULL;

-- Money per department, currency, business day (Asia/Tashkent) and tx_type: what came in and went
-- out, in the currency and in UZS at the rates the rows recorded. Sums are exact (NUMERIC
-- without a scale); the reports round once, at the end.
CREATE TABLE money_daily (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  day          DATE NOT NULL,
  tx_type      TEXT NOT NULL,
  inflow       NUMERIC NOT NULL CHECK (inflow >= 0),
  outflow      NUMERIC NOT NULL CHECK (outflow >= 0),
  inflow_uzs   NUMERIC NOT NULL,
  outflow_uzs  NUMERIC NOT NULL,
  n            BIGINT NOT NULL CHECK (n > 0),
  PRIMARY KEY (user_id, currency_id, day, tx_type)
);
CREATE INDEX money_daily_business_day_idx ON money_daily (business_id, day);

-- Stock per department, variant, business day and the currency of the lots moved: the quantity
-- received, issued, and moved in and out by offers, and the change of the lots' cost (signed
-- quantity x unit cost, in that currency), whose sum up to a day is the value of the lots left.
CREATE TABLE stock_daily (
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  day            DATE NOT NULL,
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  entry_qty      NUMERIC NOT NULL CHECK (entry_qty >= 0),
  exit_qty       NUMERIC NOT NULL CHECK (exit_qty >= 0),
  offer_in_qty   NUMERIC NOT NULL CHECK (offer_in_qty >= 0),
  offer_out_qty  NUMERIC NOT NULL CHECK (offer_out_qty >= 0),
  cost           NUMERIC NOT NULL,
  PRIMARY KEY (department_id, variant_id, day, currency_id)
);
CREATE INDEX stock_daily_business_day_idx ON stock_daily (business_id, day);

-- Sales (SALE exits) per department, variant and business day: quantity, revenue (quantity x unit
-- price at the exit's rate) and the FIFO cost of the lots consumed (at each lot's rate).
CREATE TABLE sales_daily (
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  day            DATE NOT NULL,
  qty            NUMERIC NOT NULL CHECK (qty >= 0),
  revenue_uzs    NUMERIC NOT NULL,
  cogs_uzs       NUMERIC NOT NULL,
  PRIMARY KEY (department_id, variant_id, day)
);
CREATE INDEX sales_daily_business_day_idx ON sales_daily (business_id, day);

-- The dashboard's stock value: the open lots of a business.
CREATE INDEX stock_lots_open_business_idx ON stock_lots (business_id) WHERE qty_remaining > 0;
