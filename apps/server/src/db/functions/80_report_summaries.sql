-- The reports' daily summaries (DESIGN.md section 11; migration 0015 made the tables). Each is
-- filled by one function from a set of ledger rows, called by a statement trigger with the rows
-- an INSERT wrote, and by the rebuild at the end of this file with every row, so the summaries
-- always equal the ledgers' sums (reports.test.ts checks it).
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- The business day a moment falls on (DESIGN.md part two: days are Asia/Tashkent's).
CREATE OR REPLACE FUNCTION business_day(p_at TIMESTAMPTZ) RETURNS DATE
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_at AT TIME ZONE 'Asia/Tashkent')::date
$$;

-- The UZS rate a business has in force for a currency (business_currencies, DESIGN.md section 9).
CREATE OR REPLACE FUNCTION rate_in_force(p_business_id INTEGER, p_currency_id INTEGER) RETURNS NUMERIC
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT rate_to_uzs FROM business_currencies WHERE business_id = p_business_id AND currency_id = p_currency_id),
    (SELECT opening_rate_to_uzs FROM currencies WHERE id = p_currency_id))
$$;

-- A balance's value in UZS (DESIGN.md section 15: one definition): the amount at the rate the
-- business has in force, rounded as a ledger row's UZS amount is (money_amount_in_uzs). The admin
-- balance grid and the dashboard's money on hand read it.
CREATE OR REPLACE FUNCTION balance_value_in_uzs(p_business_id INTEGER, p_currency_id INTEGER, p_amount NUMERIC)
RETURNS NUMERIC LANGUAGE sql STABLE AS $$
  SELECT money_amount_in_uzs(p_amount, rate_in_force(p_business_id, p_currency_id))
$$;

