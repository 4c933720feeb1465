-- Documents (DESIGN.md section 19): sales and purchases now, returns, stock counts and production
-- orders later, on one skeleton. A document is a header and lines; DRAFT (edited and deleted
-- freely) -> POSTED (its ledger rows written in one transaction) -> REVERSED (the opposite rows
-- written in a new transaction). The ledgers name the document whose posting wrote them.

CREATE TABLE documents (
  id               SERIAL PRIMARY KEY,
  business_id      INTEGER NOT NULL REFERENCES businesses(id),
  kind             TEXT NOT NULL CHECK (kind IN ('SALE', 'PURCHASE')),
  -- Per business and kind, e.g. S-000123; given at creation from document_counters (a number
  -- taken by a creation that failed is skipped: no duplicates, gaps allowed).
  number           TEXT NOT NULL,
  -- The department (a user, DESIGN.md section 3) whose stock and money the document moves.
  department_id    INTEGER NOT NULL REFERENCES users(id),
  counterparty_id  INTEGER REFERENCES counterparties(id),
  currency_id      INTEGER NOT NULL REFERENCES currencies(id),
  doc_date         DATE NOT NULL,
  note             TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  status           TEXT NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'POSTED', 'REVERSED')),
  -- The lines' amounts summed, kept by the service with the lines.
  total            NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
  -- Payment (sales and purchases): what is not paid in cash opens a debt of the counterparty.
  on_credit        NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (on_credit >= 0),
  due_date         DATE,
  -- Change given back in UZS, fixed when the sale is posted at the rates then in force.
  change_uzs       NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (change_uzs >= 0),
  created_by       INTEGER NOT NULL REFERENCES users(id),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  posted_by        INTEGER REFERENCES users(id),
  posted_at        TIMESTAMPTZ,
  reversed_by      INTEGER REFERENCES users(id),
  reversed_at      TIMESTAMPTZ,
  CONSTRAINT documents_number_unique UNIQUE (business_id, kind, number),
  CHECK ((status = 'DRAFT') = (posted_at IS NULL)),
  CHECK ((status = 'REVERSED') = (reversed_at IS NOT NULL))
);
CREATE INDEX documents_business_kind_idx ON documents (business_id, kind, created_at DESC, id DESC);
CREATE INDEX documents_department_kind_idx ON documents (department_id, kind, created_at DESC, id DESC);
CREATE INDEX documents_counterparty_idx ON documents (counterparty_id) WHERE counterparty_id IS NOT NULL;

CREATE TABLE document_counters (
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  kind         TEXT NOT NULL,
  last_number  INTEGER NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (business_id, kind)
);

CREATE TABLE document_lines (
  id              SERIAL PRIMARY KEY,
  document_id     INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  line_no         INTEGER NOT NULL CHECK (line_no > 0),
  variant_id      INTEGER NOT NULL REFERENCES variants(id),
  qty             NUMERIC(18,3) NOT NULL CHECK (qty > 0),
  -- A sale's unit price, a purchase's unit cost, in the document's currency.
  price           NUMERIC(20,2) NOT NULL CHECK (price >= 0),
  -- Off the line's total (a sale's); the line's amount is qty x price - discount, rounded once.
  discount        NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
  amount          NUMERIC(20,2) NOT NULL CHECK (amount >= 0),
  -- Where the price came from (DESIGN.md section 19): the counterparty's price type, the
  -- default one, or typed on the line.
  price_type_id   INTEGER REFERENCES price_types(id),
  price_source    TEXT NOT NULL DEFAULT 'MANUAL' CHECK (price_source IN ('COUNTERPARTY', 'DEFAULT', 'MANUAL')),
  CONSTRAINT document_lines_number_unique UNIQUE (document_id, line_no)
);
CREATE INDEX document_lines_variant_idx ON document_lines (variant_id);

-- A sale's or purchase's cash, one row per currency.
CREATE TABLE document_payments (
  document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  amount       NUMERIC(20,2) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (document_id, currency_id)
);

