-- Catalogue (DESIGN.md section 3 "Catalogue"): units, sizes, colours, products, variants, all
-- scoped to a business. Deleting something still referenced is refused (RESTRICT), never cascaded.

CREATE TABLE units (
  id                  SERIAL PRIMARY KEY,
  business_id         INTEGER NOT NULL REFERENCES businesses(id),
  name                TEXT NOT NULL CHECK (length(btrim(name)) > 0),
  measure             TEXT NOT NULL CHECK (measure IN ('KG', 'M', 'D')),
  fixed_rate_to_base  NUMERIC(20,6) NOT NULL DEFAULT 0 CHECK (fixed_rate_to_base >= 0),
  created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX units_business_idx ON units (business_id, id);

CREATE TABLE sizes (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  size         TEXT NOT NULL CHECK (length(btrim(size)) > 0),
  label        TEXT NOT NULL DEFAULT '',
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sizes_business_idx ON sizes (business_id, id);

CREATE TABLE colors (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  name         TEXT NOT NULL CHECK (length(btrim(name)) > 0),
  code         TEXT NOT NULL CHECK (length(btrim(code)) > 0),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX colors_business_idx ON colors (business_id, id);

CREATE TABLE products (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  name         TEXT NOT NULL CHECK (length(btrim(name)) > 0),
  model        TEXT NOT NULL CHECK (length(btrim(model)) > 0),
  code         BIGINT NOT NULL CHECK (code >= 0),
  unit_id      INTEGER NOT NULL REFERENCES units(id) ON DELETE RESTRICT,
  type         TEXT NOT NULL CHECK (type IN ('RAW', 'SEMI', 'FINISHED')),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX products_business_idx ON products (business_id, id);
CREATE INDEX products_business_type_idx ON products (business_id, type, id);

CREATE TABLE variants (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  product_id   INTEGER NOT NULL REFERENCES products(id) ON DELETE RESTRICT,
  sku          TEXT NOT NULL CHECK (length(btrim(sku)) > 0),
  color_id     INTEGER REFERENCES colors(id) ON DELETE RESTRICT,
  size_id      INTEGER REFERENCES sizes(id) ON DELETE RESTRICT,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT variants_sku_unique UNIQUE (business_id, sku)
);
CREATE INDEX variants_product_idx ON variants (product_id, id);
CREATE INDEX variants_business_idx ON variants (business_id, id);
