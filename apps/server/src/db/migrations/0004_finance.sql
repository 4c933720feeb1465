-- Money ledger (DESIGN.md section 3 "Money ledger"): balances are a cache of the append-only
-- money_transactions, kept equal to its sums in the same transaction by modules/finance/ledger.ts.

CREATE TABLE balances (
  id           SERIAL PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  -- The last line of defence: a balance never goes below zero.
  on_hand      NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT balances_user_currency_unique UNIQUE (user_id, currency_id)
);

CREATE TABLE money_transactions (
  id              BIGSERIAL PRIMARY KEY,
  business_id     INTEGER NOT NULL REFERENCES businesses(id),
  -- The department whose balance the row changes (DESIGN.md section 3: a user is a department).
  user_id         INTEGER NOT NULL REFERENCES users(id),
  currency_id     INTEGER NOT NULL REFERENCES currencies(id),
  amount          NUMERIC(20,2) NOT NULL CHECK (amount <> 0),
  -- The rate in force for this row, so UZS totals can be checked later at recorded rates.
  rate_to_uzs     NUMERIC(20,6) NOT NULL CHECK (rate_to_uzs > 0),
  amount_in_uzs   NUMERIC(20,2) NOT NULL,
  offer_id        INTEGER REFERENCES offers(id),
  reason          TEXT NOT NULL DEFAULT '',
  tx_type         TEXT NOT NULL CHECK (tx_type IN ('EXCHANGE', 'OFFER', 'EXTERNAL', 'ADJUSTMENT')),
  exchange_group  UUID,
  created_by      INTEGER REFERENCES users(id),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((tx_type = 'EXCHANGE') = (exchange_group IS NOT NULL)),
  CHECK ((tx_type = 'OFFER') = (offer_id IS NOT NULL))
);

-- Append-only in the database too (issue 4): no code path may update or delete a ledger row;
-- a mistake is corrected by a new row.
CREATE FUNCTION money_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_transactions is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER money_transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON money_transactions
  FOR EACH ROW EXECUTE FUNCTION money_transactions_append_only();
CREATE TRIGGER money_transactions_no_truncate
  BEFORE TRUNCATE ON money_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION money_transactions_append_only();

-- How many ledger rows each department has per filter value of the by-user list (DESIGN.md
-- section 4), kept by postMoney in the same transaction as the rows: the list's page count is a
-- sum over at most 32 rows instead of a count over up to 100,000 (issue 4: p95 under 30 ms).
CREATE TABLE money_tx_counts (
  user_id      INTEGER NOT NULL REFERENCES users(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  positive     BOOLEAN NOT NULL,
  tx_type      TEXT NOT NULL,
  has_offer    BOOLEAN NOT NULL,
  n            BIGINT NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, currency_id, positive, tx_type, has_offer)
);

-- The by-user list (DESIGN.md section 4) filters one user's rows and orders them by time or
-- amount, the id breaking ties so pages are stable. One covering index per ordering holds every
-- filter column, so a page's ids come from an index-only scan that checks the filters on index
-- entries; the counts come from money_tx_counts.
CREATE INDEX money_tx_user_created_idx
  ON money_transactions (user_id, created_at DESC, id DESC)
  INCLUDE (currency_id, amount, tx_type, offer_id);
CREATE INDEX money_tx_user_amount_idx
  ON money_transactions (user_id, amount, id)
  INCLUDE (currency_id, tx_type, offer_id, created_at);
CREATE INDEX money_tx_offer_idx ON money_transactions (offer_id) WHERE offer_id IS NOT NULL;
CREATE INDEX money_tx_exchange_group_idx ON money_transactions (exchange_group) WHERE exchange_group IS NOT NULL;

-- search= matches reason text anywhere (ILIKE '%term%'). Where PostgreSQL has pg_trgm (a trusted
-- contrib extension) a trigram index keeps that search and its count fast on a 100,000-row
-- department; PGlite ships without it and scans the department's rows, which suits its scale.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXECUTE 'CREATE INDEX money_tx_reason_trgm_idx ON money_transactions USING gin (reason gin_trgm_ops)';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not installed (no privilege): reason search scans the department''s rows';
END;
$$;
