-- Money operations in one round trip each (issue 4, scale: exchanges and approvals from 32
-- clients). Done statement by statement from Node, an exchange took 10 round trips and an
-- approval 16; these functions run the same steps inside PostgreSQL. The rules stay in
-- TypeScript: the caller computes every amount, rate and text, and passes the state table's rule;
-- the functions only apply them under the locks (modules/finance/money-apply.ts).
--
-- Errors carry SQLSTATE BOxxx and a JSON DETAIL the caller turns into the API's answer:
--   BO001 a rate the caller used is no longer in force (the caller reads the rates again)
--   BO403 the actor may not do this to the offer     {"who": "creator" | "other"}
--   BO404 no such offer in the actor's business
--   BO409 {"kind": "state", "status": ...} | {"kind": "key"} |
--         {"kind": "shortfall", "user_id", "currency_id", "code", "on_hand", "needed"}

-- The one way money moves (DESIGN.md section 3 "Money ledger"): appends the ledger rows and
-- changes the balances by the same sums. Balance rows change in one order (user id, then
-- currency id) so concurrent movements never deadlock; each debit is a conditional UPDATE, and a
-- shortfall raises BO409, which rolls the caller's transaction back. Keeps money_tx_counts.
-- Entries: [{business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, tx_type,
-- reason, offer_id, exchange_group, created_by, created_at}], amounts as decimal strings.
CREATE FUNCTION money_post(p_entries JSONB) RETURNS SETOF money_transactions LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
BEGIN
  FOR d IN
    SELECT e.user_id, e.currency_id, sum(e.amount) AS delta
    FROM jsonb_to_recordset(p_entries) AS e(user_id INTEGER, currency_id INTEGER, amount NUMERIC)
    GROUP BY e.user_id, e.currency_id
    ORDER BY e.user_id, e.currency_id
  LOOP
    IF d.delta > 0 THEN
      INSERT INTO balances (user_id, currency_id, on_hand) VALUES (d.user_id, d.currency_id, d.delta)
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
    END IF;
  END LOOP;

  INSERT INTO money_tx_counts (user_id, currency_id, positive, tx_type, has_offer, n)
  SELECT e.user_id, e.currency_id, e.amount > 0, e.tx_type, e.offer_id IS NOT NULL, count(*)
  FROM jsonb_to_recordset(p_entries)
    AS e(user_id INTEGER, currency_id INTEGER, amount NUMERIC, tx_type TEXT, offer_id INTEGER)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, currency_id, positive, tx_type, has_offer)
  DO UPDATE SET n = money_tx_counts.n + EXCLUDED.n;

  RETURN QUERY
  INSERT INTO money_transactions (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs,
                                  offer_id, reason, tx_type, exchange_group, created_by, created_at)
  SELECT (e->>'business_id')::int, (e->>'user_id')::int, (e->>'currency_id')::int,
         (e->>'amount')::numeric, (e->>'rate_to_uzs')::numeric, (e->>'amount_in_uzs')::numeric,
         (e->>'offer_id')::int, e->>'reason', e->>'tx_type', (e->>'exchange_group')::uuid,
         (e->>'created_by')::int, coalesce((e->>'created_at')::timestamptz, now())
  FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS x(e, n)
  ORDER BY x.n
  RETURNING *;
END;
$$;

