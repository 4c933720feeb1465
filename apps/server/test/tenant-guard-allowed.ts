import type { AllowedStatement } from './tenant-guard.ts';

/**
 * The statements the tenant guard (test/tenant-guard.ts) lets through without business_id, one a
 * line: the server file (relative to apps/server/src) | the table it names | its kind | why.
 * `routing` and `all-businesses` entries stay (docs/scaling.md says how each runs once sharded); a
 * `todo` entry is a file's statements on a table still to be given their business, and the list
 * only shrinks.
 */
const LIST = `
db/row-queries.ts | invitations | routing | an invitation is checked by its token hash before a business is known
db/row-queries.ts | notifications | todo | to be given its business: select 1 as "found" from "notifications" where ("id" = $1 and "user_id" = $2) limit $3
db/row-queries.ts | password_reset_tokens | routing | a reset token is checked by its hash before a business is known
db/row-queries.ts | refresh_tokens | routing | a token family is ended by its hash (sign-out, reuse detection) before a business is known
lib/events.ts | event_views | all-businesses | the process's one listener reads newly committed events of every business by id (DESIGN.md section 13)
lib/events.ts | events | all-businesses | the listener's catch-up and the day-old events' cleanup run over every business
modules/admin/balances.service.ts | balances | todo | to be given its business: select "on_hand" from "balances" where "user_id" = $1 and "currency_id" = $2
modules/auth/auth.repository.ts | invitations | routing | an invitation is found by its token hash before a business is known
modules/auth/auth.repository.ts | password_reset_tokens | routing | a reset token is found by its hash before a business is known
modules/auth/auth.repository.ts | refresh_tokens | routing | a refresh token is found by its hash before a business is known
modules/auth/auth.repository.ts | users | routing | sign-in finds the user by e-mail (and the signed-in user by id) before a business is known
modules/catalog/attributes.repository.ts | colors | todo | to be given its business: delete from "colors" where "id" = $1 returning "name", "code"
modules/catalog/attributes.repository.ts | products | todo | to be given its business: select count(*) as "n" from "products" where "unit_id" = $1
modules/catalog/attributes.repository.ts | sizes | todo | to be given its business: delete from "sizes" where "id" = $1 returning "size"
modules/catalog/attributes.repository.ts | units | todo | to be given its business: delete from "units" where "id" = $1 returning "name", "measure"
modules/catalog/attributes.repository.ts | variants | todo | to be given its business: select count(*) as "n" from "variants" where "size_id" = $1
modules/catalog/catalog.repository.ts | offer_item_lines | todo | to be given its business: select count(DISTINCT offer_id) as "n" from "offer_item_lines" where "variant_id" = $1
modules/catalog/catalog.repository.ts | products | todo | to be given its business: update "products" set "code" = $1, "unit_id" = $2, "updated_at" = now() where "id" = $3
modules/catalog/catalog.repository.ts | stock_balances | todo | to be given its business: select (exists (select "id" from "stock_moves" where "variant_id" = $1) or exists (select "id" from "stock_bal
modules/catalog/catalog.repository.ts | stock_moves | todo | to be given its business: select (exists (select "id" from "stock_moves" where "variant_id" = $1) or exists (select "id" from "stock_bal
modules/catalog/catalog.repository.ts | variants | todo | to be given its business: select count(*) as "n" from "variants" where "product_id" = $1
modules/catalog/locations.repository.ts | locations | todo | to be given its business: update "locations" set "name" = $1, "kind" = $2, "address" = $3, "is_active" = $4 where "id" = $5 returning "i
modules/catalog/prices.repository.ts | price_types | todo | to be given its business: select "vp"."variant_id", "vp"."price_type_id", "vp"."price", "pt"."currency_id" from "variant_prices" as "vp"
modules/catalog/prices.repository.ts | variant_prices | todo | to be given its business: select "vp"."variant_id", "vp"."price_type_id", "vp"."price", "pt"."currency_id" from "variant_prices" as "vp"
modules/chat/chat.repository.ts | conversation_members | todo | to be given its business:  SELECT coalesce(sum((SELECT count(*) FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.id > 
modules/chat/chat.repository.ts | conversations | todo | to be given its business: select "id" from "conversations" where "user_low_id" = $1 and "user_high_id" = $2
modules/chat/chat.repository.ts | messages | todo | to be given its business:  SELECT coalesce(sum((SELECT count(*) FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.id > 
modules/chat/chat.repository.ts | users | todo | to be given its business: select "m"."id", "m"."conversation_id", "m"."text", "m"."created_at", json_build_object('id', s.id, 'email', s
modules/debts/counterparties.repository.ts | debts | todo | to be given its business: select count(*) as "n" from "debts" where "counterparty_id" = $1
modules/debts/counterparties.service.ts | counterparties | todo | to be given its business: update "counterparties" set "updated_at" = $1 where "id" = $2 returning "name"
modules/debts/debts.repository.ts | debt_payments | todo | to be given its business: select "p"."id", "p"."debt_id", "p"."amount", "cur"."code" as "currency_code", "p"."money_transaction_id", "p"
modules/debts/debts.repository.ts | debts | todo | to be given its business: select "p"."id", "p"."debt_id", "p"."amount", "cur"."code" as "currency_code", "p"."money_transaction_id", "p"
modules/debts/debts.repository.ts | users | todo | to be given its business: select "p"."id", "p"."debt_id", "p"."amount", "cur"."code" as "currency_code", "p"."money_transaction_id", "p"
modules/debts/debts.service.ts | debts | todo | to be given its business: select "id", "paid", "amount", "direction", due_date::text as "due" from "debts" where "document_id" = $1 and 
modules/documents/document-reading.ts | documents | todo | to be given its business: select "documents"."on_credit", "documents"."change_uzs", "documents"."refund", "documents"."overhead", "rv"."
modules/documents/document-reading.ts | recipe_versions | todo | to be given its business: select "documents"."on_credit", "documents"."change_uzs", "documents"."refund", "documents"."overhead", "rv"."
modules/documents/document-returns.ts | document_lines | todo | to be given its business: select "l"."source_line_id", sum(l.qty) as "qty", sum(l.amount) as "amount" from "document_lines" as "l" inner
modules/documents/document-returns.ts | documents | todo | to be given its business: select "id", "number", "status", "total", "refund", doc_date::text as "date" from "documents" where "source_id
modules/documents/documents.repository.ts | colors | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | debts | todo | to be given its business: select "id" from "debts" where "document_id" = $1
modules/documents/documents.repository.ts | document_lines | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | document_payments | todo | to be given its business: select "p"."currency_id", "c"."code" as "currency_code", "p"."amount" from "document_payments" as "p" inner jo
modules/documents/documents.repository.ts | documents | todo | to be given its business: update "documents" set "status" = $1, "posted_by" = $2, "posted_at" = now(), "updated_at" = now(), "change_uzs
modules/documents/documents.repository.ts | money_transactions | todo | to be given its business: select "user_id", "currency_id", "amount", "rate_to_uzs", "tx_type" from "money_transactions" where "document_
modules/documents/documents.repository.ts | price_types | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | products | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | sizes | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | units | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/documents.repository.ts | variants | todo | to be given its business: select "l"."id", "l"."line_no", "l"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.model, 
modules/documents/stock-counts.kind.ts | document_lines | todo | to be given its business: UPDATE document_lines AS l SET variance = v.variance, qty = abs(v.variance), price = v.price, amount = v.amoun
modules/documents/stock-counts.service.ts | document_lines | todo | to be given its business: update "document_lines" set "counted_qty" = coalesce(counted_qty, 0) + 1 where "document_id" = $1 and "variant
modules/documents/stock-counts.service.ts | variants | todo | to be given its business: select "sku" from "variants" where "id" = $1
modules/finance/finance.repository.ts | balances | todo | to be given its business: select "b"."id", "b"."currency_id", "c"."code", "b"."on_hand" from "balances" as "b" inner join "currencies" a
modules/finance/transactions.repository.ts | money_transactions | todo | to be given its business: WITH matches AS MATERIALIZED ( SELECT id, amount, created_at, currency_id, tx_type, offer_id FROM money_transa
modules/finance/transactions.repository.ts | money_tx_counts | todo | to be given its business: select coalesce(sum("n"), 0) as "count" from "money_tx_counts" where "user_id" = $1
modules/imports/catalog.kind.ts | products | todo | to be given its business:  UPDATE products p SET name = r.name, model = r.model, type = r.type, unit_id = r.unit_id, updated_at = now() 
modules/imports/imports.repository.ts | import_rows | todo | to be given its business:  SELECT line, first, value FROM ( SELECT line, data->>$1 AS value, first_value(line) OVER (PARTITION BY data->
modules/imports/imports.repository.ts | imports | todo | to be given its business: update "imports" set "status" = $1, "columns" = $2, "column_names" = $3, "row_count" = $4, "valid_count" = $5,
modules/inventory/count-stock.ts | products | todo | to be given its business: select "p"."type" from "variants" as "v" inner join "products" as "p" on "p"."id" = "v"."product_id" where "v"
modules/inventory/count-stock.ts | stock_balances | todo | to be given its business: select "variant_id" from "stock_balances" where "department_id" = $1 and "variant_id" in ($2, $3) order by "va
modules/inventory/count-stock.ts | variants | todo | to be given its business: select "p"."type" from "variants" as "v" inner join "products" as "p" on "p"."id" = "v"."product_id" where "v"
modules/inventory/document-stock.ts | stock_entries | todo | to be given its business: select "id", "department_id", "variant_id", "document_line_id" from "stock_entries" where "document_line_id" i
modules/inventory/document-stock.ts | stock_exits | todo | to be given its business: select "id", "department_id", "variant_id", "document_line_id" from "stock_exits" where "document_line_id" in 
modules/inventory/document-stock.ts | stock_lots | todo | to be given its business: select "e"."document_line_id", sum(-m.qty * l.unit_cost * l.rate_to_uzs)::text as "cost" from "stock_exits" as
modules/inventory/document-stock.ts | stock_moves | todo | to be given its business: select "e"."document_line_id", sum(-m.qty * l.unit_cost * l.rate_to_uzs)::text as "cost" from "stock_exits" as
modules/inventory/inventory.offers.ts | offer_item_lines | todo | to be given its business: select "variant_id", "quantity" from "offer_item_lines" where "offer_id" = $1
modules/inventory/inventory.offers.ts | stock_lots | todo | to be given its business: select "currency_id" from "stock_lots" where "department_id" = $1 and "variant_id" = $2 and "qty_remaining" > 
modules/inventory/inventory.repository.ts | colors | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | products | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | sizes | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | stock_balances | todo | to be given its business:  WITH pair AS ( SELECT count(*) AS count, coalesce(sum(row_version), 0) AS sum FROM stock_balances WHERE depar
modules/inventory/inventory.repository.ts | stock_entries | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | stock_exits | todo | to be given its business: select "x"."id", "x"."department_id", "x"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | stock_lots | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | units | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/inventory.repository.ts | variants | todo | to be given its business: select "e"."id", "e"."department_id", "e"."variant_id", "v"."product_id", "v"."sku", variant_label(p.name, p.m
modules/inventory/stock-ledger.ts | stock_balances | todo | to be given its business:  UPDATE stock_balances AS b SET qty_on_hand = b.qty_on_hand - v.qty, updated_at = now() FROM (VALUES ($1::int,
modules/inventory/stock-ledger.ts | stock_lots | todo | to be given its business: select "id", "variant_id", "qty_remaining", "unit_cost", "currency_id" from "stock_lots" where "department_id"
modules/inventory/stock-ledger.ts | variants | todo | to be given its business:  UPDATE stock_balances AS b SET qty_on_hand = b.qty_on_hand - v.qty, updated_at = now() FROM (VALUES ($1::int,
modules/inventory/stock-reversal.ts | stock_balances | todo | to be given its business: select "variant_id", "qty_on_hand" from "stock_balances" where "department_id" = $1 and "variant_id" in ($2)
modules/inventory/stock-reversal.ts | stock_lots | todo | to be given its business: UPDATE stock_lots AS l SET qty_remaining = l.qty_remaining + v.back FROM (VALUES ($1::int, $2::numeric), ($3::
modules/inventory/stock-reversal.ts | stock_moves | todo | to be given its business: select "department_id", "variant_id", "exit_id", "lot_id", "document_line_id", sum(qty) as "qty" from "stock_m
modules/notifications/notifications.repository.ts | colors | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/notifications/notifications.repository.ts | notifications | todo | to be given its business: select "id", "kind", "title", "body", "title_message", "body_message", "entity", "entity_id", "read_at", "crea
modules/notifications/notifications.repository.ts | products | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/notifications/notifications.repository.ts | sizes | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/notifications/notifications.repository.ts | units | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/notifications/notifications.repository.ts | users | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/notifications/notifications.repository.ts | variants | todo | to be given its business: select "v"."sku", variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) as "label", (SEL
modules/offers/offers.received.ts | offer_item_lines | todo | to be given its business: select "variant_id", "quantity" from "offer_item_lines" where "offer_id" = $1
modules/offers/offers.received.ts | variants | todo | to be given its business: select "i"."variant_id", "i"."quantity", "v"."sku" from "offer_item_lines" as "i" inner join "variants" as "v"
modules/offers/offers.repository.ts | offer_views | todo | to be given its business: select * from "offer_views" where "id" in ($1)
modules/offers/offers.repository.ts | offers | todo | to be given its business: update "offers" set "status" = $1, "submitted_at" = now() where "id" = $2 returning "decided_at"
modules/offers/offers.service.ts | users | todo | to be given its business: select "id", "email" from "users" where "id" in ($1, $2)
modules/production/recipes.repository.ts | recipe_inputs | todo | to be given its business: select "line_no", "variant_id", "qty" from "recipe_inputs" where "version_id" = $1 order by "line_no"
modules/production/recipes.repository.ts | recipe_versions | todo | to be given its business: select "rv"."id", "rv"."version", "rv"."overhead", "rv"."currency_id", "c"."code" as "currency_code", "rv"."no
modules/production/recipes.repository.ts | recipes | todo | to be given its business: update "recipes" set "current_version" = $1, "updated_at" = now() where "id" = $2
modules/production/recipes.repository.ts | users | todo | to be given its business: select "rv"."id", "rv"."version", "rv"."overhead", "rv"."currency_id", "c"."code" as "currency_code", "rv"."no
modules/shifts/shifts.repository.ts | balances | todo | to be given its business: select "currency_id", "on_hand" from "balances" where "user_id" = $1 order by "currency_id" for update
modules/shifts/shifts.repository.ts | cash_shift_amounts | todo | to be given its business:  WITH moved AS ( SELECT DISTINCT t.shift_id, t.currency_id FROM money_transactions t WHERE t.shift_id IN ($1, 
modules/shifts/shifts.repository.ts | cash_shifts | todo | to be given its business: select "id" from "cash_shifts" where "department_id" = $1 and "closed_at" is null for share
modules/shifts/shifts.repository.ts | money_transactions | todo | to be given its business:  WITH moved AS ( SELECT DISTINCT t.shift_id, t.currency_id FROM money_transactions t WHERE t.shift_id IN ($1, 
modules/shifts/shifts.service.ts | cash_shifts | todo | to be given its business: update "cash_shifts" set "closed_at" = clock_timestamp(), "closed_by" = $1 where "id" = $2
modules/shifts/z-report.repository.ts | debts | todo | to be given its business:  SELECT cur.code AS currency_code, sum(b.amount)::text AS amount, count(DISTINCT d.id)::int AS sales FROM debt
modules/shifts/z-report.repository.ts | documents | todo | to be given its business:  SELECT t.currency_id, x.line, t.tx_type, sum(t.amount)::text AS amount, count(*)::int AS rows FROM money_tran
modules/shifts/z-report.repository.ts | money_transactions | todo | to be given its business:  SELECT t.currency_id, x.line, t.tx_type, sum(t.amount)::text AS amount, count(*)::int AS rows FROM money_tran
modules/telegram/telegram.repository.ts | telegram_link_codes | routing | a Telegram link code is found by its hash, from a chat that has no business yet
modules/telegram/telegram.repository.ts | users | routing | a Telegram chat finds its user by chat id before a business is known
modules/users/admin-users.service.ts | users | todo | to be given its business: update "users" set "role" = $1, "first_name" = $2, "last_name" = $3, "code" = $4, "login_otp" = $5, "is_active
modules/users/users.repository.ts | users | todo | to be given its business: update "users" set "language" = $1 where "id" = $2
`;

export const TENANT_GUARD_ALLOWED: readonly AllowedStatement[] = LIST.trim()
  .split('\n')
  .map((line) => {
    const [file = '', table = '', kind = '', reason = ''] = line.split(' | ');
    if (kind !== 'routing' && kind !== 'all-businesses' && kind !== 'todo')
      throw new Error(`bad kind: ${line}`);
    return { file, table, kind, reason };
  });
