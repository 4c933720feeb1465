import { D, type DecimalValue, fixedMoney } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { findCurrenciesByIds } from '../finance/finance.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import * as repo from './recipes.repository.ts';

// A recipe's estimate at today's costs (DESIGN.md section 21): what one unit of its output would
// cost if made now, beside what an order really consumed. An input's unit cost is its newest
// lot's at its currency's rate in force; an input never bought or made (a SEMI not yet produced)
// is estimated by its own recipe, levels down; one with neither has no cost, and the estimate
// then none (null), rather than a figure that leaves it out.

/** Levels of SEMI inputs estimated through their recipes; recipes have no cycles, this only bounds the work. */
const MAX_DEPTH = 10;

/** One unit's cost in UZS of each of `ids` today, unrounded; a variant with no cost is left out. */
export async function unitCostsUzs(
  db: Database,
  businessId: number,
  ids: readonly number[],
  depth = 0,
): Promise<Map<number, DecimalValue>> {
  const last = await documentStock.lastCosts(db, businessId, null, ids);
  const rates = new Map(
    (
      await findCurrenciesByIds(db, businessId, [...new Set([...last.values()].map((c) => c.currencyId))])
    ).map((c) => [c.id, c.rate_to_uzs]),
  );
  // Today's cost: the last lot's unit cost at its currency's rate in force (not the lot's own).
  const costs = new Map(
    [...last].map(([id, cost]) => [
      id,
      new D(cost.unitCost).times(rates.get(cost.currencyId) ?? cost.rateToUzs),
    ]),
  );
  const missing = ids.filter((id) => !costs.has(id));
  if (missing.length === 0 || depth >= MAX_DEPTH) return costs;
  const recipes = await repo.effectiveRecipes(db, businessId, missing);
  const inputIds = [...new Set([...recipes.values()].flatMap((r) => r.inputs.map((i) => i.variant_id)))];
  const inputCosts = await unitCostsUzs(db, businessId, inputIds, depth + 1);
  for (const [id, recipe] of recipes) {
    const estimate = estimateOf(recipe, inputCosts);
    if (estimate !== null) costs.set(id, estimate);
  }
  return costs;
}

/** inputs x their costs + overhead at its rate, unrounded; null when an input has no cost. */
export function estimateOf(
  version: Pick<repo.EffectiveRecipe, 'overhead' | 'rate_to_uzs' | 'inputs'>,
  costs: ReadonlyMap<number, DecimalValue>,
): DecimalValue | null {
  let total = new D(version.overhead).times(version.rate_to_uzs);
  for (const input of version.inputs) {
    const cost = costs.get(input.variant_id);
    if (cost === undefined) return null;
    total = total.plus(cost.times(input.qty));
  }
  return total;
}

/** A cost for the wire: rounded once, to the tiyin. */
export const costText = (cost: DecimalValue | null | undefined): string | null =>
  cost === null || cost === undefined ? null : fixedMoney(cost);

type Estimated = Pick<repo.EffectiveRecipe, 'overhead' | 'rate_to_uzs' | 'inputs'>;

/** One unit's estimate at today's costs, in UZS rounded, of each recipe version given (null: an input without a cost). */
async function estimatesOf<K>(db: Database, businessId: number, recipes: Map<K, Estimated>) {
  const inputIds = [...new Set([...recipes.values()].flatMap((r) => r.inputs.map((i) => i.variant_id)))];
  const costs = await unitCostsUzs(db, businessId, inputIds);
  return new Map([...recipes].map(([key, recipe]) => [key, costText(estimateOf(recipe, costs))]));
}

/** The estimate of each version (a production order's, DESIGN.md section 21's cost report). */
export async function versionEstimates(db: Database, businessId: number, versionIds: readonly number[]) {
  return estimatesOf(db, businessId, await repo.versionsWithInputs(db, businessId, versionIds));
}

/** The estimate of each output variant by the recipe it is made by today. */
export async function outputEstimates(db: Database, businessId: number, variantIds: readonly number[]) {
  return estimatesOf(db, businessId, await repo.effectiveRecipes(db, businessId, variantIds));
}
