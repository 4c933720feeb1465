-- Production orders (DESIGN.md section 21), a kind on the documents' skeleton (0028): the order
-- keeps the recipe version it used and the overhead it added; its lines are the inputs (each with
-- the recipe's quantity beside the one actually used: waste shows as their difference) and one
-- output line, whose PRODUCTION entry is the output lot.

ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check
  CHECK (kind IN ('SALE', 'PURCHASE', 'RETURN', 'STOCK_COUNT', 'PRODUCTION'));
-- A version is never deleted while an order names it (recipes.service answers 409).
ALTER TABLE documents ADD COLUMN recipe_version_id INTEGER REFERENCES recipe_versions(id);
ALTER TABLE documents ADD COLUMN overhead NUMERIC(20,2) NOT NULL DEFAULT 0 CHECK (overhead >= 0);
CREATE INDEX documents_recipe_version_idx ON documents (recipe_version_id) WHERE recipe_version_id IS NOT NULL;

ALTER TABLE document_lines ADD COLUMN output BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE document_lines ADD COLUMN planned_qty NUMERIC(18,3) CHECK (planned_qty >= 0);
CREATE UNIQUE INDEX document_lines_one_output ON document_lines (document_id) WHERE output;
