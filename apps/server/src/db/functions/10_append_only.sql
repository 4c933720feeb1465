-- The ledgers are append-only (DESIGN.md section 3): no code path, and no role, may update,
-- delete or truncate a ledger row; a mistake is corrected by a new row.
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- Append-only in the database too: no code path may update or delete a ledger row;
-- a mistake is corrected by a new row.
CREATE OR REPLACE FUNCTION money_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_transactions is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE OR REPLACE FUNCTION stock_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_moves is append-only: % refused', TG_OP;
END;
$$;

-- Least privilege (DESIGN.md sections 3 and 5): every ledger refuses TRUNCATE, and the audit log is
-- append-only like the two ledgers. The money ledger already refuses TRUNCATE (0004); the stock
-- ledger (0005) refused only UPDATE and DELETE, and the audit log nothing. One generic function
-- names the table, so a new append-only table needs only its triggers. The server's database
-- role cannot UPDATE, DELETE, TRUNCATE or disable these triggers either (db/privileges.ts); the
-- triggers stop the owner role, and PGlite, which has a single user.
CREATE OR REPLACE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
