import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from './core.ts';

/** Kysely types of migrations/0032_recipes.sql (DESIGN.md section 21). */
export interface ProductionTables {
  recipes: {
    id: Generated<number>;
    business_id: number;
    product_id: number;
    variant_id: number | null;
    current_version: ColumnType<number, number | undefined, number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  recipe_versions: {
    id: Generated<number>;
    business_id: number;
    recipe_id: number;
    version: number;
    overhead: ColumnType<string, string | undefined, string>;
    currency_id: number;
    note: Generated<string>;
    created_by: number;
    created_at: Generated<Date>;
  };
  recipe_inputs: {
    business_id: number;
    version_id: number;
    line_no: number;
    variant_id: number;
    qty: Numeric;
  };
}
