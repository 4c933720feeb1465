-- Returns (DESIGN.md section 20), a kind on the documents' skeleton (0028): a return names the
-- sale or purchase it returns, each of its lines the source line, and how it is refunded (cash,
-- or the source's debt lowered). The stock moves a sale return writes on the sale's exits name
-- the return line whose posting wrote them.

ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('SALE', 'PURCHASE', 'RETURN'));
ALTER TABLE documents ADD COLUMN source_id INTEGER REFERENCES documents(id);
ALTER TABLE documents ADD COLUMN refund TEXT CHECK (refund IN ('CASH', 'DEBT'));
CREATE INDEX documents_source_idx ON documents (source_id) WHERE source_id IS NOT NULL;

ALTER TABLE document_lines ADD COLUMN source_line_id INTEGER REFERENCES document_lines(id);
CREATE INDEX document_lines_source_line_idx ON document_lines (source_line_id) WHERE source_line_id IS NOT NULL;

ALTER TABLE stock_moves ADD COLUMN document_line_id INTEGER REFERENCES document_lines(id);
CREATE INDEX stock_moves_document_line_idx ON stock_moves (document_line_id) WHERE document_line_id IS NOT NULL;
