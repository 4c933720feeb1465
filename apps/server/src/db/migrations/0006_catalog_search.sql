-- Variant search (spec.md section 5 "Variant search in forms"; issue 3: p95 under 25 ms on a
-- business with 20,000 variants). The search covers SKU, product name, model and code, colour and
-- size, which live in four tables. One lowered text per variant, kept by triggers, lets the search
-- read one table with no joins. pg_trgm is not in PGlite by default, so instead of trigrams the
-- text's distinct character pairs go into an array with a built-in GIN index: a term of 2 or
-- more characters first narrows to the variants holding all its pairs (fast when it is rare),
-- then strpos checks the real substring. A common term is found faster by walking the variants
-- in id order and stopping at the limit; the planner picks between the two from the statistics.

ALTER TABLE variants ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
ALTER TABLE variants ADD COLUMN search_grams TEXT[] NOT NULL DEFAULT '{}';

CREATE FUNCTION search_grams(t TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
$$;

CREATE FUNCTION variant_search_text(p_sku TEXT, p_product INTEGER, p_color INTEGER, p_size INTEGER)
RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    p_sku,
    (SELECT concat_ws(' ', name, model, code::text) FROM products WHERE id = p_product),
    (SELECT name FROM colors WHERE id = p_color),
    (SELECT concat_ws(' ', size, label) FROM sizes WHERE id = p_size)))
$$;

CREATE FUNCTION variants_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := variant_search_text(NEW.sku, NEW.product_id, NEW.color_id, NEW.size_id);
  NEW.search_grams := search_grams(NEW.search_text);
  RETURN NEW;
END;
$$;
CREATE TRIGGER variants_search_text BEFORE INSERT OR UPDATE ON variants
  FOR EACH ROW EXECUTE FUNCTION variants_set_search_text();

-- A renamed product, colour or size re-derives the text of the variants that show it (the
-- BEFORE UPDATE trigger above recomputes the column whatever the UPDATE sets).
CREATE FUNCTION products_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_variant_search AFTER UPDATE OF name, model, code ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.model IS DISTINCT FROM NEW.model
                     OR OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION products_refresh_variant_search();

CREATE FUNCTION colors_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE color_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER colors_variant_search AFTER UPDATE OF name ON colors
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION colors_refresh_variant_search();

CREATE FUNCTION sizes_refresh_variant_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET search_text = '' WHERE size_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sizes_variant_search AFTER UPDATE OF size, label ON sizes
  FOR EACH ROW WHEN (OLD.size IS DISTINCT FROM NEW.size OR OLD.label IS DISTINCT FROM NEW.label)
  EXECUTE FUNCTION sizes_refresh_variant_search();

CREATE INDEX variants_search_grams_idx ON variants USING gin (search_grams);

-- The reference checks before a delete (a colour or size used by variants) read these.
CREATE INDEX variants_color_idx ON variants (color_id) WHERE color_id IS NOT NULL;
CREATE INDEX variants_size_idx ON variants (size_id) WHERE size_id IS NOT NULL;
CREATE INDEX products_unit_idx ON products (unit_id);

UPDATE variants SET search_text = '';
