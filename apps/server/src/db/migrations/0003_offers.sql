-- Currencies (global, DESIGN.md section 3) and offers with their money and item lines.
-- Balances, the money ledger and the stock ledger come in later migrations.

CREATE TABLE currencies (
  id           INTEGER PRIMARY KEY,
  code         TEXT NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{3}$'),
  name         TEXT NOT NULL,
  rate_to_uzs  NUMERIC(20,6) NOT NULL CHECK (rate_to_uzs > 0),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- spec.md section 9: 1 is USD, 2 is UZS, UZS is the pivot (rate 1).
INSERT INTO currencies (id, code, name, rate_to_uzs) VALUES
  (1, 'USD', 'AQSH dollari', 12650),
  (2, 'UZS', 'O''zbek so''mi', 1);

CREATE TABLE offers (
  id            SERIAL PRIMARY KEY,
  business_id   INTEGER NOT NULL REFERENCES businesses(id),
  kind          TEXT NOT NULL CHECK (kind IN ('MONEY', 'PRODUCT')),
  status        TEXT NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELED')),
  created_by    INTEGER NOT NULL REFERENCES users(id),
  from_user_id  INTEGER NOT NULL REFERENCES users(id),
  to_user_id    INTEGER NOT NULL REFERENCES users(id),
  reason        TEXT NOT NULL CHECK (length(btrim(reason)) BETWEEN 8 AND 500),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  submitted_at  TIMESTAMPTZ,
  decided_at    TIMESTAMPTZ,
  decided_by    INTEGER REFERENCES users(id),
  CHECK (from_user_id <> to_user_id),
  CHECK (created_by IN (from_user_id, to_user_id))
);
CREATE INDEX offers_to_idx ON offers (to_user_id, created_at DESC, id DESC);
CREATE INDEX offers_from_idx ON offers (from_user_id, created_at DESC, id DESC);

CREATE TABLE offer_money_lines (
  id           SERIAL PRIMARY KEY,
  offer_id     INTEGER NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  amount       NUMERIC(20,2) NOT NULL CHECK (amount > 0)
);
CREATE INDEX offer_money_lines_offer_idx ON offer_money_lines (offer_id);

CREATE TABLE offer_item_lines (
  id          SERIAL PRIMARY KEY,
  offer_id    INTEGER NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
  variant_id  INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  quantity    NUMERIC(18,3) NOT NULL CHECK (quantity > 0)
);
CREATE INDEX offer_item_lines_offer_idx ON offer_item_lines (offer_id);
CREATE INDEX offer_item_lines_variant_idx ON offer_item_lines (variant_id);
