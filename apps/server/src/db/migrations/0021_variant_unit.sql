-- The variant object carries its product's unit of measure (DESIGN.md section 16, "12.5 m"):
-- a product moved to another unit re-derives its variants, which rebuilds my-balance's ready rows
-- (variants_balance_json of 0008), as a renamed product does (0006).
CREATE TRIGGER products_variant_unit AFTER UPDATE OF unit_id ON products
  FOR EACH ROW WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id)
  EXECUTE FUNCTION products_refresh_variant_search();
