-- Stock (DESIGN.md section 3 "Stock"): receipts, issues, lots consumed first-in first-out, an
-- append-only ledger of moves and a balance cache kept equal to the ledger's sums.
-- "Department" is the user id (DESIGN.md section 3 "Tenancy").

CREATE TABLE stock_entries (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty_received   NUMERIC(18,3) NOT NULL CHECK (qty_received > 0),
  unit_cost      NUMERIC(20,2) NOT NULL CHECK (unit_cost >= 0),
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  type           TEXT NOT NULL DEFAULT 'PURCHASE'
                 CHECK (type IN ('PURCHASE', 'PRODUCTION', 'RETURN', 'ADJUSTMENT', 'OTHER')),
  location       TEXT NOT NULL DEFAULT '',
  reason_text    TEXT NOT NULL DEFAULT '',
  created_by     INTEGER NOT NULL REFERENCES users(id),
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stock_entries_department_idx ON stock_entries (department_id, created_at DESC, id DESC);
CREATE INDEX stock_entries_variant_idx ON stock_entries (variant_id);

-- A lot comes from a receipt (entry_id) or from a lot of another department moved by an approved
-- product offer (source_lot_id + offer_id), at the source's unit cost and currency.
CREATE TABLE stock_lots (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty_received   NUMERIC(18,3) NOT NULL CHECK (qty_received > 0),
  qty_remaining  NUMERIC(18,3) NOT NULL,
  unit_cost      NUMERIC(20,2) NOT NULL CHECK (unit_cost >= 0),
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  entry_id       INTEGER UNIQUE REFERENCES stock_entries(id),
  source_lot_id  INTEGER REFERENCES stock_lots(id),
  offer_id       INTEGER REFERENCES offers(id),
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (qty_remaining >= 0 AND qty_remaining <= qty_received),
  CHECK ((entry_id IS NOT NULL) <> (source_lot_id IS NOT NULL AND offer_id IS NOT NULL))
);
-- First-in first-out: the open lots of one department and variant, oldest first.
CREATE INDEX stock_lots_fifo_idx ON stock_lots (department_id, variant_id, created_at, id)
  WHERE qty_remaining > 0;

CREATE TABLE stock_exits (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty_issued     NUMERIC(18,3) NOT NULL CHECK (qty_issued > 0),
  unit_price     NUMERIC(20,2) CHECK (unit_price >= 0),
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  type           TEXT NOT NULL DEFAULT 'SALE'
                 CHECK (type IN ('SALE', 'PRODUCTION', 'WRITE_OFF', 'RETURN', 'ADJUSTMENT', 'OTHER')),
  location       TEXT NOT NULL DEFAULT '',
  note           TEXT NOT NULL DEFAULT '',
  created_by     INTEGER NOT NULL REFERENCES users(id),
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stock_exits_department_idx ON stock_exits (department_id, created_at DESC, id DESC);
CREATE INDEX stock_exits_variant_idx ON stock_exits (variant_id);

-- The ledger: one row per lot touched, so it also records which lots an exit or a transfer
-- consumed (EXIT / OFFER_OUT, negative) and which lot a receipt or a transfer created
-- (ENTRY / OFFER_IN, positive). Never updated or deleted: a mistake is corrected by a new row.
CREATE TABLE stock_moves (
  id             BIGSERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty            NUMERIC(18,3) NOT NULL CHECK (qty <> 0),
  kind           TEXT NOT NULL CHECK (kind IN ('ENTRY', 'EXIT', 'OFFER_OUT', 'OFFER_IN')),
  entry_id       INTEGER REFERENCES stock_entries(id),
  exit_id        INTEGER REFERENCES stock_exits(id),
  offer_id       INTEGER REFERENCES offers(id),
  lot_id         INTEGER NOT NULL REFERENCES stock_lots(id),
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (
    (kind = 'ENTRY' AND qty > 0 AND entry_id IS NOT NULL) OR
    (kind = 'EXIT' AND qty < 0 AND exit_id IS NOT NULL) OR
    (kind = 'OFFER_OUT' AND qty < 0 AND offer_id IS NOT NULL) OR
    (kind = 'OFFER_IN' AND qty > 0 AND offer_id IS NOT NULL)
  )
);
CREATE INDEX stock_moves_department_variant_idx ON stock_moves (department_id, variant_id);
CREATE INDEX stock_moves_lot_idx ON stock_moves (lot_id);
CREATE INDEX stock_moves_exit_idx ON stock_moves (exit_id) WHERE exit_id IS NOT NULL;
CREATE INDEX stock_moves_offer_idx ON stock_moves (offer_id) WHERE offer_id IS NOT NULL;

CREATE FUNCTION stock_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_moves is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER stock_moves_no_update_delete
  BEFORE UPDATE OR DELETE ON stock_moves
  FOR EACH ROW EXECUTE FUNCTION stock_moves_append_only();

-- The cache of the ledger's sum per department and variant; CHECK is the last line of defence.
CREATE TABLE stock_balances (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  variant_id     INTEGER NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  qty_on_hand    NUMERIC(18,3) NOT NULL DEFAULT 0 CHECK (qty_on_hand >= 0),
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT stock_balances_department_variant_unique UNIQUE (department_id, variant_id)
);
-- my-balance reads one department's non-empty rows (index-only on the filter).
CREATE INDEX stock_balances_my_idx ON stock_balances (department_id, id) WHERE qty_on_hand > 0;
CREATE INDEX stock_balances_variant_idx ON stock_balances (variant_id);
