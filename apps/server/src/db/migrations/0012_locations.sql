-- Locations (DESIGN.md section 10, the seed's "Manzillar"): the places a business keeps and sells
-- stock. Stock entries and exits keep `location` as text (spec.md sends it so); a location named
-- by an entry or an exit is deactivated, not deleted.
CREATE TABLE locations (
  id          SERIAL PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  name        TEXT NOT NULL CHECK (btrim(name) <> ''),
  kind        TEXT NOT NULL CHECK (kind IN ('WAREHOUSE', 'SHOP', 'MARKET', 'WORKSHOP', 'OTHER')),
  address     TEXT NOT NULL DEFAULT '',
  is_active   BOOLEAN NOT NULL DEFAULT true,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT locations_business_name_unique UNIQUE (business_id, name)
);

-- The entry and exit lists filter by location, and a delete checks whether one names it.
CREATE INDEX stock_entries_location_idx ON stock_entries (business_id, location);
CREATE INDEX stock_exits_location_idx ON stock_exits (business_id, location);
