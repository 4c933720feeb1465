import { D } from '@app/shared';
import { generatePath } from 'react-router';
import { paths } from '../../../config/paths.ts';

// Production orders' pages (DESIGN.md section 21): which recipe an output is made by, and the
// inputs an order of it is expected to use.

/** A recipe's page at the version an order used: `/catalog/recipes/3?version=2`. */
export function recipePath(recipe: { id: number; version: number }): string {
  return `${generatePath(paths.catalog.recipe, { id: String(recipe.id) })}?version=${recipe.version}`;
}

/** The recipe a variant is made by, as the server chooses it: its own, else its product's. */
export function recipeFor<R extends { variant: { id: number } | null }>(
  recipes: readonly R[],
  variantId: number,
): R | undefined {
  return recipes.find((r) => r.variant?.id === variantId) ?? recipes.find((r) => r.variant === null);
}

/**
 * The quantity an input is planned at: the recipe's per unit x the output's quantity, exactly
 * (the server keeps three decimals); empty while the output's quantity is not a positive number.
 */
export function plannedQty(perUnit: string, outputQty: string): string {
  const text = outputQty.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || new D(text).lte(0)) return '';
  return new D(perUnit).times(text).toDecimalPlaces(3).toString();
}
