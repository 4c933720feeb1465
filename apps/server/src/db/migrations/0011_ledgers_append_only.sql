-- Least privilege (DESIGN.md sections 3 and 5): every ledger refuses TRUNCATE, and the audit log is
-- append-only like the two ledgers. The money ledger already refuses TRUNCATE (0004); the stock
-- ledger (0005) refused only UPDATE and DELETE, and the audit log nothing. One generic function
-- names the table, so a new append-only table needs only its triggers. The server's database
-- role cannot UPDATE, DELETE, TRUNCATE or disable these triggers either (db/privileges.ts); the
-- triggers stop the owner role, and PGlite, which has a single user.
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER stock_moves_no_truncate
  BEFORE TRUNCATE ON stock_moves
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();

CREATE TRIGGER audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
