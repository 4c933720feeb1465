-- Ready to shard (DESIGN.md section 24, "Sharding later, ready now"): every business-owned table
-- carries business_id, so the schema can be distributed by it (docs/scaling.md, which also gives
-- the decision for each table: business-owned, user-owned by e-mail, global reference).
--
-- Each table below takes its business from the parent it already names, backfilled here; the
-- writers set it from what they know (the request's business, money_post's entries). A composite
-- foreign key to the parent's (business_id, id) both makes it NOT NULL-and-true (a row cannot
-- claim another business than its parent's) and is the form Citus needs between colocated
-- distributed tables (the distribution column in every foreign key). The parents get the
-- UNIQUE (business_id, id) such a key references. No new index is needed for reads: every query
-- keeps its selective key (a document's lines by document_id, a user's events by user_id, ...) and
-- adds business_id beside it.

ALTER TABLE users ADD CONSTRAINT users_business_id_unique UNIQUE (business_id, id);
ALTER TABLE documents ADD CONSTRAINT documents_business_id_unique UNIQUE (business_id, id);
ALTER TABLE debts ADD CONSTRAINT debts_business_id_unique UNIQUE (business_id, id);
ALTER TABLE offers ADD CONSTRAINT offers_business_id_unique UNIQUE (business_id, id);
ALTER TABLE conversations ADD CONSTRAINT conversations_business_id_unique UNIQUE (business_id, id);
ALTER TABLE imports ADD CONSTRAINT imports_business_id_unique UNIQUE (business_id, id);
ALTER TABLE variants ADD CONSTRAINT variants_business_id_unique UNIQUE (business_id, id);

-- A user's rows: their business.
ALTER TABLE balances ADD COLUMN business_id INTEGER;
UPDATE balances t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE money_tx_counts ADD COLUMN business_id INTEGER;
UPDATE money_tx_counts t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE events ADD COLUMN business_id INTEGER;
UPDATE events t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE idempotency_keys ADD COLUMN business_id INTEGER;
UPDATE idempotency_keys t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE invitations ADD COLUMN business_id INTEGER;
UPDATE invitations t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE refresh_tokens ADD COLUMN business_id INTEGER;
UPDATE refresh_tokens t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE password_reset_tokens ADD COLUMN business_id INTEGER;
UPDATE password_reset_tokens t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;
ALTER TABLE telegram_link_codes ADD COLUMN business_id INTEGER;
UPDATE telegram_link_codes t SET business_id = u.business_id FROM users u WHERE u.id = t.user_id;

-- A document's, a debt's, an offer's, a conversation's, an import's, a variant's rows.
ALTER TABLE document_lines ADD COLUMN business_id INTEGER;
UPDATE document_lines t SET business_id = d.business_id FROM documents d WHERE d.id = t.document_id;
ALTER TABLE document_payments ADD COLUMN business_id INTEGER;
UPDATE document_payments t SET business_id = d.business_id FROM documents d WHERE d.id = t.document_id;
ALTER TABLE debt_payments ADD COLUMN business_id INTEGER;
UPDATE debt_payments t SET business_id = d.business_id FROM debts d WHERE d.id = t.debt_id;
ALTER TABLE offer_money_lines ADD COLUMN business_id INTEGER;
UPDATE offer_money_lines t SET business_id = o.business_id FROM offers o WHERE o.id = t.offer_id;
ALTER TABLE offer_item_lines ADD COLUMN business_id INTEGER;
UPDATE offer_item_lines t SET business_id = o.business_id FROM offers o WHERE o.id = t.offer_id;
ALTER TABLE messages ADD COLUMN business_id INTEGER;
UPDATE messages t SET business_id = c.business_id FROM conversations c WHERE c.id = t.conversation_id;
ALTER TABLE conversation_members ADD COLUMN business_id INTEGER;
UPDATE conversation_members t SET business_id = c.business_id FROM conversations c WHERE c.id = t.conversation_id;
ALTER TABLE import_rows ADD COLUMN business_id INTEGER;
UPDATE import_rows t SET business_id = i.business_id FROM imports i WHERE i.id = t.import_id;
ALTER TABLE variant_prices ADD COLUMN business_id INTEGER;
UPDATE variant_prices t SET business_id = v.business_id FROM variants v WHERE v.id = t.variant_id;

