-- Staging without holding the file in memory (DESIGN.md section 17): an import's rows are written
-- here a batch at a time while the file is read, checked across the file by SQL, and posted from
-- here a page at a time through a cursor, so memory stays flat whatever the file's length. An
-- import is READING until its last row is stored and checked (it is not shown or committed
-- before); `rows_data` (0023), which held every row in one value, goes.
CREATE TABLE import_rows (
  import_id  INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  line       INTEGER NOT NULL,
  -- What posting does with the row; NULL when a check of its own refused it.
  action     TEXT CHECK (action IN ('create', 'update')),
  data       JSONB NOT NULL,
  PRIMARY KEY (import_id, line)
);
ALTER TABLE imports DROP COLUMN rows_data;
ALTER TABLE imports DROP CONSTRAINT imports_status_check;
ALTER TABLE imports ADD CONSTRAINT imports_status_check
  CHECK (status IN ('READING', 'STAGED', 'POSTED', 'DISCARDED'));
