-- An offer as the API shows it (DESIGN.md section 4), before the server shapes it.
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- An offer as the API shows it (DESIGN.md section 4), before the server shapes it: its lines and
-- parties as JSON, amounts and quantities as text with their fixed scale
-- (modules/offers/offers.views.ts turns a row into the API's offer object).
CREATE OR REPLACE VIEW offer_views AS
SELECT o.id, o.business_id, o.kind, o.status, o.created_by, o.from_user_id, o.to_user_id, o.reason,
       o.created_at, o.submitted_at, o.decided_at,
       coalesce((SELECT json_agg(json_build_object('currency_id', l.currency_id, 'code', c.code,
                                                   'amount', l.amount::text) ORDER BY l.id)
                 FROM offer_money_lines l JOIN currencies c ON c.id = l.currency_id
                 WHERE l.offer_id = o.id), '[]') AS money_lines,
       -- A line's loss (DESIGN.md section 20): the TRANSIT_LOSS exit its approval wrote, if any.
       coalesce((SELECT json_agg(json_build_object('variant_id', i.variant_id, 'quantity', i.quantity::text,
                                                   'lost', coalesce(x.qty_issued, 0)::numeric(18,3)::text,
                                                   'loss_reason', x.note)
                                 ORDER BY i.id)
                 FROM offer_item_lines i
                 LEFT JOIN stock_exits x ON x.offer_id = o.id AND x.variant_id = i.variant_id
                 WHERE i.offer_id = o.id), '[]') AS item_lines,
       (SELECT json_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
                                 'last_name', u.last_name, 'code', u.code)
        FROM users u WHERE u.id = o.created_by) AS creator,
       (SELECT json_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
                                 'last_name', u.last_name, 'code', u.code)
        FROM users u WHERE u.id = o.from_user_id) AS from_user,
       (SELECT json_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
                                 'last_name', u.last_name, 'code', u.code)
        FROM users u WHERE u.id = o.to_user_id) AS to_user
FROM offers o;
