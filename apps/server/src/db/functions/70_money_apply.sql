-- One money operation in one round trip (modules/finance/money-apply.ts), atomically: the
-- Idempotency-Key (65_idempotency.sql), the rates the caller computed with, an offer's state
-- change under its row lock, the ledger rows (money_post), the audit row, and the key's stored
-- answer. Returns the answer: p_op.result with the posted rows added as "entries" (amounts as
-- strings, times as ISO 8601 UTC), and for an offer decision "offer", the decided offer's
-- offer_views row; a replayed key returns the stored answer.
-- p_op: {idempotency: {business_id, user_id, key, request_hash, ttl_hours, now} | null,
--        business_id: whose rates (DESIGN.md section 9: each business has its own),
--        rates: [{currency_id, rate_to_uzs}],
--        offer: the decision it carries out, with the state table's rule from packages/shared
--               (offer-rules.ts): {id, business_id, actor_id, who: "creator" | "other",
--               from: [status], to: status, post: "money_lines" | null} | null,
--        entries: [...money_post entries], audit: {business_id, actor_id, action, entity,
--        entity_id, summary, ip}, result: {...}}
-- With "post": "money_lines" (an approved money offer, DESIGN.md section 3 "Offers": the
-- approval's effect), each of the offer's money lines moves from the sender to the receiver at
-- the rate in force, as two ledger rows with the offer's reason; the audit summary's {from} and
-- {to} become the parties' e-mails. An offer of another kind is answered {"not_applied": {"kind"}}
-- before anything is claimed or written: the caller approves it by the path of that kind.
-- Errors carry SQLSTATE BOxxx and a JSON DETAIL the caller turns into the API's answer:
--   BO001 a rate the caller used is no longer in force (the caller reads the rates again)
--   BO403 the actor may not do this to the offer     {"who": "creator" | "other"}
--   BO404 no such offer in the actor's business
--   BO409 {"kind": "state", "status": ...} | {"kind": "shortfall", ...} (money_post)
--   BO410 the Idempotency-Key was used for another request (idempotency_claim)

-- The pieces below are money_apply's, and money_apply_together's (75_money_apply_batch.sql),
-- which applies a whole batch with one statement per table: each rule is written once.

-- Whether any of the operations was computed with a rate no longer in force (BO001).
CREATE OR REPLACE FUNCTION money_rates_stale(p_ops JSONB[]) RETURNS BOOLEAN LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM unnest(p_ops) AS o
    CROSS JOIN LATERAL jsonb_to_recordset(coalesce(o->'rates', '[]'::jsonb))
      AS r(currency_id INTEGER, rate_to_uzs NUMERIC)
    LEFT JOIN business_currencies c
      ON c.business_id = (o->>'business_id')::int AND c.currency_id = r.currency_id
    WHERE c.rate_to_uzs IS DISTINCT FROM r.rate_to_uzs);
END;
$$;

-- The decision's rule checked against the offer's row, read under its lock (a row of NULLs: no
-- such offer in the business): BO404, BO403 or BO409.
CREATE OR REPLACE FUNCTION money_offer_check(p_rule JSONB, p_target offers) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  IF p_target.id IS NULL THEN
    RAISE EXCEPTION 'no such offer' USING ERRCODE = 'BO404';
  END IF;
  IF (p_rule->>'actor_id')::int NOT IN (p_target.from_user_id, p_target.to_user_id)
     OR ((p_rule->>'who') = 'creator') <> ((p_rule->>'actor_id')::int = p_target.created_by) THEN
    RAISE EXCEPTION 'wrong actor' USING ERRCODE = 'BO403',
      DETAIL = json_build_object('who', p_rule->>'who')::text;
  END IF;
  IF NOT (p_rule->'from' ? p_target.status) THEN
    RAISE EXCEPTION 'wrong state' USING ERRCODE = 'BO409',
      DETAIL = json_build_object('kind', 'state', 'status', p_target.status)::text;
  END IF;
END;
$$;

