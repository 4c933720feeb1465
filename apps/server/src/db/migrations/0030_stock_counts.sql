-- Stock counts (DESIGN.md section 20), a kind on the documents' skeleton (0028): a department's
-- count records each line's expected quantity (its balance when counting starts) and what was
-- counted; posting writes each variance as an ADJUSTMENT exit (a shortage, first-in first-out)
-- or an ADJUSTMENT entry (a surplus, at the variant's last cost). The lines' extra columns stay
-- NULL on the other kinds' lines.

ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check
  CHECK (kind IN ('SALE', 'PURCHASE', 'RETURN', 'STOCK_COUNT'));
-- What a count covers: all the department holds, a product type, or a list of variants.
ALTER TABLE documents ADD COLUMN count_scope TEXT CHECK (count_scope IN ('ALL', 'TYPE', 'LIST'));
ALTER TABLE documents ADD COLUMN count_product_type TEXT CHECK (count_product_type IN ('RAW', 'SEMI', 'FINISHED'));
ALTER TABLE documents ADD CONSTRAINT documents_stock_count_scope_check
  CHECK ((kind = 'STOCK_COUNT') = (count_scope IS NOT NULL)
     AND ((count_scope = 'TYPE') = (count_product_type IS NOT NULL)));

-- expected_qty: the balance when the line was counted from; counted_qty: NULL until counted (an
-- uncounted line is left as it is); variance: counted - the balance at posting, fixed then.
-- A count line's qty is the variance's size (0 before posting and for a line that matched), its
-- price the unit cost used and its amount qty x price, in cost_currency_id.
ALTER TABLE document_lines ADD COLUMN expected_qty NUMERIC(18,3) CHECK (expected_qty >= 0);
ALTER TABLE document_lines ADD COLUMN counted_qty NUMERIC(18,3) CHECK (counted_qty >= 0);
ALTER TABLE document_lines ADD COLUMN variance NUMERIC(18,3);
ALTER TABLE document_lines ADD COLUMN cost_currency_id INTEGER REFERENCES currencies(id);
-- The variance's value in UZS (signed: a shortage's is negative), fixed at posting.
ALTER TABLE document_lines ADD COLUMN value_uzs NUMERIC(20,2);
ALTER TABLE document_lines DROP CONSTRAINT document_lines_qty_check;
ALTER TABLE document_lines ADD CONSTRAINT document_lines_qty_check
  CHECK (qty > 0 OR (expected_qty IS NOT NULL AND qty = 0));
-- A variant is counted on one line of a count.
CREATE UNIQUE INDEX document_lines_count_variant_idx ON document_lines (document_id, variant_id)
  WHERE expected_qty IS NOT NULL;
