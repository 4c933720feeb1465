-- Messages travel as keys with values (DESIGN.md section 15): a History line's summary, a ledger
-- row's and a debt's generated reason, a notification's title and body keep the message they were
-- written from, {key, values} as JSONB, and are rendered in their reader's language. The text
-- columns keep the Uzbek rendering (History's search, the files, older clients); a row written
-- before this migration has no message and is shown as stored.
ALTER TABLE audit_log ADD COLUMN summary_message JSONB;
ALTER TABLE money_transactions ADD COLUMN reason_message JSONB;
ALTER TABLE debts ADD COLUMN reason_message JSONB;
ALTER TABLE debt_payments ADD COLUMN reason_message JSONB;
ALTER TABLE notifications ADD COLUMN title_message JSONB, ADD COLUMN body_message JSONB;
