-- One money operation in one round trip (modules/finance/money-apply.ts).
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- As 0009's money_apply, and: an offer decision may carry "post": "money_lines". Then the offer
-- must be a money offer (BO002 before anything is done otherwise: the caller approves a product
-- offer its own way), and once its state is checked under the lock, each of its money lines moves
-- from the sender to the receiver at the rate in force (DESIGN.md section 3 "Offers": the
-- approval's effect), as two ledger rows with the offer's reason. The audit summary's {from} and
-- {to} name the parties. An offer decision answers with "offer", the decided offer's
-- offer_views row (0009 answered with its "decided_at", which the row holds).
--   BO002 {"kind": "PRODUCT"}: the offer is not a money offer
CREATE OR REPLACE FUNCTION money_apply(p_op JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  idem JSONB := nullif(p_op->'idempotency', 'null'::jsonb);
  rule JSONB := nullif(p_op->'offer', 'null'::jsonb);
  entries JSONB := coalesce(p_op->'entries', '[]'::jsonb);
  summary TEXT := p_op->'audit'->>'summary';
  offer_kind TEXT;
  prior RECORD;
  target RECORD;
  decided JSONB := '{}';
  answer JSONB;
BEGIN
  IF rule->>'post' = 'money_lines' THEN
    SELECT kind INTO offer_kind FROM offers
    WHERE id = (rule->>'id')::int AND business_id = (rule->>'business_id')::int;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no such offer' USING ERRCODE = 'BO404';
    END IF;
    IF offer_kind <> 'MONEY' THEN
      RAISE EXCEPTION 'not a money offer' USING ERRCODE = 'BO002',
        DETAIL = json_build_object('kind', offer_kind)::text;
    END IF;
  END IF;

  IF idem IS NOT NULL THEN
    SELECT request_hash, response, created_at INTO prior FROM idempotency_keys
    WHERE user_id = (idem->>'user_id')::int AND key = idem->>'key';
    -- An expired key starts afresh (it is overwritten at the end).
    IF FOUND AND prior.created_at > now() - make_interval(hours => (idem->>'ttl_hours')::int) THEN
      IF prior.request_hash <> idem->>'request_hash' THEN
        RAISE EXCEPTION 'key reused' USING ERRCODE = 'BO409', DETAIL = '{"kind":"key"}';
      END IF;
      RETURN prior.response;
    END IF;
  END IF;

  IF jsonb_array_length(coalesce(p_op->'rates', '[]')) > 0 AND EXISTS (
    SELECT 1 FROM jsonb_to_recordset(p_op->'rates') AS r(currency_id INTEGER, rate_to_uzs NUMERIC)
    LEFT JOIN currencies c ON c.id = r.currency_id
    WHERE c.rate_to_uzs IS DISTINCT FROM r.rate_to_uzs
  ) THEN
    RAISE EXCEPTION 'rate changed' USING ERRCODE = 'BO001';
  END IF;

  IF rule IS NOT NULL THEN
    SELECT id, status, created_by, from_user_id, to_user_id, reason INTO target FROM offers
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
    decided := jsonb_build_object('offer', (SELECT to_jsonb(v) FROM offer_views v WHERE v.id = target.id));

    IF rule->>'post' = 'money_lines' THEN
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'business_id', (rule->>'business_id')::int, 'user_id', s.user_id,
               'currency_id', l.currency_id, 'amount', s.amount::text, 'rate_to_uzs', c.rate_to_uzs::text,
               'amount_in_uzs', round(s.amount * c.rate_to_uzs, 2)::text, 'offer_id', target.id,
               'reason', target.reason, 'tx_type', 'OFFER', 'created_by', (rule->>'actor_id')::int)
             ORDER BY l.id, s.side), '[]'::jsonb)
      INTO entries
      FROM offer_money_lines l
      JOIN currencies c ON c.id = l.currency_id
      CROSS JOIN LATERAL (VALUES (1, target.from_user_id, -l.amount), (2, target.to_user_id, l.amount))
        AS s(side, user_id, amount)
      WHERE l.offer_id = target.id;
      summary := replace(replace(summary, '{from}', target.from_user_id::text), '{to}', target.to_user_id::text);
    END IF;
  END IF;

  SELECT coalesce(p_op->'result', '{}'::jsonb) || decided || jsonb_build_object('entries', coalesce(jsonb_agg(
    jsonb_build_object(
      'id', m.id, 'user_id', m.user_id, 'currency_id', m.currency_id, 'amount', m.amount::text,
      'rate_to_uzs', m.rate_to_uzs::text, 'amount_in_uzs', m.amount_in_uzs::text,
      'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ORDER BY m.id), '[]'::jsonb))
  INTO answer
  FROM money_post(entries) AS m;

  INSERT INTO audit_log (business_id, actor_id, action, entity, entity_id, summary, ip)
  SELECT a.business_id, a.actor_id, a.action, a.entity, a.entity_id, left(coalesce(summary, ''), 1000), a.ip
  FROM jsonb_to_record(p_op->'audit') AS a(business_id INTEGER, actor_id INTEGER, action TEXT,
       entity TEXT, entity_id TEXT, ip TEXT);

  -- The key is written once, with its answer. If a request with the same key committed
  -- meanwhile (this insert waited for it), this one fails as a serialization failure and rolls
  -- back: the caller runs it again and gets that request's answer.
  IF idem IS NOT NULL THEN
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, response, status_code)
    VALUES ((idem->>'user_id')::int, idem->>'key', idem->>'request_hash', answer, 200)
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, response = EXCLUDED.response, status_code = 200, created_at = now()
      WHERE k.created_at <= now() - make_interval(hours => (idem->>'ttl_hours')::int);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'key claimed meanwhile' USING ERRCODE = '40001';
    END IF;
  END IF;
  RETURN answer;
END;
$$;
