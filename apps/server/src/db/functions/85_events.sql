-- Live updates (DESIGN.md section 13): each statement that writes events announces their ids on
-- the `app_events` channel, 300 ids a notification (a payload holds 8,000 bytes). PostgreSQL
-- delivers a NOTIFY only when its transaction commits, so a stream never tells of what was
-- rolled back; every server process LISTENs (lib/events.ts).
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

CREATE OR REPLACE FUNCTION events_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids TEXT;
BEGIN
  FOR ids IN
    SELECT string_agg(id::text, ',' ORDER BY id)
    FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 300 AS chunk FROM new_rows) numbered
    GROUP BY chunk ORDER BY chunk
  LOOP
    PERFORM pg_notify('app_events', ids);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER events_announce AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_announce();

-- A notification tells its recipient's streams (DESIGN.md section 13). Its unread count is not
-- written here, where counting costs every notification as many rows as its recipient has unread
-- (and a recipient nobody is watching needs none): event_views adds it when a stream reads it.
CREATE OR REPLACE FUNCTION notifications_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (business_id, user_id, type, data)
  SELECT n.business_id, n.user_id, 'notification', jsonb_build_object(
           'notification', jsonb_build_object('id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body,
                                              'title_message', n.title_message,
                                              'body_message', n.body_message, 'entity', n.entity, 'entity_id', n.entity_id,
                                              'read_at', n.read_at, 'created_at', n.created_at))
  FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER notifications_events AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_written();

-- Events as the streams send them (lib/events.ts): a notification's event with its recipient's
-- unread count as it is when read.
CREATE OR REPLACE VIEW event_views AS
SELECT e.id, e.user_id, e.type, e.created_at,
       CASE WHEN e.type = 'notification' AND NOT e.data ? 'unread'
            THEN e.data || jsonb_build_object('unread', (SELECT count(*) FROM notifications n
                                                         WHERE n.user_id = e.user_id AND n.read_at IS NULL))
            ELSE e.data END AS data,
       e.business_id
FROM events e;

-- An offer's parties hear of its life: created, edited, submitted, decided, deleted. A draft is
-- its creator's alone until it is submitted. Written here, once for every path that changes an
-- offer (money_apply's approvals included); the web app refreshes its offer tables and balances.
CREATE OR REPLACE FUNCTION offer_events(p_offers offers[], p_deleted BOOLEAN) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (business_id, user_id, type, data)
  SELECT DISTINCT o.business_id, party, 'offer',
         jsonb_build_object('offer_id', o.id, 'status', CASE WHEN p_deleted THEN 'DELETED' ELSE o.status END)
  FROM unnest(p_offers) AS o
  CROSS JOIN LATERAL unnest(CASE WHEN o.status = 'DRAFT' OR p_deleted THEN ARRAY[o.created_by]
                                 ELSE ARRAY[o.created_by, o.from_user_id, o.to_user_id] END) AS party;
END;
$$;

-- The one writer of notifications (DESIGN.md section 15): the server's (notify() of
-- modules/notifications/notify.ts) and the offers' below are all inserted here, in the caller's
-- transaction. Rows: [{business_id, user_id, kind, title, title_message, body, body_message,
-- entity, entity_id}]; an overdue debt already announced to its recipient is skipped (the partial
-- unique index of migration 0018). Returns the rows written. PL/pgSQL, so its statement is planned
-- once per session, not at every call as a SQL-language function's is (docs/benchmarks.md).
CREATE OR REPLACE FUNCTION notifications_write(p_rows JSONB) RETURNS SETOF notifications LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO notifications (business_id, user_id, kind, title, title_message, body, body_message,
                             entity, entity_id)
  SELECT r.business_id, r.user_id, r.kind, r.title, r.title_message, coalesce(r.body, ''), r.body_message,
         r.entity, r.entity_id
  FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS x(item, n)
  CROSS JOIN LATERAL jsonb_to_record(x.item) AS r(business_id INTEGER, user_id INTEGER, kind TEXT, title TEXT,
         title_message JSONB, body TEXT, body_message JSONB, entity TEXT, entity_id INTEGER)
  ORDER BY x.n
  ON CONFLICT (user_id, entity_id) WHERE kind = 'DEBT_OVERDUE' DO NOTHING
  RETURNING *;
END;
$$;

-- A submitted offer waits for the other party (OFFER_PENDING); a decided one is told to its
-- creator (OFFER_DECIDED), in the transaction that changed it.
CREATE OR REPLACE FUNCTION offer_notifications(p_old offers[], p_new offers[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The title is kept as its message too (DESIGN.md section 15), rendered for its reader; the body
  -- is the actor's e-mail and the offer's reason, a person's own words.
  PERFORM count(*) FROM notifications_write((
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'business_id', n.business_id,
             'user_id', CASE WHEN n.status = 'PENDING'
                             THEN CASE WHEN n.created_by = n.from_user_id THEN n.to_user_id ELSE n.from_user_id END
                             ELSE n.created_by END,
             'kind', CASE WHEN n.status = 'PENDING' THEN 'OFFER_PENDING' ELSE 'OFFER_DECIDED' END,
             'title', CASE n.status
                        WHEN 'PENDING' THEN format('Taklif #%s qaroringizni kutmoqda', n.id)
                        WHEN 'APPROVED' THEN format('Taklif #%s tasdiqlandi', n.id)
                        ELSE format('Taklif #%s rad etildi', n.id)
                      END,
             'title_message', jsonb_build_object('key', CASE n.status
                                                          WHEN 'PENDING' THEN 'notice.offer_waiting_for_your_decision'
                                                          WHEN 'APPROVED' THEN 'notice.offer_approved'
                                                          ELSE 'notice.offer_rejected'
                                                        END,
                                                 'values', jsonb_build_object('id', n.id)),
             'body', format('%s: %s', actor.email, n.reason),
             'entity', 'offer', 'entity_id', n.id) ORDER BY n.id), '[]'::jsonb)
    FROM unnest(p_new) AS n
    JOIN unnest(p_old) AS o ON o.id = n.id
    JOIN users actor ON actor.id = CASE WHEN n.status = 'PENDING' THEN n.created_by ELSE n.decided_by END
    WHERE o.status IS DISTINCT FROM n.status AND n.status IN ('PENDING', 'APPROVED', 'REJECTED')));
END;
$$;

CREATE OR REPLACE FUNCTION offers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM offer_events(ARRAY(SELECT n::offers FROM new_rows n), false);
  RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION offers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed offers[] := ARRAY(SELECT n::offers FROM new_rows n);
BEGIN
  PERFORM offer_notifications(ARRAY(SELECT o::offers FROM old_rows o), changed);
  PERFORM offer_events(changed, false);
  RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION offers_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM offer_events(ARRAY(SELECT o::offers FROM old_rows o), true);
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER offers_inserted_events AFTER INSERT ON offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_inserted();
CREATE OR REPLACE TRIGGER offers_updated_events AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_updated();
CREATE OR REPLACE TRIGGER offers_deleted_events AFTER DELETE ON offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_deleted();
