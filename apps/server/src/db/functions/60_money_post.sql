-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- A ledger row's UZS amount (DESIGN.md section 3 "Money ledger"), defined here and nowhere else:
-- its amount at its rate, rounded half away from zero to 2 decimals. money_post writes it; the
-- bench's bulk seeds call it too.
CREATE OR REPLACE FUNCTION money_amount_in_uzs(p_amount NUMERIC, p_rate NUMERIC) RETURNS NUMERIC
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(p_amount * p_rate, 2)
$$;

-- The balance rows that entries move, each with its net change, numbered in THE order in which
-- balance rows are locked and changed everywhere (user id, then currency id), so concurrent
-- movements never deadlock (DESIGN.md section 15: one definition of the balance lock order).
-- Entries: [{business_id, user_id, currency_id, amount}, ...]; a user's business is the one of
-- their rows (DESIGN.md section 24: balances carry business_id, set from the entries).
DROP FUNCTION IF EXISTS balance_moves(JSONB);
CREATE OR REPLACE FUNCTION balance_moves(p_entries JSONB)
RETURNS TABLE (n BIGINT, user_id INTEGER, currency_id INTEGER, delta NUMERIC, business_id INTEGER)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT row_number() OVER (ORDER BY e.user_id, e.currency_id), e.user_id, e.currency_id, sum(e.amount),
         min(e.business_id)
  FROM jsonb_to_recordset(p_entries)
    AS e(business_id INTEGER, user_id INTEGER, currency_id INTEGER, amount NUMERIC)
  GROUP BY e.user_id, e.currency_id
$$;

-- Shares the open cash shifts of the departments that entries move (DESIGN.md section 22), so a
-- shift's close, which locks its row FOR UPDATE, waits for every money row that will carry it,
-- and a row written after the close carries none. Shifts are locked before balance rows,
-- everywhere: a close locks its shift, then posts its differences through money_post.
CREATE OR REPLACE FUNCTION shifts_lock(p_entries JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM cash_shifts s
  WHERE s.closed_at IS NULL
    AND s.department_id IN (SELECT e.user_id FROM jsonb_to_recordset(p_entries) AS e(user_id INTEGER))
  ORDER BY s.department_id
  FOR SHARE;
END;
$$;

-- Locks the existing balance rows that entries move, in balance_moves' order, and answers them
-- with their net change (money_apply_batch locks a whole batch's rows up front with it), after
-- their departments' open shifts (shifts_lock).
CREATE OR REPLACE FUNCTION balances_lock(p_entries JSONB)
RETURNS TABLE (user_id INTEGER, currency_id INTEGER, on_hand NUMERIC) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shifts_lock(p_entries);
  -- PL/pgSQL, so the statement is planned once per session (a batch calls it every time).
  RETURN QUERY
  SELECT b.user_id, b.currency_id, b.on_hand
  FROM balance_moves(p_entries) m
  JOIN balances b ON b.user_id = m.user_id AND b.currency_id = m.currency_id
  ORDER BY m.n
  FOR UPDATE OF b;
END;
$$;

-- The one way money moves (DESIGN.md section 3 "Money ledger"): appends the ledger rows and
-- changes the balances by the same sums, row by row in balance_moves' order; each debit is a
-- conditional UPDATE, and a
-- shortfall raises BO409, which rolls the caller's transaction back. Keeps money_tx_counts.
-- Entries: [{business_id, user_id, currency_id, amount, rate_to_uzs, tx_type, reason, reason_message, offer_id,
-- exchange_group, created_by, created_at, document_id}], amounts as decimal strings. money_post computes each
-- row's UZS amount (money_amount_in_uzs), and gives each row its department's open cash shift.
CREATE OR REPLACE FUNCTION money_post(p_entries JSONB) RETURNS SETOF money_transactions LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
BEGIN
  PERFORM shifts_lock(p_entries);
  FOR d IN SELECT m.business_id, m.user_id, m.currency_id, m.delta FROM balance_moves(p_entries) m ORDER BY m.n LOOP
    IF d.delta > 0 THEN
      INSERT INTO balances (business_id, user_id, currency_id, on_hand)
      VALUES (d.business_id, d.user_id, d.currency_id, d.delta)
      ON CONFLICT (user_id, currency_id)
      DO UPDATE SET on_hand = balances.on_hand + EXCLUDED.on_hand, updated_at = now();
    ELSIF d.delta < 0 THEN
      UPDATE balances SET on_hand = on_hand + d.delta, updated_at = now()
      WHERE user_id = d.user_id AND currency_id = d.currency_id AND on_hand + d.delta >= 0;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'shortfall' USING ERRCODE = 'BO409', DETAIL = json_build_object(
          'kind', 'shortfall', 'user_id', d.user_id, 'currency_id', d.currency_id,
          'code', (SELECT code FROM currencies WHERE id = d.currency_id),
          'on_hand', coalesce((SELECT on_hand FROM balances
                               WHERE user_id = d.user_id AND currency_id = d.currency_id), 0)::text,
          'needed', (-d.delta)::text)::text;
      END IF;
    ELSE
      -- A credit and a debit that cancel out (a batch applied together, 75_money_apply_batch.sql,
      -- where the credit came first): the balance row exists, as after the two one by one.
      INSERT INTO balances (business_id, user_id, currency_id, on_hand)
      VALUES (d.business_id, d.user_id, d.currency_id, 0)
      ON CONFLICT (user_id, currency_id) DO NOTHING;
    END IF;
  END LOOP;

  INSERT INTO money_tx_counts (user_id, currency_id, positive, tx_type, has_offer, n, business_id)
  SELECT e.user_id, e.currency_id, e.amount > 0, e.tx_type, e.offer_id IS NOT NULL, count(*), min(e.business_id)
  FROM jsonb_to_recordset(p_entries)
    AS e(business_id INTEGER, user_id INTEGER, currency_id INTEGER, amount NUMERIC, tx_type TEXT, offer_id INTEGER)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, currency_id, positive, tx_type, has_offer)
  DO UPDATE SET n = money_tx_counts.n + EXCLUDED.n;

  RETURN QUERY
  INSERT INTO money_transactions (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs,
                                  offer_id, reason, reason_message, tx_type, exchange_group, created_by,
                                  created_at, document_id, shift_id)
  SELECT (e->>'business_id')::int, (e->>'user_id')::int, (e->>'currency_id')::int,
         (e->>'amount')::numeric, (e->>'rate_to_uzs')::numeric,
         money_amount_in_uzs((e->>'amount')::numeric, (e->>'rate_to_uzs')::numeric),
         (e->>'offer_id')::int, e->>'reason', nullif(e->'reason_message', 'null'::jsonb), e->>'tx_type', (e->>'exchange_group')::uuid,
         (e->>'created_by')::int, coalesce((e->>'created_at')::timestamptz, now()),
         (e->>'document_id')::int,
         (SELECT s.id FROM cash_shifts s WHERE s.department_id = (e->>'user_id')::int AND s.closed_at IS NULL)
  FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS x(e, n)
  ORDER BY x.n
  RETURNING *;
END;
$$;
