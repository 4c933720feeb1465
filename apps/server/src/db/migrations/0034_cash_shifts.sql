-- Cash shifts (DESIGN.md section 22): a department that handles cash opens a shift with its drawer
-- counted per currency; every money row of the department meanwhile carries the shift
-- (money_post, db/functions/60_money_post.sql); closing is a blind count, and each currency's
-- difference is posted as a SHIFT_DIFF row of the shift, so the balance equals the cash again.

CREATE TABLE cash_shifts (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  department_id  INTEGER NOT NULL REFERENCES users(id),
  -- The shift's number in its business, from 1 (the Z-report's number).
  number         INTEGER NOT NULL CHECK (number > 0),
  opened_by      INTEGER NOT NULL REFERENCES users(id),
  opened_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  closed_by      INTEGER REFERENCES users(id),
  closed_at      TIMESTAMPTZ,
  CONSTRAINT cash_shifts_number_unique UNIQUE (business_id, number),
  CHECK ((closed_at IS NULL) = (closed_by IS NULL))
);
-- One open shift per department: a second open is refused by this index (409).
CREATE UNIQUE INDEX cash_shifts_one_open_idx ON cash_shifts (department_id) WHERE closed_at IS NULL;
-- The Owner's list: a business's shifts by opening time, and one department's.
CREATE INDEX cash_shifts_business_opened_idx ON cash_shifts (business_id, opened_at DESC, id DESC);
CREATE INDEX cash_shifts_department_opened_idx ON cash_shifts (department_id, opened_at DESC, id DESC);

-- Each currency of a shift: its opening count, and once closed the expected amount (opening +
-- the shift's rows but its SHIFT_DIFF ones), the blind count and the difference (counted - expected).
CREATE TABLE cash_shift_amounts (
  shift_id            INTEGER NOT NULL REFERENCES cash_shifts(id),
  business_id         INTEGER NOT NULL REFERENCES businesses(id),
  currency_id         INTEGER NOT NULL REFERENCES currencies(id),
  opening             NUMERIC(20,2) NOT NULL CHECK (opening >= 0),
  -- The opening count less the balance when the shift opened (posted as SHIFT_DIFF when not zero).
  opening_difference  NUMERIC(20,2) NOT NULL DEFAULT 0,
  expected            NUMERIC(20,2),
  counted             NUMERIC(20,2) CHECK (counted >= 0),
  difference          NUMERIC(20,2),
  -- The count by notes and coins, when it was counted so: [{"value": "100000", "count": 3}, ...].
  counted_denominations  JSONB,
  opening_denominations  JSONB,
  PRIMARY KEY (shift_id, currency_id),
  CHECK ((counted IS NULL) = (expected IS NULL) AND (counted IS NULL) = (difference IS NULL))
);

ALTER TABLE money_transactions ADD COLUMN shift_id INTEGER REFERENCES cash_shifts(id);
CREATE INDEX money_transactions_shift_idx ON money_transactions (shift_id, currency_id)
  INCLUDE (amount, tx_type) WHERE shift_id IS NOT NULL;

ALTER TABLE money_transactions DROP CONSTRAINT money_transactions_tx_type_check;
ALTER TABLE money_transactions ADD CONSTRAINT money_transactions_tx_type_check
  CHECK (tx_type IN ('EXCHANGE', 'OFFER', 'EXTERNAL', 'ADJUSTMENT', 'DEBT', 'SALE', 'PURCHASE', 'SHIFT_DIFF'));
-- A shift's difference always names its shift.
ALTER TABLE money_transactions ADD CONSTRAINT money_transactions_shift_diff_check
  CHECK (tx_type <> 'SHIFT_DIFF' OR shift_id IS NOT NULL);
-- The losses report reads a business's differences by time.
CREATE INDEX money_transactions_shift_diff_idx ON money_transactions (business_id, created_at)
  WHERE tx_type = 'SHIFT_DIFF';

-- A business setting: a sale is posted only inside an open shift of its department.
ALTER TABLE businesses ADD COLUMN sales_need_shift BOOLEAN NOT NULL DEFAULT false;
