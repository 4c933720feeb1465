import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { seedCatalog } from '../../cli/seed/catalog.ts';
import { DEMO_PASSWORD, seedCore } from '../../cli/seed/core.ts';
import { seedProduction } from '../../cli/seed/production.ts';
import { seedRates } from '../../cli/seed/rates.ts';
import { demoWorkshop, seedWorkshop, WORKSHOP_SKUS } from '../../cli/seed/workshop.ts';

// The demo workshop (DESIGN.md section 21): its materials on the Omborchi's stock through the
// ledger, and recipes a reader finds with an estimate, in the versions the seed wrote.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds the workshop: materials on the Omborchi, recipes with versions, variant overrides and estimates', async () => {
  const core = await seedCore(t.db);
  await seedRates(t.db, core);
  await seedCatalog(t.db, core);
  await seedWorkshop(t.db, core);
  await assertStockInvariants(t.db);

  const workshop = await demoWorkshop(t.db, core.businessId);
  const fabric = workshop.variants.get(WORKSHOP_SKUS.fabric('Oq'));
  const held = await t.db
    .selectFrom('stock_balances')
    .select(['variant_id', 'qty_on_hand'])
    .where('department_id', '=', core.users['omborchi@demo.uz'] as number)
    .where('variant_id', '=', fabric as number)
    .executeTakeFirst();
  expect(held?.qty_on_hand).toBe('300.000');
  // Two for the cut pieces (the product's and the navy pieces' own), one for the shirt and one
  // for each navy shirt size.
  expect(workshop.recipes).toHaveLength(7);

  const keeper = await signIn(t.url, { email: 'omborchi@demo.uz', password: DEMO_PASSWORD });
  const shirt = workshop.recipes.find((r) => r.product.type === 'FINISHED' && r.variant === null);
  const res = await keeper.get(`recipes/${shirt?.id}/`);
  expect(res.status).toBe(200);
  expect(res.body.current_version).toBe(2);
  expect(res.body.version.overhead).toBe('18000.00');
  // Thread in USD at the seed's rate, cut pieces at their own recipe's estimate: all known.
  expect(
    res.body.version.inputs.every((i: { unit_cost_uzs: string | null }) => i.unit_cost_uzs !== null),
  ).toBe(true);
  expect(Number(res.body.version.estimate_uzs)).toBeGreaterThan(18_000 + 1.6 * 28_000);
  const v1 = await keeper.get(`recipes/${shirt?.id}/versions/1/`);
  expect(v1.body.version.overhead).toBe('15000.00');

  // Its production orders: posted through the documents' skeleton, costed from the lots above.
  await seedProduction(t.db, core);
  await assertStockInvariants(t.db);
  await assertDocumentInvariants(t.db);
  const orders = await keeper.get('production-orders/');
  expect(orders.body.results.map((o: { status: string }) => o.status).sort()).toEqual([
    'DRAFT',
    'POSTED',
    'POSTED',
    'POSTED',
    'POSTED',
    'POSTED',
  ]);
  const report = await keeper.get('reports/production/?group_by=order');
  expect(report.body.count).toBe(5);
  const wasted = report.body.results.find(
    (r: { variant: { sku: string } }) => r.variant.sku === WORKSHOP_SKUS.shirt('Oq', '50'),
  );
  // 10 shirts: 10 white pieces at their cut cost and 0.18 kg of thread (the recipe says 0.15), + 18,000 each.
  expect(Number(wasted.unit_cost_uzs)).toBeGreaterThan(18_000 + 1.6 * 28_000);
  expect(wasted.estimate_uzs).not.toBeNull();
});
