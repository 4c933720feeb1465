-- Recipes (DESIGN.md section 21): what one unit of an output is made of. A recipe is for a
-- product (all its variants) or for one variant (overriding its product's); each change is a new
-- version, and a production order keeps the version it used, so a version is never changed or
-- deleted once written; every row carries its business (DESIGN.md section 24) (a recipe whose versions no order used may be deleted whole).
CREATE TABLE recipes (
  id               SERIAL PRIMARY KEY,
  business_id      INTEGER NOT NULL REFERENCES businesses(id),
  product_id       INTEGER NOT NULL REFERENCES products(id) ON DELETE RESTRICT,
  -- Null: the product's recipe, for every variant without one of its own.
  variant_id       INTEGER REFERENCES variants(id) ON DELETE RESTRICT,
  current_version  INTEGER NOT NULL DEFAULT 1 CHECK (current_version > 0),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recipes_product_unique ON recipes (product_id) WHERE variant_id IS NULL;
CREATE UNIQUE INDEX recipes_variant_unique ON recipes (variant_id) WHERE variant_id IS NOT NULL;
CREATE INDEX recipes_business_idx ON recipes (business_id, updated_at DESC, id DESC);

CREATE TABLE recipe_versions (
  id            SERIAL PRIMARY KEY,
  business_id   INTEGER NOT NULL REFERENCES businesses(id),
  recipe_id     INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  version       INTEGER NOT NULL CHECK (version > 0),
  -- Labour and overhead per one unit of output, in a currency of the business.
  overhead      NUMERIC(20, 2) NOT NULL DEFAULT 0 CHECK (overhead >= 0),
  currency_id   INTEGER NOT NULL REFERENCES currencies(id),
  note          TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  created_by    INTEGER NOT NULL REFERENCES users(id),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT recipe_versions_unique UNIQUE (recipe_id, version)
);

CREATE TABLE recipe_inputs (
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  version_id  INTEGER NOT NULL REFERENCES recipe_versions(id) ON DELETE CASCADE,
  line_no     INTEGER NOT NULL CHECK (line_no > 0),
  variant_id  INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  -- Per one unit of output, in the input's unit.
  qty         NUMERIC(18, 3) NOT NULL CHECK (qty > 0),
  PRIMARY KEY (version_id, variant_id),
  CONSTRAINT recipe_inputs_line_unique UNIQUE (version_id, line_no)
);
CREATE INDEX recipe_inputs_variant_idx ON recipe_inputs (variant_id);
