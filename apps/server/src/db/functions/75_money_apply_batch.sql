-- Group commit (DESIGN.md sections 3 and 4): several money operations in one transaction and one
-- round trip (modules/finance/money-batch.ts). Each runs in its own subtransaction, exactly as
-- money_apply runs it alone: a refusal (an overdraft, a wrong state, a stale rate, a reused key)
-- rolls back only that operation, and its caller gets the error it gets today. Two operations
-- with one Idempotency-Key in one batch: the second finds the first's stored answer (the key's
-- advisory lock is the same backend's) and replays it. Returns, in order, {"ok": answer} or
-- {"error": {"code", "detail", "message"}} per operation; nothing is acknowledged before the
-- batch's transaction commits.
CREATE OR REPLACE FUNCTION money_apply_batch(p_ops JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  op JSONB;
  results JSONB[] := '{}';
  v_state TEXT;
  v_detail TEXT;
  v_message TEXT;
BEGIN
  FOR op IN SELECT e.value FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
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
