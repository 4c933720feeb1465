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
CREATE OR REPLACE FUNCTION idempotency_claim(p_user INTEGER, p_key TEXT, p_hash TEXT,
                                             p_now TIMESTAMPTZ, p_ttl_hours INTEGER)
RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  prior RECORD;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_user::text || ':' || p_key, 7245002));
  SELECT request_hash, response, created_at INTO prior FROM idempotency_keys
  WHERE user_id = p_user AND key = p_key;
  IF NOT FOUND OR prior.response IS NULL
     OR prior.created_at <= p_now - make_interval(hours => p_ttl_hours) THEN
    RETURN NULL;
  END IF;
  IF prior.request_hash <> p_hash THEN
    RAISE EXCEPTION 'Idempotency-Key reused for another request' USING ERRCODE = 'BO410';
  END IF;
  RETURN prior.response;
END;
$$;

-- Stores the answers with their keys, [{user_id, key, request_hash, now, response}], under the
-- locks idempotency_claim took: a row still there is an expired key, which starts afresh.
CREATE OR REPLACE FUNCTION idempotency_store_all(p_keys JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys AS k (user_id, key, request_hash, response, status_code, created_at)
  SELECT r.user_id, r.key, r.request_hash, r.response, 200, r.now
  FROM jsonb_to_recordset(p_keys) AS r(user_id INTEGER, key TEXT, request_hash TEXT, now TIMESTAMPTZ, response JSONB)
  ORDER BY r.user_id, r.key
  ON CONFLICT (user_id, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, response = EXCLUDED.response, status_code = 200,
        created_at = EXCLUDED.created_at;
END;
$$;

CREATE OR REPLACE FUNCTION idempotency_store(p_user INTEGER, p_key TEXT, p_hash TEXT,
                                             p_now TIMESTAMPTZ, p_response JSONB)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idempotency_store_all(jsonb_build_array(jsonb_build_object(
    'user_id', p_user, 'key', p_key, 'request_hash', p_hash, 'now', p_now, 'response', p_response)));
END;
$$;
