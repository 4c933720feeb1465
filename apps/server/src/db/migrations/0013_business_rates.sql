-- Rates per business with history (DESIGN.md section 9). Currency rows stay global (id, ISO
-- code, name); each business keeps its own rates: currency_rates is the history (append-only, a
-- new rate is a new row), business_currencies the rate in force per currency the business has.
-- Both are written together by one function (modules/finance/rates.repository.ts recordRate).

CREATE TABLE currency_rates (
  id           BIGSERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  rate_to_uzs  NUMERIC(20,6) NOT NULL CHECK (rate_to_uzs > 0),
  source       TEXT NOT NULL CHECK (source IN ('MANUAL', 'CBU')),
  -- The Central Bank's date of a CBU rate (its feed's Date); NULL for a manual rate.
  rate_date    DATE,
  created_by   INTEGER REFERENCES users(id),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((source = 'CBU') = (rate_date IS NOT NULL))
);
CREATE INDEX currency_rates_history_idx ON currency_rates (business_id, currency_id, id DESC);

CREATE TRIGGER currency_rates_no_update_delete
  BEFORE UPDATE OR DELETE ON currency_rates
  FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER currency_rates_no_truncate
  BEFORE TRUNCATE ON currency_rates
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();

CREATE TABLE business_currencies (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  -- The rate in force: the newest currency_rates row of this business and currency.
  rate_id      BIGINT NOT NULL REFERENCES currency_rates(id),
  rate_to_uzs  NUMERIC(20,6) NOT NULL CHECK (rate_to_uzs > 0),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, currency_id)
);

-- Every business had every global currency at the global rate: each gets that rate as its first
-- history row, dated when the global rate was last set, so nothing changes for existing data.
INSERT INTO currency_rates (business_id, currency_id, rate_to_uzs, source, created_at)
SELECT b.id, c.id, c.rate_to_uzs, 'MANUAL', c.updated_at
FROM businesses b CROSS JOIN currencies c
ORDER BY b.id, c.id;

INSERT INTO business_currencies (business_id, currency_id, rate_id, rate_to_uzs, updated_at)
SELECT business_id, currency_id, id, rate_to_uzs, created_at FROM currency_rates;

-- Currencies were seeded with fixed ids (0003); a business may now add one (POST
-- api/finance/currencies/), so the id gets a sequence after the ones in use.
CREATE SEQUENCE currencies_id_seq OWNED BY currencies.id;
SELECT setval('currencies_id_seq', greatest((SELECT max(id) FROM currencies), 1));
ALTER TABLE currencies ALTER COLUMN id SET DEFAULT nextval('currencies_id_seq');

-- The global column is no business's rate any more: it is only what a new business starts with
-- (the admin CLI's create-business gives it USD and UZS at these rates).
ALTER TABLE currencies RENAME COLUMN rate_to_uzs TO opening_rate_to_uzs;

-- Business settings (DESIGN.md section 9): follow the Central Bank's daily rates; e-mail the
-- Owners when stock runs low (DESIGN.md section 13).
ALTER TABLE businesses
  ADD COLUMN follow_cbu BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN low_stock_email BOOLEAN NOT NULL DEFAULT false;
