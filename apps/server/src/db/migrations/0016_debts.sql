-- Counterparties and the debt book, nasiya (DESIGN.md section 12): customers and suppliers outside
-- the business, what they owe us and we owe them, and the payments, each of which writes a DEBT
-- row to the money ledger. A debt's `paid` is the cache of its payments' sum, kept in the same
-- transaction under the debt's row lock, and never above the amount.

CREATE TABLE counterparties (
  id           SERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  name         TEXT NOT NULL CHECK (btrim(name) <> ''),
  kind         TEXT NOT NULL CHECK (kind IN ('CUSTOMER', 'SUPPLIER', 'BOTH')),
  phone        TEXT NOT NULL DEFAULT '',
  -- STIR, the taxpayer number.
  tin          TEXT CHECK (tin ~ '^[0-9]{9}$'),
  note         TEXT NOT NULL DEFAULT '',
  created_by   INTEGER REFERENCES users(id),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX counterparties_business_name_idx ON counterparties (business_id, lower(name), id);

CREATE TABLE debts (
  id              SERIAL PRIMARY KEY,
  business_id     INTEGER NOT NULL REFERENCES businesses(id),
  counterparty_id INTEGER NOT NULL REFERENCES counterparties(id),
  -- The department whose debt it is (DESIGN.md section 3: a user is a department).
  department_id   INTEGER NOT NULL REFERENCES users(id),
  direction       TEXT NOT NULL CHECK (direction IN ('RECEIVABLE', 'PAYABLE')),
  currency_id     INTEGER NOT NULL REFERENCES currencies(id),
  amount          NUMERIC(20,2) NOT NULL CHECK (amount > 0),
  paid            NUMERIC(20,2) NOT NULL DEFAULT 0,
  due_date        DATE,
  reason          TEXT NOT NULL DEFAULT '',
  stock_exit_id   INTEGER UNIQUE REFERENCES stock_exits(id),
  stock_entry_id  INTEGER UNIQUE REFERENCES stock_entries(id),
  created_by      INTEGER NOT NULL REFERENCES users(id),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (paid >= 0 AND paid <= amount),
  CHECK (stock_exit_id IS NULL OR stock_entry_id IS NULL),
  CHECK (stock_exit_id IS NULL OR direction = 'RECEIVABLE'),
  CHECK (stock_entry_id IS NULL OR direction = 'PAYABLE')
);
CREATE INDEX debts_business_idx ON debts (business_id, created_at DESC, id DESC);
CREATE INDEX debts_counterparty_idx ON debts (counterparty_id);
CREATE INDEX debts_department_idx ON debts (department_id, created_at DESC, id DESC);
-- The open ones by due date: overdue lists and the ageing report.
CREATE INDEX debts_open_due_idx ON debts (business_id, due_date) WHERE paid < amount;

ALTER TABLE money_transactions DROP CONSTRAINT money_transactions_tx_type_check;
ALTER TABLE money_transactions ADD CONSTRAINT money_transactions_tx_type_check
  CHECK (tx_type IN ('EXCHANGE', 'OFFER', 'EXTERNAL', 'ADJUSTMENT', 'DEBT'));

CREATE TABLE debt_payments (
  id                   SERIAL PRIMARY KEY,
  debt_id              INTEGER NOT NULL REFERENCES debts(id),
  amount               NUMERIC(20,2) NOT NULL CHECK (amount > 0),
  -- The DEBT ledger row: +amount on the recorder's balance for a receivable, -amount for a payable.
  money_transaction_id BIGINT NOT NULL UNIQUE REFERENCES money_transactions(id),
  reason               TEXT NOT NULL DEFAULT '',
  created_by           INTEGER NOT NULL REFERENCES users(id),
  created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX debt_payments_debt_idx ON debt_payments (debt_id, created_at, id);
