import type { Variant } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { searchVariants } from '../../../api/variants.ts';
import type { VariantOption } from '../../../components/VariantPicker.tsx';
import { api } from '../../../lib/api-client.ts';
import { recipeFor } from '../lib/production.ts';

// What a new production order reads (DESIGN.md section 21): the output variant, and the recipe it
// is made by (its own, else its product's) to preview the inputs.

/** An output as the picker gives it: with its product (whose recipes apply) and unit. */
export type OutputOption = VariantOption & Pick<Variant, 'product' | 'unit'>;

export async function searchOutputVariants(text: string, signal: AbortSignal): Promise<OutputOption[]> {
  return (await searchVariants({ text }, signal)).map((v) => ({
    id: v.id,
    label: v.label,
    sku: v.sku,
    product: v.product,
    unit: v.unit,
  }));
}

/**
 * GET recipes/?product= then recipes/{id}/: the current version of the recipe the output is made
 * by; `none` when the product has no recipe for it (the server then answers "no recipe").
 */
export function useOutputRecipe(output: OutputOption | null) {
  const list = useQuery({
    queryKey: ['catalog', 'recipes', 'list', { product: output?.product }],
    queryFn: ({ signal }) =>
      api.get('recipes/', {
        signal,
        query: { product: output?.product },
        schema: (s) => s.RecipeSummarySchema.array(),
      }),
    enabled: output !== null,
  });
  const summary = output && list.data ? recipeFor(list.data, output.id) : undefined;
  const recipe = useQuery({
    queryKey: ['catalog', 'recipes', 'one', summary?.id, undefined],
    queryFn: ({ signal }) => api.get(`recipes/${summary?.id}/`, { signal, schema: (s) => s.RecipeSchema }),
    enabled: summary !== undefined,
  });
  return {
    recipe: recipe.data,
    none: list.data !== undefined && summary === undefined,
    pending: output !== null && (list.isPending || (summary !== undefined && recipe.isPending)),
  };
}
