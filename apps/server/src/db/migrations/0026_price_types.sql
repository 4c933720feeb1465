-- Price types and prices (DESIGN.md section 19): a business's price lists, each in one of its
-- currencies, exactly one of them the default once there is one (the partial index decides a
-- race); a variant's price in each (dropped with the variant: a price is not history, a sale's
-- line will keep its own copy).
CREATE TABLE price_types (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  is_default   BOOLEAN NOT NULL DEFAULT false,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT price_types_business_name_unique UNIQUE (business_id, name)
);
CREATE UNIQUE INDEX price_types_one_default ON price_types (business_id) WHERE is_default;

CREATE TABLE variant_prices (
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  price_type_id  INTEGER NOT NULL REFERENCES price_types(id),
  price          NUMERIC(20, 2) NOT NULL CHECK (price >= 0),
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (variant_id, price_type_id)
);
CREATE INDEX variant_prices_price_type_idx ON variant_prices (price_type_id);