-- The decided offers' new state: [{id, to, actor_id}], one statement (the offers' triggers write
-- the events and notifications once for all of them, 85_events.sql).
CREATE OR REPLACE FUNCTION offers_decide(p_decisions JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers o SET status = d."to", decided_at = now(), decided_by = d.actor_id
  FROM jsonb_to_recordset(p_decisions) AS d(id INTEGER, "to" TEXT, actor_id INTEGER)
  WHERE o.id = d.id;
END;
$$;

-- An approved money offer's effect (DESIGN.md section 3 "Offers"): each money line moves from the
-- sender to the receiver at the rate in force, as two ledger rows with the offer's reason.
CREATE OR REPLACE FUNCTION money_offer_lines(p_rule JSONB, p_target offers) RETURNS JSONB
LANGUAGE plpgsql AS $$
BEGIN
  IF p_target.kind <> 'MONEY' THEN
    RAISE EXCEPTION 'money_apply was asked to post the money lines of a % offer', p_target.kind;
  END IF;
  RETURN (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'business_id', (p_rule->>'business_id')::int, 'user_id', s.user_id,
             'currency_id', l.currency_id, 'amount', s.amount::text, 'rate_to_uzs', c.rate_to_uzs::text,
             'offer_id', p_target.id,
             'reason', p_target.reason, 'tx_type', 'OFFER', 'created_by', (p_rule->>'actor_id')::int)
           ORDER BY l.id, s.side), '[]'::jsonb)
    FROM offer_money_lines l
    -- LEFT: a line in a currency the business lacks fails on money_post's NOT NULL rate rather
    -- than vanishing (offer creation refuses such a line, and no currency is ever removed).
    LEFT JOIN business_currencies c
      ON c.business_id = (p_rule->>'business_id')::int AND c.currency_id = l.currency_id
    CROSS JOIN LATERAL (VALUES (1, p_target.from_user_id, -l.amount), (2, p_target.to_user_id, l.amount))
      AS s(side, user_id, amount)
    WHERE l.offer_id = p_target.id);
END;
$$;

DROP FUNCTION IF EXISTS money_offer_summary(TEXT, offers);

-- The audit row of a posted offer: {from} and {to} become the parties' e-mails, in its summary
-- (the Uzbek text) and in its summary's message (DESIGN.md section 15).
CREATE OR REPLACE FUNCTION money_offer_audit(p_audit JSONB, p_target offers) RETURNS JSONB
LANGUAGE plpgsql STABLE AS $$
DECLARE
  from_email TEXT := coalesce((SELECT email FROM users WHERE id = p_target.from_user_id),
                              p_target.from_user_id::text);
  to_email TEXT := coalesce((SELECT email FROM users WHERE id = p_target.to_user_id),
                            p_target.to_user_id::text);
  message JSONB := nullif(p_audit->'summary_message', 'null'::jsonb);
BEGIN
  IF message IS NOT NULL THEN
    message := jsonb_set(message, '{values}', coalesce(message->'values', '{}'::jsonb)
                         || jsonb_build_object('from', from_email, 'to', to_email));
  END IF;
  RETURN p_audit || jsonb_build_object(
    'summary', replace(replace(p_audit->>'summary', '{from}', from_email), '{to}', to_email),
    'summary_message', message);
END;
$$;

-- The operations' answers, one in each operation's place: each one's result, the decided offer's
-- view (p_decided: {"offer": view} or {}), and its posted rows as "entries" (p_rows in id order,
-- p_owners the operation of each). An array, not a JSON array: a batch stores each answer with its
-- key and sends them all, and builds each only once.
DROP FUNCTION IF EXISTS money_answers(JSONB[], JSONB[], money_transactions[], INTEGER[]);
CREATE OR REPLACE FUNCTION money_answers(p_ops JSONB[], p_decided JSONB[], p_rows money_transactions[],
                                         p_owners INTEGER[])
