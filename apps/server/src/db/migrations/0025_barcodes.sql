-- Barcodes (DESIGN.md section 18): a variant's optional code, unique in its business (the index
-- decides a race the service's check let through); the business's way of reading its scales'
-- weight codes; and the last in-store item number it gave out, so that a generated code is never
-- given twice (the row is locked while a number is taken).
ALTER TABLE variants ADD COLUMN barcode TEXT CHECK (barcode IS NULL OR length(barcode) BETWEEN 1 AND 48);
CREATE UNIQUE INDEX variants_barcode_unique ON variants (business_id, barcode) WHERE barcode IS NOT NULL;
ALTER TABLE businesses
  ADD COLUMN weight_barcodes TEXT NOT NULL DEFAULT 'off' CHECK (weight_barcodes IN ('off', 'weight', 'price')),
  ADD COLUMN last_in_store_item INTEGER NOT NULL DEFAULT 0 CHECK (last_in_store_item BETWEEN 0 AND 99999);
