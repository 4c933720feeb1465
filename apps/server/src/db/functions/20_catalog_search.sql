-- Variant search (spec.md section 5 "Variant search in forms"): one lowered text and its character
-- pairs per variant, kept by triggers, so the search reads one table (migration 0006 made the
-- columns); and the variant's label, kept by the same trigger (migration 0019).
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

CREATE OR REPLACE FUNCTION search_grams(t TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
$$;

-- A text as search compares it (DESIGN.md section 14): lower case, and every Uzbek apostrophe
-- (o' o` oʻ oʼ o‘ o’ o´) as the ASCII one. searchFold in packages/shared/src/languages.ts folds
-- the search term the same way; search.test.ts checks that the two agree.
CREATE OR REPLACE FUNCTION search_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t), '`ʻʼ‘’´', '''''''''''''')
$$;

CREATE OR REPLACE FUNCTION variant_search_text(p_sku TEXT, p_product INTEGER, p_color INTEGER, p_size INTEGER)
RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT search_fold(concat_ws(' ',
    p_sku,
    (SELECT concat_ws(' ', name, model, code::text) FROM products WHERE id = p_product),
    (SELECT name FROM colors WHERE id = p_color),
    (SELECT concat_ws(' ', size, label) FROM sizes WHERE id = p_size)))
$$;

-- The label a variant shows (variant_label), kept on the row so lists and reports can sort by
-- it from an index (migration 0019 made the column).
CREATE OR REPLACE FUNCTION variant_label_of(p_product INTEGER, p_color INTEGER, p_size INTEGER)
RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label))
  FROM products p LEFT JOIN colors c ON c.id = p_color LEFT JOIN sizes sz ON sz.id = p_size
  WHERE p.id = p_product
$$;

CREATE OR REPLACE FUNCTION variants_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.label := variant_label_of(NEW.product_id, NEW.color_id, NEW.size_id);
  NEW.search_text := variant_search_text(NEW.sku, NEW.product_id, NEW.color_id, NEW.size_id);
  NEW.search_grams := search_grams(NEW.search_text);
  RETURN NEW;
END;
$$;

-- A renamed product, colour or size re-derives the text of the variants that show it (the
-- BEFORE UPDATE trigger above recomputes the column whatever the UPDATE sets).
CREATE OR REPLACE FUNCTION products_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION colors_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE color_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION sizes_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE size_id = NEW.id;
  RETURN NULL;
END;
$$;

-- The texts kept by the functions above, derived again for every variant whenever this file
-- changes (the BEFORE UPDATE trigger recomputes them).
UPDATE variants SET search_text = '';
