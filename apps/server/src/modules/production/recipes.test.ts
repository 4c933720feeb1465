import { D } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { createProduct, createUnit, createVariant } from '../catalog/catalog.fixtures.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import { giveStock } from '../inventory/inventory.fixtures.ts';

// Recipes (DESIGN.md section 21), on both engines: versions, a product's recipe and a variant's
// own, SEMI outputs used by FINISHED recipes, cycles refused, and the estimate at today's costs
// computed here by hand.

const { t, as, users, businessId } = await startWithUsers(['Owner', 'Omborchi', 'Kassir']);
afterAll(() => t.close());
const owner = as.Owner;

const unit = (await createUnit(owner)).id;
const product = async (type: string) => (await createProduct(owner, { type, unit })).id;
const variantOf = async (productId: number) => (await createVariant(owner, { product: productId })).id;

// Fabric (RAW) -> cut pieces (SEMI) -> shirts (FINISHED, two variants).
const fabricProduct = await product('RAW');
const fabric = await variantOf(fabricProduct);
const thread = await variantOf(await product('RAW'));
const piecesProduct = await product('SEMI');
const pieces = await variantOf(piecesProduct);
const shirtProduct = await product('FINISHED');
const shirtS = await variantOf(shirtProduct);
const shirtXl = await variantOf(shirtProduct);

// Fabric's newest lot: 12.50 USD a metre; thread 300 UZS a spool. The USD rate in force is the
// test business's (read below), so the estimate is checked against it.
const dept = { businessId, departmentId: users.Omborchi.id };
await giveStock(t.db, { ...dept, variantId: fabric, qty: '10', unitCost: '11.00', currencyId: USD });
await giveStock(t.db, { ...dept, variantId: fabric, qty: '5', unitCost: '12.50', currencyId: USD });
await giveStock(t.db, { ...dept, variantId: thread, qty: '100', unitCost: '300.00', currencyId: UZS });
const usdRate = (
  await t.db
    .selectFrom('business_currencies')
    .select('rate_to_uzs')
    .where('business_id', '=', businessId)
    .where('currency_id', '=', USD)
    .executeTakeFirstOrThrow()
).rate_to_uzs;

