import {
  businessDay,
  CURRENCY_IDS,
  canProduce,
  D,
  fixedMoney,
  fixedQuantity,
  msg,
  type ProductionOrderCreateSchema,
} from '@app/shared';
import type { z } from 'zod';
import { badRequest, conflict, type FieldErrors, fieldError } from '../../lib/errors.ts';
import { resolveCurrency } from '../finance/finance.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import { effectiveRecipes, versionById } from '../production/recipes.service.ts';
import type { KindConfig, LoadedDocument, Trx } from './document-kind.ts';
import { shortLinesError, variantSkus } from './document-lines.ts';
import type * as repo from './documents.repository.ts';
import { setLineAmounts, setProductionCost } from './production-costs.repository.ts';

// A production order (DESIGN.md section 21): the output variant made by its recipe's current
// version in the ordering department. Posting consumes the inputs from the department's FIFO lots
// (PRODUCTION exits; one 409 naming every short input) and makes one output lot (a PRODUCTION
// entry) whose unit cost is (the FIFO cost consumed, each lot at the rate it recorded, converted
// to the order's currency at the rate in force + the recipe's overhead) / quantity, rounded once.
// The order keeps the version it used; a draft takes the version current at its last change.

type Body = z.output<typeof ProductionOrderCreateSchema>;

const lineOf = (variant: number, qty: string, planned: string | null, output: boolean): repo.LineValues => ({
  variant_id: variant,
  qty,
  price: '0',
  discount: '0',
  amount: '0',
  price_type_id: null,
  price_source: 'MANUAL',
  output,
  planned_qty: planned,
});

/** Quantities actually used (waste): the body's, else the draft's own while its output stands. */
function actualInputs(body: Partial<Body>, prior: LoadedDocument | null) {
  if (body.inputs) return body.inputs;
  if (body.output !== undefined || body.qty !== undefined || !prior) return [];
  return prior.lines
    .filter((l) => !l.output && l.planned_qty !== null && !new D(l.qty).eq(l.planned_qty))
    .map((l) => ({ variant: l.variant_id, qty: l.qty }));
}

/** The inputs' lines (the recipe's quantity x the output's, or the actual one) and the output's, last. */
async function orderLines(
  trx: Trx,
  businessId: number,
  output: { variant: number; qty: string },
  given: ReadonlyArray<{ variant: number; qty: string }>,
) {
  await variantSkus(trx, businessId, [output.variant]);
  const recipe = (await effectiveRecipes(trx, businessId, [output.variant])).get(output.variant);
  if (!recipe) throw fieldError('output', msg('errors.production.no_recipe'));
  const fields: FieldErrors = {};
  given.forEach((g, i) => {
    if (!recipe.inputs.some((r) => r.variant_id === g.variant))
      fields[`inputs.${i}.variant`] = [msg('errors.production.not_an_input')];
  });
  const [first] = Object.values(fields);
  if (first?.[0]) throw badRequest(first[0], fields);
  const actual = new Map(given.map((g) => [g.variant, fixedQuantity(g.qty)]));
  const inputs = recipe.inputs.map((input) => {
    const planned = fixedQuantity(new D(input.qty).times(output.qty));
    return lineOf(input.variant_id, actual.get(input.variant_id) ?? planned, planned, false);
  });
  return { versionId: recipe.version_id, lines: [...inputs, lineOf(output.variant, output.qty, null, true)] };
}

/** Posting's figures, unrounded until the end: each input's cost and the overhead in the order's currency. */
async function costOf(
  trx: Trx,
  doc: LoadedDocument,
  overheadPerUnit: { amount: string; currencyId: number },
) {
  const { header } = doc;
  const inputs = doc.lines.filter((l) => !l.output);
  const out = doc.lines.find((l) => l.output);
  if (!out) throw new Error(`production order ${header.id} without its output`);
  const [consumed, docRate, overheadRate] = await Promise.all([
    documentStock.consumedCostsUzs(
      trx,
      header.business_id,
      inputs.map((l) => l.id),
    ),
    documentStock.rateInForce(trx, header.business_id, header.currency_id),
    documentStock.rateInForce(trx, header.business_id, overheadPerUnit.currencyId),
  ]);
  const costs = inputs.map((l) => ({ line: l, cost: new D(consumed.get(l.id) ?? '0').div(docRate) }));
  const overhead = new D(overheadPerUnit.amount).times(out.qty).times(overheadRate).div(docRate);
  const total = costs.reduce((sum, c) => sum.plus(c.cost), overhead);
  return { out, costs, overhead, total, unitCost: fixedMoney(total.div(out.qty)) };
}

