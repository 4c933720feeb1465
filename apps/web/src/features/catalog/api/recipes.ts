import {
  type Recipe,
  type RecipeCreate,
  RecipeSchema,
  RecipeSummarySchema,
  type RecipeVersionInput,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

// Recipes (DESIGN.md section 21): `api/recipes/`. A change is a new version; a version read is
// read as it was, with its inputs' costs today.

/** GET recipes/: every recipe, by product. */
export const recipesQueryOptions = queryOptions({
  queryKey: catalogKeys.recipes,
  queryFn: ({ signal }) => api.get('recipes/', { signal, schema: z.array(RecipeSummarySchema) }),
});

/** GET recipes/{id}/ (the current version) or recipes/{id}/versions/{version}/. */
export const recipeQueryOptions = (id: number, version?: number) =>
  queryOptions({
    queryKey: catalogKeys.recipe(id, version),
    queryFn: ({ signal }) =>
      api.get(version === undefined ? `recipes/${id}/` : `recipes/${id}/versions/${version}/`, {
        signal,
        schema: RecipeSchema,
      }),
  });

/** POST recipes/ (no id: version 1) or PUT recipes/{id}/ (a new version). */
export function useSaveRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      write: { id: number; body: RecipeVersionInput } | { id?: undefined; body: RecipeCreate },
    ): Promise<Recipe> =>
      write.id === undefined
        ? api.post('recipes/', write.body, { schema: RecipeSchema })
        : api.put(`recipes/${write.id}/`, write.body, { schema: RecipeSchema }),
    onSuccess: (recipe) => {
      queryClient.setQueryData(catalogKeys.recipe(recipe.id), recipe);
      return queryClient.invalidateQueries({ queryKey: catalogKeys.recipes });
    },
  });
}

/** DELETE recipes/{id}/: 409 once a production order used it. */
export function useDeleteRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`recipes/${id}/`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: [...catalogKeys.recipes, id] });
      return queryClient.invalidateQueries({ queryKey: catalogKeys.recipes, exact: true });
    },
  });
}
