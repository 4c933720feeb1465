-- Bringing a business in (DESIGN.md section 17): an uploaded file is parsed and staged here, and
-- posted from here in one transaction. `rows_data` holds every valid row as it will be posted
-- (JSONB, the resolved ids beside the file's words), `errors` every refusal of every row and
-- `preview` the first rows as they will be posted, so a staged import is read, previewed and
-- committed without the file, which is never kept.
CREATE TABLE imports (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  kind         TEXT NOT NULL CHECK (kind IN ('catalog', 'stock', 'counterparties', 'balances')),
  status       TEXT NOT NULL DEFAULT 'STAGED' CHECK (status IN ('STAGED', 'POSTED', 'DISCARDED')),
  columns      JSONB NOT NULL,
  row_count    INTEGER NOT NULL CHECK (row_count >= 0),
  valid_count  INTEGER NOT NULL CHECK (valid_count >= 0),
  errors       JSONB NOT NULL,
  rows_data    JSONB NOT NULL,
  preview      JSONB NOT NULL,
  result       JSONB,
  created_by   INTEGER NOT NULL REFERENCES users(id),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  posted_at    TIMESTAMPTZ
);
CREATE INDEX imports_business_idx ON imports (business_id, id);
