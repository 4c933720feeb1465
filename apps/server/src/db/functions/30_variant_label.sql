-- DESIGN.md section 4's variant object and its label, defined here once: the catalogue, the stock
-- lists and my-balance all read them.
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

-- DESIGN.md section 4's variant label, "<name> <model> / <colour> / <size>" with the parts the
-- variant has, for SQL (the stock lists use it too); catalog.repository.ts toVariantRef is the
-- same rule in TypeScript: keep them in step. Plain SQL functions, inlined by the planner
-- (concat_ws is STABLE, hence variant_label too).
CREATE OR REPLACE FUNCTION variant_size_label(p_size TEXT, p_label TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(btrim(p_label), ''), p_size)
$$;

CREATE OR REPLACE FUNCTION variant_label(p_name TEXT, p_model TEXT, p_color TEXT, p_size_label TEXT) RETURNS TEXT
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' / ', p_name || ' ' || p_model, nullif(p_color, ''), p_size_label)
$$;

-- row_to_json writes no spaces (json_build_object puts " : " and ", " between parts): 10% fewer
-- bytes to send.
CREATE OR REPLACE FUNCTION variant_ref_json(p_id INTEGER, p_sku TEXT, p_product INTEGER, p_color INTEGER, p_size INTEGER)
RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT row_to_json(r)::text FROM (
    SELECT p_id AS id,
      p.id AS product,
      p.name AS product_name,
      p.code AS product_code,
      p_sku AS sku,
      -- The counter scans from the device's copy of my-balance when offline (DESIGN.md section 23).
      (SELECT v.barcode FROM variants v WHERE v.id = p_id) AS barcode,
      variant_label(p.name, p.model, c.name, variant_size_label(s.size, s.label)) AS label,
      c.name AS color_name,
      c.code AS color_code,
      variant_size_label(s.size, s.label) AS size_label,
      u.measure AS unit
    FROM products p
    JOIN units u ON u.id = p.unit_id
    LEFT JOIN colors c ON c.id = p_color
    LEFT JOIN sizes s ON s.id = p_size
    WHERE p.id = p_product) r
$$;

-- my-balance keeps each row's variant object as ready JSON (functions/40_stock_balance_json.sql):
-- this file runs again whenever the object above changes, so the rows are built again with it
-- (the trigger rebuilds a row whose JSON is blank).
UPDATE stock_balances SET row_json = '';
