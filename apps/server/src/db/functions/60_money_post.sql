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
-- changes the balances by the same sums. The balance rows are locked first, in balance_moves'
-- order (balances_lock, after the departments' open shifts); a debit its row does not cover
-- raises BO409 for the first such row in that order, which rolls the caller's transaction back.
-- Then money_post_checked writes.
-- Entries: [{business_id, user_id, currency_id, amount, rate_to_uzs, tx_type, reason, reason_message, offer_id,
-- exchange_group, created_by, created_at, document_id}], amounts as decimal strings. money_post computes each
-- row's UZS amount (money_amount_in_uzs), and gives each row its department's open cash shift.
CREATE OR REPLACE FUNCTION money_post(p_entries JSONB) RETURNS SETOF money_transactions LANGUAGE plpgsql AS $$
DECLARE
  short RECORD;
BEGIN
  SELECT m.user_id, m.currency_id, m.delta, coalesce(l.on_hand, 0) AS on_hand INTO short
  FROM balance_moves(p_entries) m
  LEFT JOIN balances_lock(p_entries) l ON l.user_id = m.user_id AND l.currency_id = m.currency_id
  WHERE coalesce(l.on_hand, 0) + m.delta < 0
  ORDER BY m.n
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'shortfall' USING ERRCODE = 'BO409', DETAIL = json_build_object(
      'kind', 'shortfall', 'user_id', short.user_id, 'currency_id', short.currency_id,
      'code', (SELECT code FROM currencies WHERE id = short.currency_id),
      'on_hand', short.on_hand::text, 'needed', (-short.delta)::text)::text;
  END IF;
  RETURN QUERY SELECT * FROM money_post_checked(p_entries);
END;
$$;

-- money_post's writing, for a caller that has itself locked every balance row the entries move
-- (balances_lock) and found every debit covered: money_apply_together, which checks each
-- operation's running sums, so a batch's rows are not locked and checked twice. Anything else
-- calls money_post. One statement changes the locked rows and creates those a credit opens (a
-- credit and a debit that cancel out in one call create the row at 0, as the two one by one
-- would): a number of statements that does not grow with the rows (a batch of operations moves
-- dozens). Keeps money_tx_counts.
CREATE OR REPLACE FUNCTION money_post_checked(p_entries JSONB) RETURNS SETOF money_transactions
LANGUAGE plpgsql AS $$
BEGIN
  -- Every debit's row exists and is locked; a credit's row may be new, or (made by a transaction
  -- that committed after the lock) not locked, which a credit needs no check for. One statement:
  -- the rows the UPDATE did not change are created, or credited if they appeared meanwhile.
  WITH m AS MATERIALIZED (SELECT * FROM balance_moves(p_entries)),
  changed AS (
    UPDATE balances b SET on_hand = b.on_hand + m.delta, updated_at = now()
    FROM m
    WHERE b.user_id = m.user_id AND b.currency_id = m.currency_id AND m.delta <> 0
    RETURNING b.user_id, b.currency_id
  )
  INSERT INTO balances (business_id, user_id, currency_id, on_hand)
  SELECT m.business_id, m.user_id, m.currency_id, m.delta
  FROM m
  WHERE NOT EXISTS (SELECT 1 FROM changed c WHERE c.user_id = m.user_id AND c.currency_id = m.currency_id)
  ORDER BY m.n
  ON CONFLICT (user_id, currency_id)
  DO UPDATE SET on_hand = balances.on_hand + EXCLUDED.on_hand, updated_at = now() WHERE EXCLUDED.on_hand <> 0;

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
