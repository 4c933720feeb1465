-- The ledger's keys by business (DESIGN.md section 24, docs/scaling.md).
--
-- The money list (DESIGN.md section 4) reads one department's rows of its business through an
-- index-only scan per ordering; with business_id leading its covering indexes the query names its
-- business (the tenant guard's rule) and still checks every filter on index entries. They replace
-- the indexes of 0004, so a ledger row still updates as many indexes as before.
CREATE INDEX money_tx_department_created_idx
  ON money_transactions (business_id, user_id, created_at DESC, id DESC)
  INCLUDE (currency_id, amount, tx_type, offer_id);
CREATE INDEX money_tx_department_amount_idx
  ON money_transactions (business_id, user_id, amount, id)
  INCLUDE (currency_id, tx_type, offer_id, created_at);
DROP INDEX money_tx_user_created_idx;
DROP INDEX money_tx_user_amount_idx;

-- A ledger row's, a day summary's and a notification's department belongs to the row's business:
-- one composite key to users (business_id, id), as 0035 gave the other tables, in place of one
-- key to businesses and one to users. It is the form Citus needs between colocated tables, and an
-- insert checks one parent row instead of two: a ledger row is the busiest insert there is (the
-- businesses row, shared by every posting of a business, was locked by each).
ALTER TABLE money_transactions
  ADD CONSTRAINT money_transactions_business_user_fk FOREIGN KEY (business_id, user_id)
    REFERENCES users (business_id, id),
  DROP CONSTRAINT money_transactions_business_id_fkey,
  DROP CONSTRAINT money_transactions_user_id_fkey;
ALTER TABLE money_daily
  ADD CONSTRAINT money_daily_business_user_fk FOREIGN KEY (business_id, user_id)
    REFERENCES users (business_id, id),
  DROP CONSTRAINT money_daily_business_id_fkey,
  DROP CONSTRAINT money_daily_user_id_fkey;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_business_user_fk FOREIGN KEY (business_id, user_id)
    REFERENCES users (business_id, id),
  DROP CONSTRAINT notifications_business_id_fkey,
  DROP CONSTRAINT notifications_user_id_fkey;