-- An exit records the rate in force; a lot the rate of its receipt (a moved lot its source's).
CREATE OR REPLACE FUNCTION stock_exits_set_rate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rate_to_uzs := coalesce(NEW.rate_to_uzs, rate_in_force(NEW.business_id, NEW.currency_id));
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER stock_exits_rate BEFORE INSERT ON stock_exits
  FOR EACH ROW EXECUTE FUNCTION stock_exits_set_rate();

CREATE OR REPLACE FUNCTION stock_lots_set_rate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rate_to_uzs IS NULL THEN
    NEW.rate_to_uzs := CASE
      WHEN NEW.source_lot_id IS NOT NULL THEN (SELECT rate_to_uzs FROM stock_lots WHERE id = NEW.source_lot_id)
      ELSE rate_in_force(NEW.business_id, NEW.currency_id)
    END;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER stock_lots_rate BEFORE INSERT ON stock_lots
  FOR EACH ROW EXECUTE FUNCTION stock_lots_set_rate();

-- Adds money rows to money_daily. Keys are written in one order (the balance rows they belong to
-- are already locked by money_post in the same order, so this adds no new waits). PL/pgSQL, not
-- SQL, for this and the other functions every money operation calls (offer_events,
-- offer_notifications, idempotency_store): PostgreSQL 15 plans a SQL function's statement at
-- every call and caches a PL/pgSQL one's; the money load bench gained about a third with it.
CREATE OR REPLACE FUNCTION money_daily_add(p_rows money_transactions[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_daily AS d (business_id, user_id, currency_id, day, tx_type,
                                inflow, outflow, inflow_uzs, outflow_uzs, n)
  SELECT r.business_id, r.user_id, r.currency_id, business_day(r.created_at), r.tx_type,
         coalesce(sum(r.amount) FILTER (WHERE r.amount > 0), 0),
         coalesce(-sum(r.amount) FILTER (WHERE r.amount < 0), 0),
         coalesce(sum(r.amount_in_uzs) FILTER (WHERE r.amount > 0), 0),
         coalesce(-sum(r.amount_in_uzs) FILTER (WHERE r.amount < 0), 0),
         count(*)
  FROM unnest(p_rows) AS r
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5
  ON CONFLICT (user_id, currency_id, day, tx_type) DO UPDATE SET
    inflow = d.inflow + EXCLUDED.inflow,
    outflow = d.outflow + EXCLUDED.outflow,
    inflow_uzs = d.inflow_uzs + EXCLUDED.inflow_uzs,
    outflow_uzs = d.outflow_uzs + EXCLUDED.outflow_uzs,
    n = d.n + EXCLUDED.n;
END;
$$;

-- Adds stock moves to stock_daily and its sums (stock_daily_totals per department and day,
-- stock_variant_totals per variant) and, for the moves of SALE exits, to sales_daily.
CREATE OR REPLACE FUNCTION stock_daily_add(p_moves stock_moves[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The moves per department, variant, day and currency: one definition of stock_daily's figures,
  -- which its sums below add up. Each table's rows are written in key order.
  WITH moved AS (
    SELECT m.business_id, m.department_id, m.variant_id, business_day(m.created_at) AS day, l.currency_id,
           coalesce(sum(m.qty) FILTER (WHERE m.kind IN ('ENTRY', 'ENTRY_REVERSAL')), 0) AS entry_qty,
           coalesce(-sum(m.qty) FILTER (WHERE m.kind IN ('EXIT', 'EXIT_REVERSAL')), 0) AS exit_qty,
           coalesce(sum(m.qty) FILTER (WHERE m.kind = 'OFFER_IN'), 0) AS offer_in_qty,
           coalesce(-sum(m.qty) FILTER (WHERE m.kind = 'OFFER_OUT'), 0) AS offer_out_qty,
           sum(m.qty * l.unit_cost) AS cost
    FROM unnest(p_moves) AS m JOIN stock_lots l ON l.id = m.lot_id
    GROUP BY 1, 2, 3, 4, 5
  ), daily AS (
    INSERT INTO stock_daily AS d (business_id, department_id, variant_id, day, currency_id,
                                  entry_qty, exit_qty, offer_in_qty, offer_out_qty, cost)
    SELECT * FROM moved ORDER BY department_id, variant_id, day, currency_id
    ON CONFLICT (department_id, variant_id, day, currency_id) DO UPDATE SET
      entry_qty = d.entry_qty + EXCLUDED.entry_qty,
      exit_qty = d.exit_qty + EXCLUDED.exit_qty,
      offer_in_qty = d.offer_in_qty + EXCLUDED.offer_in_qty,
      offer_out_qty = d.offer_out_qty + EXCLUDED.offer_out_qty,
      cost = d.cost + EXCLUDED.cost
  ), day_totals AS (
    INSERT INTO stock_daily_totals AS t (business_id, department_id, day, currency_id,
                                         entry_qty, exit_qty, offer_in_qty, offer_out_qty, cost)
    SELECT business_id, department_id, day, currency_id,
           sum(entry_qty), sum(exit_qty), sum(offer_in_qty), sum(offer_out_qty), sum(cost)
    FROM moved
    GROUP BY 1, 2, 3, 4
    ORDER BY 2, 3, 4
    ON CONFLICT (department_id, day, currency_id) DO UPDATE SET
      entry_qty = t.entry_qty + EXCLUDED.entry_qty,
      exit_qty = t.exit_qty + EXCLUDED.exit_qty,
      offer_in_qty = t.offer_in_qty + EXCLUDED.offer_in_qty,
      offer_out_qty = t.offer_out_qty + EXCLUDED.offer_out_qty,
      cost = t.cost + EXCLUDED.cost
  )
  -- Per variant: a row per department (every move counts) and one for the business (department
  -- NULL; only receipts and exits count as moving it, offers between departments cancel out).
  INSERT INTO stock_variant_totals AS v (business_id, department_id, variant_id, qty, moved_on)
  SELECT business_id, department_id, variant_id,
         sum(entry_qty + offer_in_qty - exit_qty - offer_out_qty),
         CASE WHEN GROUPING(department_id) = 1 THEN max(day) FILTER (WHERE entry_qty > 0 OR exit_qty > 0)
              ELSE max(day) END
  FROM moved
  GROUP BY GROUPING SETS ((business_id, department_id, variant_id), (business_id, variant_id))
  ORDER BY 1, 2 NULLS FIRST, 3
  ON CONFLICT (business_id, department_id, variant_id) DO UPDATE SET
    qty = v.qty + EXCLUDED.qty,
    moved_on = greatest(v.moved_on, EXCLUDED.moved_on);

  -- The moves of SALE exits per department, variant and day, added to sales_daily and to its
  -- sums: over the variants per department and day (sales_day_totals), over a calendar month of
  -- the business per variant and per product (sales_variant_months, sales_product_months; a
  -- variant's product as it is now, moved by variants_move_product_sales below) and over all
  -- days (sales_totals). One definition of a sale's figures for all of them. Every writer takes
  -- these rows through this one statement, each table's in key order. A reversal's moves
  -- (positive) count against the day of the reversal (migration 0028). A document line's exit
  -- carries its net amount, which is exact where qty x unit_price is rounded.
  WITH sales AS (
    SELECT m.business_id, m.department_id, m.variant_id, business_day(m.created_at) AS day,
           -sum(m.qty) AS qty,
           sum(-m.qty * coalesce(e.amount / e.qty_issued, e.unit_price, 0) * e.rate_to_uzs) AS revenue_uzs,
           sum(-m.qty * l.unit_cost * l.rate_to_uzs) AS cogs_uzs
    FROM unnest(p_moves) AS m
    JOIN stock_exits e ON e.id = m.exit_id AND e.type = 'SALE'
    JOIN stock_lots l ON l.id = m.lot_id
    WHERE m.kind IN ('EXIT', 'EXIT_REVERSAL')
    GROUP BY 1, 2, 3, 4
  ), daily AS (
    INSERT INTO sales_daily AS s (business_id, department_id, variant_id, day, qty, revenue_uzs, cogs_uzs)
    SELECT * FROM sales ORDER BY department_id, variant_id, day
    ON CONFLICT (department_id, variant_id, day) DO UPDATE SET
      qty = s.qty + EXCLUDED.qty,
      revenue_uzs = s.revenue_uzs + EXCLUDED.revenue_uzs,
      cogs_uzs = s.cogs_uzs + EXCLUDED.cogs_uzs
  ), day_totals AS (
    INSERT INTO sales_day_totals AS t (business_id, department_id, day, qty, revenue_uzs, cogs_uzs)
    SELECT business_id, department_id, day, sum(qty), sum(revenue_uzs), sum(cogs_uzs)
    FROM sales
    GROUP BY 1, 2, 3
    ORDER BY 2, 3
    ON CONFLICT (department_id, day) DO UPDATE SET
      qty = t.qty + EXCLUDED.qty,
      revenue_uzs = t.revenue_uzs + EXCLUDED.revenue_uzs,
      cogs_uzs = t.cogs_uzs + EXCLUDED.cogs_uzs
  ), variant_months AS (
    INSERT INTO sales_variant_months AS t (business_id, month, variant_id, qty, revenue_uzs, cogs_uzs)
    SELECT business_id, date_trunc('month', day)::date, variant_id, sum(qty), sum(revenue_uzs), sum(cogs_uzs)
    FROM sales
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, month, variant_id) DO UPDATE SET
      qty = t.qty + EXCLUDED.qty,
      revenue_uzs = t.revenue_uzs + EXCLUDED.revenue_uzs,
      cogs_uzs = t.cogs_uzs + EXCLUDED.cogs_uzs
  ), product_months AS (
    INSERT INTO sales_product_months AS t (business_id, month, product_id, qty, revenue_uzs, cogs_uzs)
    SELECT s.business_id, date_trunc('month', s.day)::date, v.product_id,
           sum(s.qty), sum(s.revenue_uzs), sum(s.cogs_uzs)
    FROM sales s JOIN variants v ON v.id = s.variant_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, month, product_id) DO UPDATE SET
      qty = t.qty + EXCLUDED.qty,
      revenue_uzs = t.revenue_uzs + EXCLUDED.revenue_uzs,
      cogs_uzs = t.cogs_uzs + EXCLUDED.cogs_uzs
  )
  INSERT INTO sales_totals AS t (business_id, variant_id, qty, revenue_uzs, cogs_uzs)
  SELECT business_id, variant_id, sum(qty), sum(revenue_uzs), sum(cogs_uzs)
  FROM sales
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (business_id, variant_id) DO UPDATE SET
    qty = t.qty + EXCLUDED.qty,
    revenue_uzs = t.revenue_uzs + EXCLUDED.revenue_uzs,
    cogs_uzs = t.cogs_uzs + EXCLUDED.cogs_uzs;
END;
$$;

CREATE OR REPLACE FUNCTION money_transactions_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_daily_add(ARRAY(SELECT n::money_transactions FROM new_rows n));
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER money_transactions_daily AFTER INSERT ON money_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_transactions_summarise();

CREATE OR REPLACE FUNCTION stock_moves_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_daily_add(ARRAY(SELECT n::stock_moves FROM new_rows n));
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER stock_moves_daily AFTER INSERT ON stock_moves
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_summarise();

-- A variant given another product (a catalogue import may) takes its months of sales along:
-- sales_product_months stays sales_variant_months summed by each variant's product now.
CREATE OR REPLACE FUNCTION variants_move_product_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_product_months AS t (business_id, month, product_id, qty, revenue_uzs, cogs_uzs)
  SELECT m.business_id, m.month, p.product_id, p.sign * m.qty, p.sign * m.revenue_uzs, p.sign * m.cogs_uzs
  FROM sales_variant_months m
  CROSS JOIN (VALUES (OLD.product_id, -1), (NEW.product_id, 1)) AS p(product_id, sign)
  WHERE m.variant_id = NEW.id
  ORDER BY 1, 2, 3
  ON CONFLICT (business_id, month, product_id) DO UPDATE SET
    qty = t.qty + EXCLUDED.qty,
    revenue_uzs = t.revenue_uzs + EXCLUDED.revenue_uzs,
    cogs_uzs = t.cogs_uzs + EXCLUDED.cogs_uzs;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER variants_product_sales AFTER UPDATE OF product_id ON variants
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION variants_move_product_sales();

-- The rebuild: the summaries from every ledger row, by the same functions, 50,000 rows a step.
-- The ledgers are locked against writers meanwhile (a running server waits, then goes on).
DO $$
DECLARE
  step CONSTANT BIGINT := 50000;
  top BIGINT;
  i BIGINT;
BEGIN
  LOCK TABLE money_transactions, stock_moves IN SHARE MODE;
  DELETE FROM money_daily;
  DELETE FROM stock_daily;
  DELETE FROM stock_daily_totals;
  DELETE FROM stock_variant_totals;
  DELETE FROM sales_daily;
  DELETE FROM sales_totals;
  DELETE FROM sales_day_totals;
  DELETE FROM sales_variant_months;
  DELETE FROM sales_product_months;
  SELECT coalesce(max(id), 0) INTO top FROM money_transactions;
  i := 0;
  WHILE i < top LOOP
    PERFORM money_daily_add(ARRAY(SELECT m FROM money_transactions m WHERE m.id > i AND m.id <= i + step));
    i := i + step;
  END LOOP;
  SELECT coalesce(max(id), 0) INTO top FROM stock_moves;
  i := 0;
  WHILE i < top LOOP
    PERFORM stock_daily_add(ARRAY(SELECT m FROM stock_moves m WHERE m.id > i AND m.id <= i + step));
    i := i + step;
  END LOOP;
END;
$$;
