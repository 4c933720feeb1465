import {
  msg,
  type Recipe,
  type RecipeCreateSchema,
  type RecipeSummary,
  type RecipeVersionInputSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { badRequest, conflict, type FieldErrors, fieldError, notFound, pgCodeOf } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { loadVariantRefMap } from '../catalog/variants.service.ts';
import { findCurrenciesByIds, resolveCurrency } from '../finance/finance.service.ts';
import { costText, estimateOf, unitCostsUzs } from './recipe-costs.ts';
import { cycleThrough, type RecipeOutput } from './recipe-graph.ts';
import * as repo from './recipes.repository.ts';

// Recipes (DESIGN.md section 21): written by the catalogue's roles, read by everyone. A change is
// a new version; the versions an order used stay as they were. A RAW product is bought, never
// made, so it has no recipe.

export { outputEstimates, versionEstimates } from './recipe-costs.ts';
export { type EffectiveRecipe, effectiveRecipes, versionById } from './recipes.repository.ts';

type VersionBody = z.output<typeof RecipeVersionInputSchema>;

async function toSummaries(
  db: Database,
  businessId: number,
  rows: repo.RecipeRow[],
): Promise<RecipeSummary[]> {
  const variants = await loadVariantRefMap(
    db,
    businessId,
    rows.flatMap((r) => (r.variant_id === null ? [] : [r.variant_id])),
  );
  return rows.map((r) => ({
    id: r.id,
    product: { id: r.product_id, label: r.product_label, type: r.product_type },
    variant: r.variant_id === null ? null : (variants.get(r.variant_id) ?? null),
    current_version: r.current_version,
    input_count: r.input_count,
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function listRecipes(deps: Pick<Deps, 'db'>, actor: Actor, productId?: number) {
  return toSummaries(deps.db, actor.businessId, await repo.listRecipes(deps.db, actor.businessId, productId));
}

export async function getRecipe(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  version?: number,
): Promise<Recipe> {
  const row = await repo.findRecipe(deps.db, actor.businessId, id);
  if (!row) throw notFound();
  const found = await repo.findVersion(deps.db, actor.businessId, id, version ?? row.current_version);
  if (!found) throw notFound();
  const [[summary], inputs, versions] = await Promise.all([
    toSummaries(deps.db, actor.businessId, [row]),
    repo.versionInputs(deps.db, actor.businessId, found.id),
    repo.listVersions(deps.db, actor.businessId, id),
  ]);
  const ids = inputs.map((i) => i.variant_id);
  const [variants, costs, [currency]] = await Promise.all([
    loadVariantRefMap(deps.db, actor.businessId, ids),
    unitCostsUzs(deps.db, actor.businessId, ids),
    findCurrenciesByIds(deps.db, actor.businessId, [found.currency_id]),
  ]);
  const estimate = estimateOf(
    { overhead: found.overhead, rate_to_uzs: currency?.rate_to_uzs ?? '1', inputs },
    costs,
  );
  const { input_count: _, ...header } = summary as RecipeSummary;
  return {
    ...header,
    version: {
      version: found.version,
      overhead: found.overhead,
      currency: found.currency_id,
      currency_code: found.currency_code,
      note: found.note,
      created_by: { id: found.created_by, email: found.created_by_email },
      created_at: found.created_at.toISOString(),
      inputs: inputs.map((i) => ({
        line_no: i.line_no,
        // An input's variant cannot be deleted (ON DELETE RESTRICT).
        variant: variants.get(i.variant_id)!,
        qty: i.qty,
        unit_cost_uzs: costText(costs.get(i.variant_id)),
      })),
      estimate_uzs: costText(estimate),
    },
    versions: versions.map((v) => ({ ...v, created_at: v.created_at.toISOString() })),
  };
}

/** The inputs checked in the business, none the output itself and none leading back to it. */
async function checkInputs(trx: Database, actor: Actor, output: RecipeOutput, body: VersionBody) {
  const ids = body.inputs.map((i) => i.variant);
  const variants = await loadVariantRefMap(trx, actor.businessId, ids);
  const fields: FieldErrors = {};
  body.inputs.forEach((input, i) => {
    const variant = variants.get(input.variant);
    const itself =
      output.variantId === null ? variant?.product === output.productId : input.variant === output.variantId;
    if (!variant) fields[`inputs.${i}.variant`] = [missingRef(input.variant)];
    else if (itself) fields[`inputs.${i}.variant`] = [msg('errors.production.input_is_output')];
  });
  const [first] = Object.values(fields);
  if (first?.[0]) throw badRequest(first[0], fields);
  const cycle = await cycleThrough(trx, actor.businessId, output, ids);
  if (cycle) {
    const skus = await loadVariantRefMap(trx, actor.businessId, cycle);
    throw conflict(
      msg('errors.production.cycle', { path: cycle.map((v) => skus.get(v)?.sku ?? v).join(' → ') }),
    );
  }
  return (await resolveCurrency(trx, actor.businessId, body.currency ?? 'UZS')).id;
}

async function writeVersion(
  trx: Database,
  actor: Actor,
  recipeId: number,
  version: number,
  output: RecipeOutput,
  body: VersionBody,
) {
  const currencyId = await checkInputs(trx, actor, output, body);
  await repo.insertVersion(trx, {
    business_id: actor.businessId,
    recipe_id: recipeId,
    version,
    overhead: body.overhead,
    currency_id: currencyId,
    note: body.note,
    created_by: actor.id,
    inputs: body.inputs,
  });
}

const missingRef = (id: number) => msg('errors.invalid_pk', { id });

/** The output a body names: a product of the business that is made (not RAW), or one of its variants. */
async function outputOf(
  trx: Database,
  actor: Actor,
  productId: number,
  variantId: number | null,
): Promise<RecipeOutput> {
  const product = await repo.findProduct(trx, actor.businessId, productId);
  if (!product) throw fieldError('product', missingRef(productId));
  if (product.type === 'RAW') throw fieldError('product', msg('errors.production.raw_not_made'));
  if (variantId !== null) {
    const variant = (await loadVariantRefMap(trx, actor.businessId, [variantId])).get(variantId);
    if (!variant) throw fieldError('variant', missingRef(variantId));
    if (variant.product !== productId)
      throw fieldError('variant', msg('errors.production.variant_not_of_product'));
  }
  return { id: null, productId, variantId };
}

/** Who the History line names: the product, and the variant's SKU for a variant's own recipe. */
async function subjectOf(trx: Database, actor: Actor, output: RecipeOutput): Promise<string> {
  const product = await repo.findProduct(trx, actor.businessId, output.productId);
  const variant =
    output.variantId === null
      ? undefined
      : (await loadVariantRefMap(trx, actor.businessId, [output.variantId])).get(output.variantId);
  return variant ? `${product?.label ?? ''} (${variant.sku})` : (product?.label ?? '');
}

export function createRecipe(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: z.output<typeof RecipeCreateSchema>,
) {
  return inTransaction(deps.db, async (trx) => {
    await repo.lockRecipes(trx, actor.businessId);
    const output = await outputOf(trx, actor, body.product, body.variant);
    if (await repo.recipeOf(trx, actor.businessId, output.productId, output.variantId))
      throw fieldError(
        output.variantId === null ? 'product' : 'variant',
        msg('errors.production.recipe_exists'),
      );
    const id = await repo.insertRecipe(trx, {
      business_id: actor.businessId,
      product_id: output.productId,
      variant_id: output.variantId,
    });
    await writeVersion(trx, actor, id, 1, { ...output, id }, body);
    await auditAs(trx, actor, {
      action: 'recipe.create',
      entity: 'recipe',
      entityId: id,
      summary: msg('audit.production.recipe_added', { subject: await subjectOf(trx, actor, output) }),
    });
    return getRecipe({ db: trx }, actor, id);
  });
}

/** A change: a new version, which orders from now on use. */
export function reviseRecipe(deps: Pick<Deps, 'db'>, actor: Actor, id: number, body: VersionBody) {
  return inTransaction(deps.db, async (trx) => {
    await repo.lockRecipes(trx, actor.businessId);
    const row = await repo.findRecipe(trx, actor.businessId, id);
    if (!row) throw notFound();
    const output = { id, productId: row.product_id, variantId: row.variant_id };
    const version = row.current_version + 1;
    await writeVersion(trx, actor, id, version, output, body);
    await auditAs(trx, actor, {
      action: 'recipe.update',
      entity: 'recipe',
      entityId: id,
      summary: msg('audit.production.recipe_changed', {
        subject: await subjectOf(trx, actor, output),
        version,
      }),
    });
    return getRecipe({ db: trx }, actor, id);
  });
}

/** Deleted whole while no order used any of its versions; after that, it is history (409). */
export async function deleteRecipe(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  try {
    await inTransaction(deps.db, async (trx) => {
      await repo.lockRecipes(trx, actor.businessId);
      const row = await repo.findRecipe(trx, actor.businessId, id);
      if (!row) throw notFound();
      const subject = await subjectOf(trx, actor, {
        id,
        productId: row.product_id,
        variantId: row.variant_id,
      });
      await repo.deleteRecipe(trx, actor.businessId, id);
      await auditAs(trx, actor, {
        action: 'recipe.delete',
        entity: 'recipe',
        entityId: id,
        summary: msg('audit.production.recipe_deleted', { subject }),
      });
    });
  } catch (err) {
    if (pgCodeOf(err) === '23503') throw conflict(msg('errors.production.recipe_in_use'));
    throw err;
  }
}