describe('recipes', () => {
  let piecesRecipe = 0;
  let shirtRecipe = 0;

  it('a SEMI recipe and a FINISHED one using it; the estimate at today’s costs, levels down', async () => {
    const cut = await as.Omborchi.post('recipes/', {
      product: piecesProduct,
      inputs: [{ variant: fabric, qty: '1.2' }],
      overhead: '1500',
      currency: UZS,
    });
    expect(cut.status).toBe(201);
    piecesRecipe = cut.body.id;
    // 1.2 m x 12.50 USD (the newest lot) x the rate + 1,500 UZS.
    const piecesCost = new D('1.2').times('12.50').times(usdRate).plus('1500').toFixed(2);
    expect(cut.body).toMatchObject({
      product: { id: piecesProduct, type: 'SEMI' },
      variant: null,
      current_version: 1,
      version: { version: 1, overhead: '1500.00', currency_code: 'UZS', estimate_uzs: piecesCost },
      versions: [{ version: 1 }],
    });
    expect(cut.body.version.inputs).toEqual([
      expect.objectContaining({
        line_no: 1,
        qty: '1.200',
        unit_cost_uzs: (12.5 * Number(usdRate)).toFixed(2),
      }),
    ]);

    const shirt = await owner.post('recipes/', {
      product: shirtProduct,
      inputs: [
        { variant: pieces, qty: '1' },
        { variant: thread, qty: '0.5' },
      ],
      overhead: '0.40',
      currency: USD,
    });
    expect(shirt.status).toBe(201);
    shirtRecipe = shirt.body.id;
    // Cut pieces were never made: their recipe's estimate stands for their cost.
    const expected = new D('1.2')
      .times('12.50')
      .times(usdRate)
      .plus('1500')
      .plus('150')
      .plus(new D('0.40').times(usdRate));
    expect(shirt.body.version.estimate_uzs).toBe(expected.toFixed(2));
    expect(shirt.body.version.inputs[0].unit_cost_uzs).toBe(piecesCost);
  });

  it('a change is a new version; the old one reads as it was', async () => {
    const changed = await owner.put(`recipes/${piecesRecipe}/`, {
      inputs: [{ variant: fabric, qty: '1.1' }],
      overhead: '1500',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.current_version).toBe(2);
    expect(changed.body.version.inputs[0].qty).toBe('1.100');
    expect(changed.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const first = await as.Kassir.get(`recipes/${piecesRecipe}/versions/1/`);
    expect(first.status).toBe(200);
    expect(first.body.version.inputs[0].qty).toBe('1.200');
    expect((await owner.get(`recipes/${piecesRecipe}/versions/3/`)).status).toBe(404);
    const list = await as.Kassir.get('recipes/');
    expect(list.body.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([piecesRecipe, shirtRecipe]),
    );
    expect(list.body.find((r: { id: number }) => r.id === piecesRecipe)).toMatchObject({
      current_version: 2,
      input_count: 1,
    });
  });

  it('a variant’s own recipe overrides its product’s; one recipe per output', async () => {
    const xl = await owner.post('recipes/', {
      product: shirtProduct,
      variant: shirtXl,
      inputs: [
        { variant: pieces, qty: '1.3' },
        { variant: thread, qty: '0.6' },
      ],
    });
    expect(xl.status).toBe(201);
    expect(xl.body.variant).toMatchObject({ id: shirtXl });
    const again = await owner.post('recipes/', {
      product: shirtProduct,
      variant: shirtXl,
      inputs: [{ variant: thread, qty: '1' }],
    });
    expect(again.status).toBe(400);
    expect(again.body.variant).toEqual(["Bunga retsept bor: uni o'zgartiring (yangi versiya bo'ladi)."]);
    const foreign = await owner.post('recipes/', {
      product: piecesProduct,
      variant: shirtS,
      inputs: [{ variant: thread, qty: '1' }],
    });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body)).toContain('variant');
    expect((await owner.delete(`recipes/${xl.body.id}/`)).status).toBe(204);
    expect((await owner.get(`recipes/${xl.body.id}/`)).status).toBe(404);
  });

  it('a cycle is refused, naming its chain; nothing is written', async () => {
    // Pieces made of shirts, which are made of pieces.
    const before = await t.db
      .selectFrom('recipe_versions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cycle = await owner.request(
      'PUT',
      `recipes/${piecesRecipe}/`,
      {
        inputs: [
          { variant: fabric, qty: '1' },
          { variant: shirtS, qty: '1' },
        ],
      },
      { 'accept-language': 'ru' },
    );
    expect(cycle.status).toBe(409);
    expect(cycle.body.detail).toMatch(/^Рецепты замыкаются в круг: SKU-\S+ → SKU-\S+\./);
    const itself = await owner.put(`recipes/${piecesRecipe}/`, { inputs: [{ variant: pieces, qty: '1' }] });
    expect(itself.status).toBe(400);
    expect(itself.body['inputs.0.variant']).toEqual(["Mahsulot o'zining xom-ashyosi bo'la olmaydi."]);
    const after = await t.db
      .selectFrom('recipe_versions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('bad inputs are 4xx in the reader’s language; roles and businesses are kept apart', async () => {
    const raw = await owner.post('recipes/', {
      product: fabricProduct,
      inputs: [{ variant: thread, qty: '1' }],
    });
    expect(raw.status).toBe(400);
    expect(raw.body.product).toEqual([
      'Xom-ashyo ishlab chiqarilmaydi: retsept yarim-tayyor yoki tayyor mahsulotga yoziladi.',
    ]);
    const twice = await owner.put(`recipes/${piecesRecipe}/`, {
      inputs: [
        { variant: fabric, qty: '1' },
        { variant: fabric, qty: '2' },
      ],
    });
    expect(twice.status).toBe(400);
    const unknown = await owner.put(`recipes/${piecesRecipe}/`, {
      inputs: [{ variant: 99_999_999, qty: '1' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body['inputs.0.variant']).toBeDefined();
    expect(
      (await owner.put(`recipes/${piecesRecipe}/`, { inputs: [{ variant: fabric, qty: '0' }] })).status,
    ).toBe(400);
    expect((await owner.put(`recipes/${piecesRecipe}/`, { inputs: [] })).status).toBe(400);
    expect(
      (await as.Kassir.put(`recipes/${piecesRecipe}/`, { inputs: [{ variant: fabric, qty: '1' }] })).status,
    ).toBe(403);
    const outsider = (await signInOutsider(t)).client;
    expect((await outsider.get(`recipes/${piecesRecipe}/`)).status).toBe(404);
    expect((await outsider.get('recipes/')).body).toEqual([]);
    expect((await owner.get(`recipes/${piecesRecipe}/`)).body.current_version).toBe(2);
  });

  it('History names each change', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('entity', '=', 'recipe')
      .where('entity_id', '=', String(piecesRecipe))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['recipe.create', 'recipe.update']);
    expect(rows[1]?.summary).toMatch(/^Retsept o'zgartirildi: .+, 2-versiya$/);
  });
});
