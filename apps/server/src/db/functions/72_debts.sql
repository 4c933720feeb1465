-- A debt is overdue (DESIGN.md section 12) while something of it is left past its due date: the
-- one definition, read by the debt book's status, the counterparties' overdue count, the
-- dashboard's and the ageing report's lists, and the daily DEBT_OVERDUE notifications. `p_today`
-- is the business day (business_day(), packages/shared businessDay). A plain SQL function, so
-- PostgreSQL inlines it into each query and its indexes still serve. A debt without a due date is
-- never overdue: false, not null, so NOT debt_overdue() reads as 'not yet due'.
CREATE OR REPLACE FUNCTION debt_overdue(p_paid NUMERIC, p_amount NUMERIC, p_due DATE, p_today DATE)
RETURNS BOOLEAN LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_paid < p_amount AND p_due IS NOT NULL AND p_due < p_today
$$;
