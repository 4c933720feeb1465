-- Transfers received with discrepancies (DESIGN.md section 20): approving a product offer may
-- state a line's quantity received; the rest is written off from the sender as a TRANSIT_LOSS
-- exit naming the offer (its reason in `note`, its value the FIFO cost of the lots it consumed).
-- An offer line's received quantity is its quantity less its loss; nothing else is stored.

ALTER TABLE stock_exits DROP CONSTRAINT stock_exits_type_check;
ALTER TABLE stock_exits ADD CONSTRAINT stock_exits_type_check
  CHECK (type IN ('SALE', 'PRODUCTION', 'WRITE_OFF', 'RETURN', 'ADJUSTMENT', 'OTHER', 'TRANSIT_LOSS'));

ALTER TABLE stock_exits ADD COLUMN offer_id INTEGER REFERENCES offers(id);
-- A transit loss always names its offer, and only a transit loss does.
ALTER TABLE stock_exits ADD CONSTRAINT stock_exits_transit_loss_offer_check
  CHECK ((type = 'TRANSIT_LOSS') = (offer_id IS NOT NULL));
-- At most one loss per offer and variant: an offer is approved once.
CREATE UNIQUE INDEX stock_exits_offer_variant_idx ON stock_exits (offer_id, variant_id)
  WHERE offer_id IS NOT NULL;
-- The transit-losses report reads the losses of a business by day.
CREATE INDEX stock_exits_transit_loss_idx ON stock_exits (business_id, created_at)
  WHERE type = 'TRANSIT_LOSS';