ALTER TABLE balances ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT balances_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE money_tx_counts ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT money_tx_counts_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE events ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT events_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE idempotency_keys ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT idempotency_keys_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE invitations ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT invitations_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE refresh_tokens ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT refresh_tokens_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE password_reset_tokens ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT password_reset_tokens_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE telegram_link_codes ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT telegram_link_codes_business_user_fk FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id);
ALTER TABLE document_lines ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT document_lines_business_document_fk FOREIGN KEY (business_id, document_id)
    REFERENCES documents (business_id, id) ON DELETE CASCADE;
ALTER TABLE document_payments ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT document_payments_business_document_fk FOREIGN KEY (business_id, document_id)
    REFERENCES documents (business_id, id) ON DELETE CASCADE;
ALTER TABLE debt_payments ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT debt_payments_business_debt_fk FOREIGN KEY (business_id, debt_id) REFERENCES debts (business_id, id);
ALTER TABLE offer_money_lines ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT offer_money_lines_business_offer_fk FOREIGN KEY (business_id, offer_id)
    REFERENCES offers (business_id, id) ON DELETE CASCADE;
ALTER TABLE offer_item_lines ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT offer_item_lines_business_offer_fk FOREIGN KEY (business_id, offer_id)
    REFERENCES offers (business_id, id) ON DELETE CASCADE;
ALTER TABLE messages ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT messages_business_conversation_fk FOREIGN KEY (business_id, conversation_id)
    REFERENCES conversations (business_id, id) ON DELETE CASCADE;
ALTER TABLE conversation_members ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT conversation_members_business_conversation_fk FOREIGN KEY (business_id, conversation_id)
    REFERENCES conversations (business_id, id) ON DELETE CASCADE;
ALTER TABLE import_rows ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT import_rows_business_import_fk FOREIGN KEY (business_id, import_id)
    REFERENCES imports (business_id, id) ON DELETE CASCADE;
ALTER TABLE variant_prices ALTER COLUMN business_id SET NOT NULL,
  ADD CONSTRAINT variant_prices_business_variant_fk FOREIGN KEY (business_id, variant_id)
    REFERENCES variants (business_id, id) ON DELETE CASCADE;

-- Each composite key above implies its parent exists, so the parent's single-column key it
-- replaces goes: an insert checks one foreign key, as before (the money path's rows among them).
ALTER TABLE balances DROP CONSTRAINT balances_user_id_fkey;
ALTER TABLE money_tx_counts DROP CONSTRAINT money_tx_counts_user_id_fkey;
ALTER TABLE events DROP CONSTRAINT events_user_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_user_id_fkey;
ALTER TABLE invitations DROP CONSTRAINT invitations_user_id_fkey;
ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_user_id_fkey;
ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_user_id_fkey;
ALTER TABLE telegram_link_codes DROP CONSTRAINT telegram_link_codes_user_id_fkey;
ALTER TABLE document_lines DROP CONSTRAINT document_lines_document_id_fkey;
ALTER TABLE document_payments DROP CONSTRAINT document_payments_document_id_fkey;
ALTER TABLE debt_payments DROP CONSTRAINT debt_payments_debt_id_fkey;
ALTER TABLE offer_money_lines DROP CONSTRAINT offer_money_lines_offer_id_fkey;
ALTER TABLE offer_item_lines DROP CONSTRAINT offer_item_lines_offer_id_fkey;
ALTER TABLE messages DROP CONSTRAINT messages_conversation_id_fkey;
ALTER TABLE conversation_members DROP CONSTRAINT conversation_members_conversation_id_fkey;
ALTER TABLE import_rows DROP CONSTRAINT import_rows_import_id_fkey;
ALTER TABLE variant_prices DROP CONSTRAINT variant_prices_variant_id_fkey;
