-- The words of an import's columns that no template names (DESIGN.md sections 17 and 19): a
-- catalogue's price columns, one per price type, kept as messages {key: message} so that the
-- preview names them in each reader's language.
ALTER TABLE imports ADD COLUMN column_names JSONB NOT NULL DEFAULT '{}';
