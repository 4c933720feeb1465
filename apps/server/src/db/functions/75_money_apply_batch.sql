-- Group commit (DESIGN.md sections 3 and 4): several money operations in one transaction and one
-- round trip (modules/finance/money-batch.ts). Returns, in order, {"ok": answer} or {"error":
-- {"code", "detail", "message"}} per operation, each exactly what money_apply answers or raises
-- for it alone after the operations before it; nothing is acknowledged before the batch's
-- transaction commits.
--
-- First the whole batch is tried together (money_apply_together): one statement per table for
-- all its operations, so the ledger's, the offers' and the events' statement triggers run once
-- per batch instead of once per operation. When any operation would be refused or its outcome
-- depends on another's (a replayed or repeated Idempotency-Key, one offer twice, a stale rate, a
-- wrong state, a debit the balance does not cover at its turn, an amount out of range), that
-- attempt is rolled back and the operations run one by one, each in its own subtransaction as
-- money_apply runs it alone: a refusal rolls back only that operation, the same key twice replays
-- the first answer.
CREATE OR REPLACE FUNCTION money_apply_batch(p_ops JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  ops JSONB[];
  op JSONB;
  results JSONB[] := '{}';
  v_state TEXT;
  v_detail TEXT;
  v_message TEXT;
BEGIN
  SELECT array_agg(e.value ORDER BY e.n) INTO ops
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS e(value, n);
  IF ops IS NULL THEN
    RETURN '[]'::jsonb;
  END IF;
  BEGIN
    RETURN money_apply_together(ops);
  EXCEPTION WHEN OTHERS THEN
    -- BO100: not all of them can go together; BO001-BO415, or any error of a value (an amount
    -- out of NUMERIC's range): one of them is refused, the others must still land. What fails
    -- the transaction itself (a deadlock or serialization failure, a lost connection, resources,
    -- an operator's cancel, an internal error) fails the batch, and its callers try again.
    IF left(SQLSTATE, 2) IN ('40', '08', '53', '57', '58', 'XX') THEN
      RAISE;
    END IF;
  END;
  -- One by one, each operation would take its locks in its turn, and this batch could wait for
  -- another that waits for it (a deadlock fails both batches' operations, which try again).
  -- First every lock the operations take, in the order of money_apply_together: the keys, the
  -- offers by id, the balance rows by user and currency (an exchange's entries, a money offer's
  -- parties in its lines' currencies).
  PERFORM money_batch_lock(ops);
  FOREACH op IN ARRAY ops LOOP
    BEGIN
      results := results || jsonb_build_object('ok', money_apply(op));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL,
                              v_message = MESSAGE_TEXT;
      results := results || jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'detail', nullif(v_detail, ''), 'message', v_message));
    END;
  END LOOP;
  RETURN to_jsonb(results);
END;
$$;

-- The locks of a batch's operations, taken in the one order (see money_apply_batch).
CREATE OR REPLACE FUNCTION money_batch_lock(p_ops JSONB[]) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idempotency_lock_all(coalesce(
    (SELECT jsonb_agg(o->'idempotency') FROM unnest(p_ops) AS o
     WHERE nullif(o->'idempotency', 'null'::jsonb) IS NOT NULL), '[]'::jsonb));
  PERFORM 1 FROM offers
  WHERE id IN (SELECT (o->'offer'->>'id')::int FROM unnest(p_ops) AS o WHERE nullif(o->'offer', 'null'::jsonb) IS NOT NULL)
  ORDER BY id FOR UPDATE;
  -- An operation's rows: its entries, or a money offer's lines as its approval posts them.
  PERFORM count(*) FROM balances_lock((
    SELECT coalesce(jsonb_agg(e), '[]'::jsonb)
    FROM unnest(p_ops) AS o
    CROSS JOIN LATERAL jsonb_array_elements(CASE
      WHEN nullif(o->'offer', 'null'::jsonb) IS NULL THEN coalesce(o->'entries', '[]'::jsonb)
      ELSE (SELECT money_offer_lines(o->'offer', f) FROM offers f
            WHERE f.id = (o->'offer'->>'id')::int AND f.kind = 'MONEY')
    END) AS e));
END;
$$;

-- The operations of a batch applied together, each as money_apply applies it (the shared pieces
-- are in 70_money_apply.sql), or SQLSTATE BO100 (or a refusal's BOxxx) when they cannot all be:
-- the caller rolls this back and applies them one by one. Locks are taken in one order (the keys,
-- then the offers by id, then the balance rows by user and currency, as money_post changes
-- them). Handles the two shapes the API sends: an operation with its own entries (an exchange)
-- and a money offer's approval ("post": "money_lines").
CREATE OR REPLACE FUNCTION money_apply_together(p_ops JSONB[]) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  op JSONB;
  rule JSONB;
  target offers;
  i INTEGER;
  op_entries JSONB;
  entries JSONB := '[]';
  owners INTEGER[] := '{}';
  decisions JSONB := '[]';
  audits JSONB := '[]';
  posted money_transactions[];
  views JSONB := '{}';
  answers JSONB[];
  results JSONB;
  short BOOLEAN;
BEGIN
  IF EXISTS (SELECT 1 FROM unnest(p_ops) AS o
             WHERE nullif(o->'offer', 'null'::jsonb) IS NOT NULL
               AND (o->'offer'->>'post' IS DISTINCT FROM 'money_lines'
                    OR jsonb_array_length(coalesce(o->'entries', '[]'::jsonb)) > 0))
     -- One key or one offer twice: the second's outcome is the first's.
     OR EXISTS (SELECT 1 FROM unnest(p_ops) AS o WHERE nullif(o->'idempotency', 'null'::jsonb) IS NOT NULL
                GROUP BY o->'idempotency'->>'user_id', o->'idempotency'->>'key' HAVING count(*) > 1)
     OR EXISTS (SELECT 1 FROM unnest(p_ops) AS o WHERE nullif(o->'offer', 'null'::jsonb) IS NOT NULL
                GROUP BY o->'offer'->>'id' HAVING count(*) > 1) THEN
    RAISE EXCEPTION 'one by one' USING ERRCODE = 'BO100';
  END IF;

  -- The keys, claimed as money_apply claims each: a live one (a replay) goes one by one.
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(idempotency_claim_all(coalesce(
               (SELECT jsonb_agg(o->'idempotency') FROM unnest(p_ops) AS o
                WHERE nullif(o->'idempotency', 'null'::jsonb) IS NOT NULL), '[]'::jsonb))) AS a
             WHERE a <> 'null'::jsonb) THEN
    RAISE EXCEPTION 'a replay' USING ERRCODE = 'BO100';
  END IF;

  IF money_rates_stale(p_ops) THEN
    RAISE EXCEPTION 'rate changed' USING ERRCODE = 'BO001';
  END IF;

  PERFORM 1 FROM offers
  WHERE id IN (SELECT (o->'offer'->>'id')::int FROM unnest(p_ops) AS o WHERE nullif(o->'offer', 'null'::jsonb) IS NOT NULL)
  ORDER BY id FOR UPDATE;

  FOR i IN 1 .. array_length(p_ops, 1) LOOP
    op := p_ops[i];
    rule := nullif(op->'offer', 'null'::jsonb);
    IF rule IS NULL THEN
      op_entries := coalesce(op->'entries', '[]'::jsonb);
      audits := audits || jsonb_build_array(op->'audit');
    ELSE
      SELECT * INTO target FROM offers
      WHERE id = (rule->>'id')::int AND business_id = (rule->>'business_id')::int;
      IF target.kind IS DISTINCT FROM 'MONEY' THEN
        RAISE EXCEPTION 'not a money offer' USING ERRCODE = 'BO100';
      END IF;
      PERFORM money_offer_check(rule, target);
      op_entries := money_offer_lines(rule, target);
      decisions := decisions || jsonb_build_array(jsonb_build_object(
        'id', target.id, 'to', rule->>'to', 'actor_id', rule->>'actor_id'));
      audits := audits || jsonb_build_array(money_offer_audit(op->'audit', target));
    END IF;
    entries := entries || op_entries;
    owners := owners || array_fill(i, ARRAY[jsonb_array_length(op_entries)]);
  END LOOP;

  -- Each operation's debits covered at its turn, which covers the batch's sums too: the balance
  -- rows locked in the one order (balances_lock), and every running sum in operation order (an
  -- aggregate, not EXISTS, so that every row is read and locked). So money_post_checked writes
  -- without locking and checking them again.
  WITH moves AS (
    SELECT (x.e->>'user_id')::int AS user_id, (x.e->>'currency_id')::int AS currency_id,
           owners[x.n] AS op, sum((x.e->>'amount')::numeric) AS delta
    FROM jsonb_array_elements(entries) WITH ORDINALITY AS x(e, n)
    GROUP BY 1, 2, 3
  ), locked AS MATERIALIZED (
    SELECT * FROM balances_lock(entries)
  )
  SELECT coalesce(bool_or(coalesce(l.on_hand, 0) + s.moved < 0), false) INTO short
  FROM (SELECT m.user_id, m.currency_id,
               sum(m.delta) OVER (PARTITION BY m.user_id, m.currency_id ORDER BY m.op) AS moved
        FROM moves m) s
  LEFT JOIN locked l ON l.user_id = s.user_id AND l.currency_id = s.currency_id;
  IF short THEN
    RAISE EXCEPTION 'a shortfall at its turn' USING ERRCODE = 'BO100';
  END IF;

  IF jsonb_array_length(decisions) > 0 THEN
    PERFORM offers_decide(decisions);
    SELECT jsonb_object_agg(v.id::text, to_jsonb(v)) INTO views
    FROM offer_views v WHERE v.id IN (SELECT (d->>'id')::int FROM jsonb_array_elements(decisions) AS d);
  END IF;
  posted := ARRAY(SELECT m FROM money_post_checked(entries) AS m ORDER BY m.id);
  answers := money_answers(p_ops,
    ARRAY(SELECT CASE WHEN nullif(o->'offer', 'null'::jsonb) IS NULL THEN '{}'::jsonb
                      ELSE jsonb_build_object('offer', views->(o->'offer'->>'id')) END
          FROM unnest(p_ops) WITH ORDINALITY AS x(o, n) ORDER BY x.n),
    posted, owners);
  results := (SELECT jsonb_agg(jsonb_build_object('ok', x.answer) ORDER BY x.n)
              FROM unnest(answers) WITH ORDINALITY AS x(answer, n));
  PERFORM money_audit(audits);
  -- Each key with its answer as built (an operation without a key has none to store).
  PERFORM idempotency_store_each(ARRAY(SELECT x.op->'idempotency' FROM unnest(p_ops) WITH ORDINALITY AS x(op, n)
                                       ORDER BY x.n), answers);
  RETURN results;
END;
$$;