-- The ledger rows a posting wrote name their document and line.
ALTER TABLE money_transactions ADD COLUMN document_id INTEGER REFERENCES documents(id);
CREATE INDEX money_transactions_document_idx ON money_transactions (document_id) WHERE document_id IS NOT NULL;
ALTER TABLE stock_exits ADD COLUMN document_line_id INTEGER UNIQUE REFERENCES document_lines(id);
-- A document line's net amount (after its discount): a sale's revenue is exact with it, where
-- qty x unit_price (rounded to the tiyin) may not be.
ALTER TABLE stock_exits ADD COLUMN amount NUMERIC(20,2) CHECK (amount >= 0);
ALTER TABLE stock_entries ADD COLUMN document_line_id INTEGER UNIQUE REFERENCES document_lines(id);
ALTER TABLE debts ADD COLUMN document_id INTEGER UNIQUE REFERENCES documents(id);

ALTER TABLE money_transactions DROP CONSTRAINT money_transactions_tx_type_check;
ALTER TABLE money_transactions ADD CONSTRAINT money_transactions_tx_type_check
  CHECK (tx_type IN ('EXCHANGE', 'OFFER', 'EXTERNAL', 'ADJUSTMENT', 'DEBT', 'SALE', 'PURCHASE'));

-- A reversal gives back to the lots what a posting took (EXIT_REVERSAL, positive, on the lot an
-- exit consumed) or takes back a lot a posting made (ENTRY_REVERSAL, negative, its whole
-- quantity). The summaries count them on the day of the reversal, as the opposite of the
-- original (a storno): a day's exits or sales may then be negative.
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_kind_check;
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_kind_check
  CHECK (kind IN ('ENTRY', 'EXIT', 'OFFER_OUT', 'OFFER_IN', 'EXIT_REVERSAL', 'ENTRY_REVERSAL'));
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_check;
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_check CHECK (
  (kind = 'ENTRY' AND qty > 0 AND entry_id IS NOT NULL) OR
  (kind = 'EXIT' AND qty < 0 AND exit_id IS NOT NULL) OR
  (kind = 'OFFER_OUT' AND qty < 0 AND offer_id IS NOT NULL) OR
  (kind = 'OFFER_IN' AND qty > 0 AND offer_id IS NOT NULL) OR
  (kind = 'EXIT_REVERSAL' AND qty > 0 AND exit_id IS NOT NULL) OR
  (kind = 'ENTRY_REVERSAL' AND qty < 0 AND entry_id IS NOT NULL)
);
CREATE INDEX stock_moves_entry_idx ON stock_moves (entry_id) WHERE entry_id IS NOT NULL;
ALTER TABLE stock_daily DROP CONSTRAINT stock_daily_entry_qty_check;
ALTER TABLE stock_daily DROP CONSTRAINT stock_daily_exit_qty_check;
ALTER TABLE stock_daily_totals DROP CONSTRAINT stock_daily_totals_entry_qty_check;
ALTER TABLE stock_daily_totals DROP CONSTRAINT stock_daily_totals_exit_qty_check;
ALTER TABLE sales_daily DROP CONSTRAINT sales_daily_qty_check;
ALTER TABLE sales_totals DROP CONSTRAINT sales_totals_qty_check;

-- A counterparty's price type: its sale lines' prices default from it (DESIGN.md section 19).
ALTER TABLE counterparties ADD COLUMN price_type_id INTEGER REFERENCES price_types(id);

-- Who sells and who buys with documents besides the Bozorchi and the Ta'minotchi (DESIGN.md
-- section 19: "and any role the Owner allows in the settings").
ALTER TABLE businesses
  ADD COLUMN sale_roles TEXT[] NOT NULL DEFAULT '{}'
    CHECK (sale_roles <@ ARRAY['Kassir', 'admin', 'manager', 'Owner', 'Omborchi', 'Bozorchi', 'Ta''minotchi']),
  ADD COLUMN purchase_roles TEXT[] NOT NULL DEFAULT '{}'
    CHECK (purchase_roles <@ ARRAY['Kassir', 'admin', 'manager', 'Owner', 'Omborchi', 'Bozorchi', 'Ta''minotchi']);