RETURNS JSONB[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(
    SELECT coalesce(x.op->'result', '{}'::jsonb) || x.decided
           || jsonb_build_object('entries', coalesce(e.entries, '[]'::jsonb))
    FROM unnest(p_ops, p_decided) WITH ORDINALITY AS x(op, decided, i)
    LEFT JOIN (
      SELECT p_owners[m.ordinality] AS i, jsonb_agg(jsonb_build_object(
               'id', m.id, 'user_id', m.user_id, 'currency_id', m.currency_id, 'amount', m.amount::text,
               'rate_to_uzs', m.rate_to_uzs::text, 'amount_in_uzs', m.amount_in_uzs::text,
               'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             ORDER BY m.id) AS entries
      FROM unnest(p_rows) WITH ORDINALITY AS m
      GROUP BY 1) e ON e.i = x.i
    ORDER BY x.i);
END;
$$;

-- The operations' audit rows: [{business_id, actor_id, action, entity, entity_id, summary,
-- summary_message, ip}].
CREATE OR REPLACE FUNCTION money_audit(p_audits JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (business_id, actor_id, action, entity, entity_id, summary, summary_message, ip)
  SELECT a.business_id, a.actor_id, a.action, a.entity, a.entity_id, left(coalesce(a.summary, ''), 1000),
         nullif(a.summary_message, 'null'::jsonb), a.ip
  FROM jsonb_array_elements(p_audits) WITH ORDINALITY AS x(value, n)
  CROSS JOIN LATERAL jsonb_to_record(x.value) AS a(business_id INTEGER, actor_id INTEGER, action TEXT,
       entity TEXT, entity_id TEXT, summary TEXT, summary_message JSONB, ip TEXT)
  ORDER BY x.n;
END;
$$;

CREATE OR REPLACE FUNCTION money_apply(p_op JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  idem JSONB := nullif(p_op->'idempotency', 'null'::jsonb);
  rule JSONB := nullif(p_op->'offer', 'null'::jsonb);
  entries JSONB := coalesce(p_op->'entries', '[]'::jsonb);
  audit JSONB := p_op->'audit';
  replay JSONB;
  target offers;
  decided JSONB := '{}';
  posted money_transactions[];
  answer JSONB;
  offer_kind TEXT;
BEGIN
  IF rule IS NOT NULL AND rule->>'post' = 'money_lines' THEN
    SELECT kind INTO offer_kind FROM offers
    WHERE id = (rule->>'id')::int AND business_id = (rule->>'business_id')::int;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no such offer' USING ERRCODE = 'BO404';
    END IF;
    IF offer_kind <> 'MONEY' THEN
      -- The offer's kind as a value, before anything is claimed or written: the caller takes the
      -- product path on it (an approval needs no read of the kind first).
      RETURN jsonb_build_object('not_applied', jsonb_build_object('kind', offer_kind));
    END IF;
  END IF;

  IF idem IS NOT NULL THEN
    replay := idempotency_claim((idem->>'business_id')::int, (idem->>'user_id')::int, idem->>'key',
                                idem->>'request_hash', (idem->>'now')::timestamptz, (idem->>'ttl_hours')::int);
    IF replay IS NOT NULL THEN
      RETURN replay;
    END IF;
  END IF;

  IF money_rates_stale(ARRAY[p_op]) THEN
    RAISE EXCEPTION 'rate changed' USING ERRCODE = 'BO001';
  END IF;

  IF rule IS NOT NULL THEN
    SELECT * INTO target FROM offers
    WHERE id = (rule->>'id')::int AND business_id = (rule->>'business_id')::int
    FOR UPDATE;
    PERFORM money_offer_check(rule, target);
    PERFORM offers_decide(jsonb_build_array(jsonb_build_object(
      'id', target.id, 'to', rule->>'to', 'actor_id', rule->>'actor_id')));
    decided := jsonb_build_object('offer', (SELECT to_jsonb(v) FROM offer_views v WHERE v.id = target.id));
    IF rule->>'post' = 'money_lines' THEN
      entries := money_offer_lines(rule, target);
      audit := money_offer_audit(audit, target);
    END IF;
  END IF;

  posted := ARRAY(SELECT m FROM money_post(entries) AS m ORDER BY m.id);
  answer := (money_answers(ARRAY[p_op], ARRAY[decided], posted,
                          array_fill(1, ARRAY[coalesce(array_length(posted, 1), 0)])))[1];
  PERFORM money_audit(jsonb_build_array(audit));
  IF idem IS NOT NULL THEN
    PERFORM idempotency_store((idem->>'business_id')::int, (idem->>'user_id')::int, idem->>'key', idem->>'request_hash',
                              (idem->>'now')::timestamptz, answer);
  END IF;
  RETURN answer;
END;
$$;
