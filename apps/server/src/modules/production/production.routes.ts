import {
  CATALOG_WRITE_ROLES,
  IdParamsSchema,
  RecipeCreateSchema,
  RecipeListQuerySchema,
  RecipeSchema,
  RecipeSummarySchema,
  RecipeVersionInputSchema,
  RecipeVersionParamsSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import * as recipes from './recipes.service.ts';

const tags = ['production'];

/** Recipes and production (DESIGN.md section 21). */
export async function productionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  recipeReads(app, deps);
  recipeWrites(app, deps);
}

/** Every role reads the recipes. */
function recipeReads(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);

  r.get(
    '/recipes/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The recipes, by product; a product may have one and each of its variants one of its own',
        querystring: RecipeListQuerySchema,
        response: { 200: z.array(RecipeSummarySchema), ...ErrorSchemas },
      },
    },
    (request) => recipes.listRecipes(deps, actorOf(request), request.query.product),
  );
  r.get(
    '/recipes/:id/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A recipe in its current version, with its estimate at today’s costs and its versions',
        params: IdParamsSchema,
        response: { 200: RecipeSchema, ...ErrorSchemas },
      },
    },
    (request) => recipes.getRecipe(deps, actorOf(request), request.params.id),
  );
  r.get(
    '/recipes/:id/versions/:version/',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A recipe as one of its versions was',
        params: RecipeVersionParamsSchema,
        response: { 200: RecipeSchema, ...ErrorSchemas },
      },
    },
    (request) => recipes.getRecipe(deps, actorOf(request), request.params.id, request.params.version),
  );
}

/** The catalogue's roles write them. */
function recipeWrites(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  r.post(
    '/recipes/',
    {
      onRequest: write,
      schema: {
        tags,
        summary:
          "A product's recipe, or a variant's own: its inputs per unit of output and overhead (version 1)",
        body: RecipeCreateSchema,
        response: { 201: RecipeSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recipes.createRecipe(deps, actorOf(request), request.body)),
  );
  r.put(
    '/recipes/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Change a recipe: a new version; orders keep the version they used',
        params: IdParamsSchema,
        body: RecipeVersionInputSchema,
        response: { 200: RecipeSchema, ...ErrorSchemas },
      },
    },
    (request) => recipes.reviseRecipe(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/recipes/:id/',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a recipe no production order has used (409 after)',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await recipes.deleteRecipe(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
