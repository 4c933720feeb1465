import { describe, expect, it } from 'vitest';
import { plannedQty, recipeFor, recipePath } from './production.ts';

const productRecipe = { id: 1, variant: null };
const navyRecipe = { id: 2, variant: { id: 7, sku: 'NAVY', label: 'Navy' } };

describe('production orders (DESIGN.md section 21)', () => {
  it('a variant is made by its own recipe, else by its product’s', () => {
    expect(recipeFor([productRecipe, navyRecipe], 7)).toBe(navyRecipe);
    expect(recipeFor([navyRecipe, productRecipe], 8)).toBe(productRecipe);
    expect(recipeFor([navyRecipe], 8)).toBeUndefined();
  });

  it('an input is planned at the recipe’s quantity times the output’s, exactly', () => {
    expect(plannedQty('1.6', '3')).toBe('4.8');
    expect(plannedQty('0.015', '7')).toBe('0.105');
    expect(plannedQty('0.1', '0,3')).toBe('0.03');
    expect(plannedQty('1.6', '')).toBe('');
    expect(plannedQty('1.6', '-2')).toBe('');
    expect(plannedQty('1.6', 'abc')).toBe('');
  });

  it('links to the recipe at the version the order used', () => {
    expect(recipePath({ id: 3, version: 2 })).toBe('/catalog/recipes/3?version=2');
  });
});
