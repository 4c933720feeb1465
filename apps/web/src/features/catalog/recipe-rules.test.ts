import { RecipeCreateSchema, type RecipeSummary } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  filterRecipes,
  lineCostUzs,
  recipeBody,
  recipeDraft,
  recipePath,
  variantText,
} from './recipe-rules.ts';

const ref = { product: 4, product_code: 4004, color_code: '#1E3A8A', unit: 'D' as const };
const summary = (id: number, type: 'SEMI' | 'FINISHED', label: string, sku?: string): RecipeSummary => ({
  id,
  product: { id: id * 10, label, type },
  variant: sku
    ? { id, sku, label: `${label} / To'q ko'k / M`, color_name: "To'q ko'k", size_label: 'M', ...ref }
    : null,
  current_version: 1,
  input_count: 2,
  updated_at: '2026-11-27T10:00:00.000Z',
});

describe('the recipes list', () => {
  const list = [
    summary(1, 'SEMI', 'Bichilgan detallar'),
    summary(2, 'FINISHED', "Ko'ylak KS-1"),
    summary(3, 'FINISHED', "Ko'ylak KS-1", 'KS1-TOQ-48'),
  ];
  it('filters by the product type and by text in the product, the variant or its SKU', () => {
    expect(filterRecipes(list, 'SEMI', '').map((r) => r.id)).toEqual([1]);
    expect(filterRecipes(list, '', 'ks1-toq').map((r) => r.id)).toEqual([3]);
    expect(filterRecipes(list, 'FINISHED', "ko'ylak").map((r) => r.id)).toEqual([2, 3]);
    expect(filterRecipes(list, '', '  ').map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it('names a variant by SKU and colour/size, the product being beside it', () => {
    expect(variantText({ sku: 'KS1-TOQ-48', color_name: "To'q ko'k", size_label: 'M' })).toBe(
      "KS1-TOQ-48 · To'q ko'k / M",
    );
    expect(variantText({ sku: 'X1', color_name: null, size_label: null })).toBe('X1');
  });
  it("links a version's page only for an earlier version", () => {
    expect(recipePath(5)).toBe('/catalog/recipes/5');
    expect(recipePath(5, 1)).toBe('/catalog/recipes/5?version=1');
  });
});

describe('a line of a recipe', () => {
  it('costs its quantity times its unit cost exactly, and nothing without a cost', () => {
    expect(lineCostUzs('0.015', '82225.00')).toBe('1233.375');
    expect(lineCostUzs('1.6', '0.1')).toBe('0.16');
    expect(lineCostUzs('2', null)).toBeNull();
  });
});

describe('the editor', () => {
  it('sends the product’s recipe without a variant, the inputs as ids, and an empty overhead as 0', () => {
    const draft = {
      ...recipeDraft(undefined),
      product: '12',
      inputs: [{ variant: { id: 7, label: 'Mato', sku: 'PP120-OQ' }, qty: '1.6' }],
      overhead: ' ',
    };
    const body = RecipeCreateSchema.parse(recipeBody(draft));
    expect(body).toMatchObject({
      product: 12,
      variant: null,
      inputs: [{ variant: 7, qty: '1.6' }],
      overhead: '0',
    });
    expect(body.currency).toBe(2);
  });
  it('refuses an input that was never chosen', () => {
    const draft = { ...recipeDraft(undefined), product: '12' };
    expect(RecipeCreateSchema.safeParse(recipeBody(draft)).success).toBe(false);
  });
});
