-- my-balance's ready JSON per balance row and its version (migration 0008 made the columns;
-- inventory.service.ts myBalances reads them).
-- Applied at every start whose text changed (db/migrate.ts), after the migrations.

CREATE OR REPLACE FUNCTION stock_balances_set_row_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.row_json <> '' AND NEW.qty_on_hand = OLD.qty_on_hand
     AND NEW.updated_at = OLD.updated_at AND NEW.variant_id = OLD.variant_id THEN
    RETURN NEW;
  END IF;
  NEW.row_json := '{"id":' || NEW.id
    || ',"variant":' || (SELECT variant_ref_json(v.id, v.sku, v.product_id, v.color_id, v.size_id)
                         FROM variants v WHERE v.id = NEW.variant_id)
    || ',"qty_on_hand":"' || NEW.qty_on_hand::text
    || '","updated_at":"' || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '"}';
  NEW.row_version := nextval('stock_balance_row_versions');
  RETURN NEW;
END;
$$;

-- Any change to a variant (its SKU, or a rename that reaches it through 0006's triggers).
CREATE OR REPLACE FUNCTION variants_refresh_balance_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances SET row_json = '' WHERE variant_id = NEW.id;
  RETURN NULL;
END;
$$;