export const productionKind: KindConfig<Body> = {
  kind: 'PRODUCTION',
  entity: 'production',
  mayWrite: (role) => canProduce(role),

  async draft(trx, deps, actor, body, prior) {
    const priorOutput = prior?.lines.find((l) => l.output);
    const variant = body.output ?? priorOutput?.variant_id;
    const qty = body.qty ?? priorOutput?.qty;
    if (variant === undefined || qty === undefined) throw new Error('a production order without its output');
    const currencyId = body.currency ?? prior?.header.currency_id ?? CURRENCY_IDS.UZS;
    await resolveCurrency(trx, actor.businessId, currencyId);
    const output = { variant, qty: fixedQuantity(qty) };
    const made = await orderLines(trx, actor.businessId, output, actualInputs(body, prior));
    return {
      header: {
        counterparty_id: null,
        currency_id: currencyId,
        doc_date: body.date ?? prior?.header.day ?? businessDay(deps.clock()),
        note: body.note ?? prior?.header.note ?? '',
        total: '0',
        on_credit: '0',
        due_date: null,
        recipe_version_id: made.versionId,
      },
      lines: made.lines,
      cash: [],
    };
  },

  async post(trx, actor, doc) {
    const { header } = doc;
    const inputs = doc.lines.filter((l) => !l.output);
    const output = doc.lines.find((l) => l.output);
    const version = await versionById(trx, header.business_id, header.recipe_version_id ?? 0);
    if (!output || !version) throw new Error(`production order ${header.id} without its output or recipe`);
    const short = await documentStock.lockAndFindShortLines(
      trx,
      header.business_id,
      header.department_id,
      inputs.map((l) => ({ lineId: l.id, variantId: l.variant_id, qty: l.qty })),
      [output.variant_id],
    );
    if (short.length > 0) throw shortLinesError(doc, short);
    const stockDoc = {
      businessId: header.business_id,
      departmentId: header.department_id,
      currencyId: header.currency_id,
      createdBy: actor.id,
      note: header.number,
    };
    await documentStock.writeDocumentExits(
      trx,
      stockDoc,
      'PRODUCTION',
      inputs.map((l) => ({
        lineId: l.id,
        variantId: l.variant_id,
        qty: l.qty,
        amount: null,
        unitPrice: null,
      })),
    );
    const cost = await costOf(trx, doc, { amount: version.overhead, currencyId: version.currency_id });
    await documentStock.writeDocumentEntries(trx, stockDoc, 'PRODUCTION', [
      { lineId: output.id, variantId: output.variant_id, qty: output.qty, unitCost: cost.unitCost },
    ]);
    await setLineAmounts(trx, header.business_id, [
      ...cost.costs.map((c) => ({
        id: c.line.id,
        price: fixedMoney(c.cost.div(c.line.qty)),
        amount: fixedMoney(c.cost),
      })),
      { id: output.id, price: cost.unitCost, amount: fixedMoney(cost.total) },
    ]);
    await setProductionCost(trx, header.business_id, header.id, {
      total: fixedMoney(cost.total),
      overhead: fixedMoney(cost.overhead),
    });
    return { changeUzs: '0', onCredit: '0' };
  },

  async reverse(trx, _actor, doc) {
    const { header } = doc;
    const output = doc.lines.find((l) => l.output);
    if (!output) throw new Error(`production order ${header.id} without its output`);
    // The output back first: refused, nothing changed, once some of its lot has left.
    const moved = await documentStock.reverseDocumentEntries(trx, header.business_id, [output.id]);
    if (moved.length > 0) throw conflict(msg('errors.production.output_made_elsewhere', { sku: output.sku }));
    await documentStock.reverseDocumentExits(
      trx,
      header.business_id,
      doc.lines.filter((l) => !l.output).map((l) => l.id),
    );
  },
};
