import type { Database } from '../../db/connection.ts';
import * as repo from './recipes.repository.ts';

// No recipe may, through the recipes of its inputs, need its own output (DESIGN.md section 21: a
// recipe may use SEMI outputs of other recipes, and a cycle would make a cost of itself).

/** What a recipe makes: one variant, or its product's variants that have no recipe of their own. */
export interface RecipeOutput {
  id: number | null;
  productId: number;
  variantId: number | null;
}

/**
 * The input variants, in the order met, that lead back to `output` if `output` used `inputs`;
 * null when none does. Reads the business's recipes under lockRecipes, so two changes cannot
 * close a cycle together.
 */
export async function cycleThrough(
  db: Database,
  businessId: number,
  output: RecipeOutput,
  inputs: readonly number[],
): Promise<number[] | null> {
  const recipes = (await repo.recipeGraph(db, businessId)).filter((r) => r.id !== output.id);
  const own = new Map(recipes.filter((r) => r.variant_id !== null).map((r) => [r.variant_id, r.inputs]));
  const ofProduct = new Map(
    recipes.filter((r) => r.variant_id === null).map((r) => [r.product_id, r.inputs]),
  );
  const everyInput = [...inputs, ...recipes.flatMap((r) => r.inputs)];
  const products = await repo.productsOfVariants(db, businessId, everyInput);
  const madeByOutput = (variant: number) =>
    output.variantId !== null
      ? variant === output.variantId
      : products.get(variant) === output.productId && !own.has(variant);
  // Depth first from each input, carrying the path; a variant is expanded once.
  const seen = new Set<number>();
  const walk = (variant: number, path: number[]): number[] | null => {
    if (madeByOutput(variant)) return [...path, variant];
    if (seen.has(variant)) return null;
    seen.add(variant);
    const next = own.get(variant) ?? ofProduct.get(products.get(variant) ?? -1) ?? [];
    for (const input of next) {
      const found = walk(input, [...path, variant]);
      if (found) return found;
    }
    return null;
  };
  for (const input of inputs) {
    const found = walk(input, []);
    if (found) return found;
  }
  return null;
}