-- One money operation, atomically: the Idempotency-Key (DESIGN.md section 4), the rates the
-- caller computed with, an offer's state change under its row lock, the ledger rows, the audit
-- row, and the key's stored answer. Returns the answer: p_op.result with the posted rows added as
-- "entries" (amounts as strings, times as ISO 8601 UTC); a replayed key returns the stored one.
-- p_op: {idempotency: {user_id, key, request_hash, ttl_hours} | null,
--        rates: [{currency_id, rate_to_uzs}],
--        offer: the decision (approval) it carries out, with the state table's rule:
--               {id, business_id, actor_id, who: "creator" | "other", from: [status], to: status} | null,
--        entries: [...money_post entries], audit: {business_id, actor_id, action, entity,
--        entity_id, summary, ip}, result: {...}}
CREATE FUNCTION money_apply(p_op JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  idem JSONB := nullif(p_op->'idempotency', 'null'::jsonb);
  rule JSONB := nullif(p_op->'offer', 'null'::jsonb);
  prior RECORD;
  target RECORD;
  decided JSONB := '{}';
  answer JSONB;
BEGIN
  IF idem IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash)
    VALUES ((idem->>'user_id')::int, idem->>'key', idem->>'request_hash')
    ON CONFLICT (user_id, key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, response, created_at INTO prior FROM idempotency_keys
      WHERE user_id = (idem->>'user_id')::int AND key = idem->>'key';
      IF prior.created_at > now() - make_interval(hours => (idem->>'ttl_hours')::int) THEN
        IF prior.request_hash <> idem->>'request_hash' THEN
          RAISE EXCEPTION 'key reused' USING ERRCODE = 'BO409', DETAIL = '{"kind":"key"}';
        END IF;
        RETURN prior.response;
      END IF;
      -- An expired key starts afresh.
      UPDATE idempotency_keys SET request_hash = idem->>'request_hash', response = NULL, created_at = now()
      WHERE user_id = (idem->>'user_id')::int AND key = idem->>'key';
    END IF;
  END IF;

  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(coalesce(p_op->'rates', '[]')) AS r(currency_id INTEGER, rate_to_uzs NUMERIC)
    LEFT JOIN currencies c ON c.id = r.currency_id
    WHERE c.rate_to_uzs IS DISTINCT FROM r.rate_to_uzs
  ) THEN
    RAISE EXCEPTION 'rate changed' USING ERRCODE = 'BO001';
  END IF;

  IF rule IS NOT NULL THEN
    SELECT id, status, created_by, from_user_id, to_user_id INTO target FROM offers
    WHERE id = (rule->>'id')::int AND business_id = (rule->>'business_id')::int
    FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no such offer' USING ERRCODE = 'BO404';
    END IF;
    IF (rule->>'actor_id')::int NOT IN (target.from_user_id, target.to_user_id)
       OR ((rule->>'who') = 'creator') <> ((rule->>'actor_id')::int = target.created_by) THEN
      RAISE EXCEPTION 'wrong actor' USING ERRCODE = 'BO403',
        DETAIL = json_build_object('who', rule->>'who')::text;
    END IF;
    IF NOT (rule->'from' ? target.status) THEN
      RAISE EXCEPTION 'wrong state' USING ERRCODE = 'BO409',
        DETAIL = json_build_object('kind', 'state', 'status', target.status)::text;
    END IF;
    UPDATE offers SET status = rule->>'to', decided_at = now(), decided_by = (rule->>'actor_id')::int
    WHERE id = target.id;
    decided := jsonb_build_object('decided_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  END IF;

  SELECT coalesce(p_op->'result', '{}'::jsonb) || decided || jsonb_build_object('entries', coalesce(jsonb_agg(
    jsonb_build_object(
      'id', m.id, 'user_id', m.user_id, 'currency_id', m.currency_id, 'amount', m.amount::text,
      'rate_to_uzs', m.rate_to_uzs::text, 'amount_in_uzs', m.amount_in_uzs::text,
      'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ORDER BY m.id), '[]'::jsonb))
  INTO answer
  FROM money_post(p_op->'entries') AS m;

  INSERT INTO audit_log (business_id, actor_id, action, entity, entity_id, summary, ip)
  SELECT a.business_id, a.actor_id, a.action, a.entity, a.entity_id, left(coalesce(a.summary, ''), 1000), a.ip
  FROM jsonb_to_record(p_op->'audit') AS a(business_id INTEGER, actor_id INTEGER, action TEXT,
       entity TEXT, entity_id TEXT, summary TEXT, ip TEXT);

  IF idem IS NOT NULL THEN
    UPDATE idempotency_keys SET response = answer, status_code = 200
    WHERE user_id = (idem->>'user_id')::int AND key = idem->>'key';
  END IF;
  RETURN answer;
END;
$$;
