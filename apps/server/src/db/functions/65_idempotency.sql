-- The Idempotency-Key (DESIGN.md section 4), defined once: money_apply calls these inside its
-- transaction, and lib/idempotency.ts runIdempotent calls them for the operations that run as
-- TypeScript transactions. The caller passes the key's lifetime (KEY_TTL_HOURS) and the request's
-- time by its injected clock.
--
-- idempotency_claim takes a transaction-scoped lock on (user, key) before it reads the key, so a
-- duplicate that arrives while the first request is in flight waits until that one commits or
-- rolls back, then reads its answer: every duplicate gets the first answer, not a 409 from
-- re-running the work against the state the first one left. It returns the stored answer of a
-- live key (the caller replays it and does nothing), or NULL (the caller does the work and calls
-- idempotency_store in the same transaction). The same key with another request is BO410.
-- idempotency_claim_all does it for several keys, [{business_id, user_id, key, request_hash, now, ttl_hours}]
-- (a batch's, 75_money_apply_batch.sql), locking them in (user, key) order; it returns a JSON array
-- of their stored answers in the same order, null where there is none.
--
-- idempotency_lock_all takes the keys' locks alone, in that order (a batch's one-by-one fallback
-- takes them before the operations claim them one at a time).
CREATE OR REPLACE FUNCTION idempotency_lock_all(p_keys JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(k.user_id::text || ':' || k.key, 7245002))
  FROM (SELECT DISTINCT r.user_id, r.key FROM jsonb_to_recordset(p_keys) AS r(user_id INTEGER, key TEXT)
        ORDER BY r.user_id, r.key) k;
END;
$$;

CREATE OR REPLACE FUNCTION idempotency_claim_all(p_keys JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  answers JSONB;
  reused BOOLEAN;
BEGIN
  PERFORM idempotency_lock_all(p_keys);
  SELECT coalesce(jsonb_agg(CASE WHEN live.key IS NOT NULL THEN live.response END ORDER BY x.n), '[]'::jsonb),
         coalesce(bool_or(live.request_hash <> x.request_hash), false)
  INTO answers, reused
  FROM ROWS FROM (jsonb_to_recordset(p_keys)
                  AS (business_id INTEGER, user_id INTEGER, key TEXT, request_hash TEXT, now TIMESTAMPTZ,
                      ttl_hours INTEGER))
       WITH ORDINALITY AS x(business_id, user_id, key, request_hash, now, ttl_hours, n)
  -- One primary-key lookup per key (LIMIT 1 keeps the subquery from being flattened into a join,
  -- which a plan cached while the table was small turns into a scan of every key).
  LEFT JOIN LATERAL (
    SELECT k.key, k.response, k.request_hash FROM idempotency_keys k
    WHERE k.business_id = x.business_id AND k.user_id = x.user_id AND k.key = x.key AND k.response IS NOT NULL
      AND k.created_at > x.now - make_interval(hours => x.ttl_hours)
    LIMIT 1
  ) live ON true;
  IF reused THEN
    RAISE EXCEPTION 'Idempotency-Key reused for another request' USING ERRCODE = 'BO410';
  END IF;
  RETURN answers;
END;
$$;

-- The key's business is its user's (DESIGN.md section 24: every business-owned row carries it).
DROP FUNCTION IF EXISTS idempotency_claim(INTEGER, TEXT, TEXT, TIMESTAMPTZ, INTEGER);
CREATE OR REPLACE FUNCTION idempotency_claim(p_business INTEGER, p_user INTEGER, p_key TEXT, p_hash TEXT,
                                             p_now TIMESTAMPTZ, p_ttl_hours INTEGER)
RETURNS JSONB LANGUAGE plpgsql AS $$
BEGIN
  RETURN nullif(idempotency_claim_all(jsonb_build_array(jsonb_build_object(
    'business_id', p_business, 'user_id', p_user, 'key', p_key, 'request_hash', p_hash, 'now', p_now, 'ttl_hours', p_ttl_hours)))->0,
    'null'::jsonb);
END;
$$;

-- Stores the answers with their keys under the locks idempotency_claim took: a row still there is
-- an expired key, which starts afresh. p_keys: [{business_id, user_id, key, request_hash, now}]
-- or null (an operation without a key, skipped), p_responses: each key's answer, in the same
-- order (a batch passes its answers as built, without copying each into its key's object).
CREATE OR REPLACE FUNCTION idempotency_store_each(p_keys JSONB[], p_responses JSONB[]) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys AS k (business_id, user_id, key, request_hash, response, status_code, created_at)
  SELECT (x.k->>'business_id')::int, (x.k->>'user_id')::int, x.k->>'key', x.k->>'request_hash', x.response, 200,
         (x.k->>'now')::timestamptz
  FROM unnest(p_keys, p_responses) AS x(k, response)
  WHERE nullif(x.k, 'null'::jsonb) IS NOT NULL
  ORDER BY (x.k->>'user_id')::int, x.k->>'key'
  ON CONFLICT (user_id, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, response = EXCLUDED.response, status_code = 200,
        created_at = EXCLUDED.created_at;
END;
$$;

-- The same for [{business_id, user_id, key, request_hash, now, response}].
CREATE OR REPLACE FUNCTION idempotency_store_all(p_keys JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idempotency_store_each(ARRAY(SELECT k - 'response' FROM jsonb_array_elements(p_keys) AS k),
                                 ARRAY(SELECT k->'response' FROM jsonb_array_elements(p_keys) AS k));
END;
$$;

DROP FUNCTION IF EXISTS idempotency_store(INTEGER, TEXT, TEXT, TIMESTAMPTZ, JSONB);
CREATE OR REPLACE FUNCTION idempotency_store(p_business INTEGER, p_user INTEGER, p_key TEXT, p_hash TEXT,
                                             p_now TIMESTAMPTZ, p_response JSONB)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idempotency_store_all(jsonb_build_array(jsonb_build_object(
    'business_id', p_business, 'user_id', p_user, 'key', p_key, 'request_hash', p_hash, 'now', p_now, 'response', p_response)));
END;
$$;
