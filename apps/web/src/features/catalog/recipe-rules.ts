import {
  CURRENCY_IDS,
  D,
  type ProductType,
  type Recipe,
  type RecipeSummary,
  type VariantRef,
} from '@app/shared';
import type { VariantOption } from '../../components/VariantPicker.tsx';
import { paths } from '../../config/paths.ts';

// The recipes' pages (DESIGN.md section 21): what the list filters, what a line costs at today's
// costs, and the editor's values to and from the API's.

/** A recipe's page, by id; with a version, that version as it was. */
export function recipePath(id: number, version?: number): string {
  const path = paths.catalog.recipe.replace(':id', String(id));
  return version === undefined ? path : `${path}?version=${version}`;
}

/** A variant's own recipe names its variant by SKU and colour/size ("KS1-TOQ-48 · To'q ko'k / 48"); the product is beside it. */
export function variantText(variant: Pick<VariantRef, 'sku' | 'color_name' | 'size_label'>): string {
  const part = [variant.color_name, variant.size_label].filter(Boolean).join(' / ');
  return part ? `${variant.sku} · ${part}` : variant.sku;
}

/** The products a recipe is written for: a RAW product is bought, never made. */
export const RECIPE_OUTPUT_TYPES: readonly ProductType[] = ['SEMI', 'FINISHED'];

/** The list's filter: a product type ('' for every one) and text in the product's or variant's name or SKU. */
export function filterRecipes(
  recipes: readonly RecipeSummary[],
  type: ProductType | '',
  text: string,
): RecipeSummary[] {
  const needle = text.trim().toLowerCase();
  return recipes.filter(
    (r) =>
      (type === '' || r.product.type === type) &&
      (needle === '' ||
        [r.product.label, r.variant?.label ?? '', r.variant?.sku ?? ''].some((s) =>
          s.toLowerCase().includes(needle),
        )),
  );
}

/** One input's cost per unit of output in UZS: its quantity times its unit's cost; null without a cost. */
export function lineCostUzs(qty: string, unitCostUzs: string | null): string | null {
  return unitCostUzs === null ? null : new D(qty).times(unitCostUzs).toString();
}

/** The editor's values: ids as the selects hold them, each input with the variant the picker shows. */
export interface RecipeDraft {
  product: string;
  /** '' is the product's recipe, for every variant without one of its own. */
  variant: string;
  inputs: { variant: VariantOption | null; qty: string }[];
  overhead: string;
  currency: string;
  note: string;
}

export function emptyInput(): RecipeDraft['inputs'][number] {
  return { variant: null, qty: '' };
}

/** A new recipe's values, or a recipe's current version's to change it. */
export function recipeDraft(recipe: Recipe | undefined): RecipeDraft {
  if (!recipe) {
    return {
      product: '',
      variant: '',
      inputs: [emptyInput()],
      overhead: '0',
      currency: String(CURRENCY_IDS.UZS),
      note: '',
    };
  }
  const { version } = recipe;
  return {
    product: String(recipe.product.id),
    variant: recipe.variant ? String(recipe.variant.id) : '',
    inputs: version.inputs.map((line) => ({
      variant: { id: line.variant.id, label: line.variant.label, sku: line.variant.sku },
      qty: line.qty,
    })),
    overhead: version.overhead,
    currency: String(version.currency),
    note: version.note,
  };
}

/** The draft as the API's body: the product's recipe without a variant, each input's variant id. */
export function recipeBody(draft: RecipeDraft) {
  return {
    product: draft.product,
    variant: draft.variant === '' ? null : draft.variant,
    inputs: draft.inputs.map((line) => ({ variant: line.variant?.id ?? '', qty: line.qty })),
    overhead: draft.overhead.trim() === '' ? '0' : draft.overhead,
    currency: draft.currency,
    note: draft.note,
  };
}
