import { CURRENCY_IDS, type ProductType, RecipeCreateSchema, RecipeVersionInputSchema } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Trx } from '../../modules/inventory/stock-ledger.ts';
import * as recipes from '../../modules/production/recipes.service.ts';
import type { DemoCore } from './core.ts';
import { recordReceipt } from './stock.ts';

// The demo workshop (DESIGN.md section 21): fabric becomes cut pieces, pieces and thread become
// shirts in sizes and colours. Its own products (the catalogue seed's rows stay as they were), the
// RAW materials received on the Omborchi through the stock seed's receipt path (so lots, moves and
// balances agree), and the recipes written through the production module's service (its checks,
// versions and History lines). Production orders on these recipes come later, from
// `demoWorkshop` (below), which finds the workshop's variants and recipes again by SKU.

const WHITE = 'Oq';
const NAVY = "To'q ko'k";
const SIZES = ['46', '48', '50', '52'];

interface WorkshopProduct {
  name: string;
  model: string;
  code: number;
  unit: string;
  type: ProductType;
  sku: string;
  sizes: boolean;
}

const FABRIC: WorkshopProduct = {
  name: "Ko'ylak mato",
  model: 'Poplin 120',
  code: 4001,
  unit: 'Metr',
  type: 'RAW',
  sku: 'PP120',
  sizes: false,
};
const THREAD: WorkshopProduct = {
  name: 'Tikuv ipi',
  model: 'Poliester 40/2',
  code: 4002,
  unit: 'Kilogramm',
  type: 'RAW',
  sku: 'TI40',
  sizes: false,
};
const PIECES: WorkshopProduct = {
  name: 'Bichilgan detallar',
  model: "Ko'ylak KS-1 to'plami",
  code: 4003,
  unit: 'Dona',
  type: 'SEMI',
  sku: 'BD-KS1',
  sizes: false,
};
const SHIRT: WorkshopProduct = {
  name: "Erkaklar ko'ylagi",
  model: 'Ustaxona KS-1',
  code: 4004,
  unit: 'Dona',
  type: 'FINISHED',
  sku: 'KS1',
  sizes: true,
};
const PRODUCTS = [FABRIC, THREAD, PIECES, SHIRT];

/** A workshop variant's SKU: "PP120-OQ", "KS1-TOQ-48" (catalog.ts's rule). */
export function workshopSku(product: { sku: string }, color: string, size?: string): string {
  const part = color
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return [product.sku, part, size].filter(Boolean).join('-');
}

/** The workshop's SKUs, for the seeds and tests that use it. */
export const WORKSHOP_SKUS = {
  fabric: (color: string) => workshopSku(FABRIC, color),
  thread: (color: string) => workshopSku(THREAD, color),
  pieces: (color: string) => workshopSku(PIECES, color),
  shirt: (color: string, size: string) => workshopSku(SHIRT, color, size),
};

export async function seedWorkshop(db: Database, core: DemoCore): Promise<void> {
  const owner = core.users['owner@demo.uz'];
  const omborchi = core.users['omborchi@demo.uz'];
  if (owner === undefined || omborchi === undefined) throw new Error('the demo owner or Omborchi is missing');
  const actor: Actor = { id: owner, businessId: core.businessId, role: 'Owner', ip: null };
  const sku = await inTransaction(db, async (trx) => {
    const ids = await insertProducts(trx, core.businessId);
    await receiveMaterials(trx, core.businessId, omborchi, ids);
    return ids;
  });
  await writeRecipes(db, actor, sku);
}

/** The products and their variants; the variants' ids by SKU. */
async function insertProducts(trx: Trx, businessId: number): Promise<Map<string, number>> {
  const [units, colors, sizes] = await Promise.all([
    trx.selectFrom('units').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('colors').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('sizes').select(['id', 'size']).where('business_id', '=', businessId).execute(),
  ]);
  const id = <T extends { id: number }>(rows: T[], pick: (r: T) => boolean, what: string) => {
    const row = rows.find(pick);
    if (!row) throw new Error(`the demo catalogue has no ${what}`);
    return row.id;
  };
  const variants: Array<{
    business_id: number;
    product_id: number;
    color_id: number;
    size_id: number | null;
    sku: string;
  }> = [];
  for (const p of PRODUCTS) {
    const product = await trx
      .insertInto('products')
      .values({
        business_id: businessId,
        name: p.name,
        model: p.model,
        code: p.code,
        unit_id: id(units, (u) => u.name === p.unit, `unit ${p.unit}`),
        type: p.type,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const color of [WHITE, NAVY]) {
      for (const size of p.sizes ? SIZES : [undefined]) {
        variants.push({
          business_id: businessId,
          product_id: product.id,
          color_id: id(colors, (c) => c.name === color, `colour ${color}`),
          size_id: size === undefined ? null : id(sizes, (s) => s.size === size, `size ${size}`),
          sku: workshopSku(p, color, size),
        });
      }
    }
  }
  const rows = await trx.insertInto('variants').values(variants).returning(['id', 'sku']).execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** Fabric (UZS a metre) and thread (USD a kilogram) received on the Omborchi's stock. */
async function receiveMaterials(trx: Trx, businessId: number, omborchi: number, sku: Map<string, number>) {
  const receipts: Array<[string, string, string, number]> = [
    [WORKSHOP_SKUS.fabric(WHITE), '300.000', '28000.00', CURRENCY_IDS.UZS],
    [WORKSHOP_SKUS.fabric(NAVY), '200.000', '31000.00', CURRENCY_IDS.UZS],
    [WORKSHOP_SKUS.thread(WHITE), '5.000', '6.50', CURRENCY_IDS.USD],
    [WORKSHOP_SKUS.thread(NAVY), '3.000', '6.80', CURRENCY_IDS.USD],
  ];
  for (const [i, [code, qty, unitCost, currencyId]] of receipts.entries()) {
    await recordReceipt(trx, {
      businessId,
      departmentId: omborchi,
      variantId: variantOf(sku, code),
      qty,
      unitCost,
      currencyId,
      type: 'PURCHASE',
      location: 'Ombor A',
      reason: 'Ustaxona uchun xom-ashyo',
      at: new Date(Date.now() - (48 - i) * 3_600_000),
    });
  }
}

function variantOf(sku: Map<string, number>, code: string): number {
  const id = sku.get(code);
  if (id === undefined) throw new Error(`the workshop has no variant ${code}`);
  return id;
}

/**
 * The recipes: cut pieces from 1.6 m of fabric (the product's, white; the navy pieces' own), and the
 * shirt from one set of pieces and 15 g of thread with labour, changed once (version 2: labour
 * went up); the navy shirts each have their own, from navy pieces and thread.
 */
async function writeRecipes(db: Database, actor: Actor, sku: Map<string, number>): Promise<void> {
  const deps = { db };
  const product = async (code: string) =>
    (
      await db
        .selectFrom('variants')
        .select('product_id')
        .where('id', '=', variantOf(sku, code))
        .executeTakeFirstOrThrow()
    ).product_id;
  const create = (body: Parameters<typeof RecipeCreateSchema.parse>[0]) =>
    recipes.createRecipe(deps, actor, RecipeCreateSchema.parse(body));
  const piecesProduct = await product(WORKSHOP_SKUS.pieces(WHITE));
  const shirtProduct = await product(WORKSHOP_SKUS.shirt(WHITE, '48'));
  const cutting = (color: string) => ({
    inputs: [{ variant: variantOf(sku, WORKSHOP_SKUS.fabric(color)), qty: '1.600' }],
    overhead: '3000',
    note: "Bichish: 1 to'plam = 1 ko'ylak",
  });
  await create({ product: piecesProduct, ...cutting(WHITE) });
  await create({
    product: piecesProduct,
    variant: variantOf(sku, WORKSHOP_SKUS.pieces(NAVY)),
    ...cutting(NAVY),
  });
  const sewing = (color: string, overhead: string) => ({
    inputs: [
      { variant: variantOf(sku, WORKSHOP_SKUS.pieces(color)), qty: '1' },
      { variant: variantOf(sku, WORKSHOP_SKUS.thread(color)), qty: '0.015' },
    ],
    overhead,
    note: 'Tikish va dazmollash',
  });
  const shirt = await create({ product: shirtProduct, ...sewing(WHITE, '15000') });
  await recipes.reviseRecipe(deps, actor, shirt.id, RecipeVersionInputSchema.parse(sewing(WHITE, '18000')));
  for (const size of SIZES) {
    await create({
      product: shirtProduct,
      variant: variantOf(sku, WORKSHOP_SKUS.shirt(NAVY, size)),
      ...sewing(NAVY, '18000'),
    });
  }
}

/** The workshop's variants by SKU and its recipes: what the production orders' seed starts from. */
export async function demoWorkshop(db: Database, businessId: number) {
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.product_id'])
    .where('v.business_id', '=', businessId)
    .where(
      'p.code',
      'in',
      PRODUCTS.map((p) => p.code),
    )
    .execute();
  const products = new Set(variants.map((v) => v.product_id));
  const all = await recipes.listRecipes({ db }, { id: 0, businessId, role: 'Owner', ip: null });
  return {
    variants: new Map(variants.map((v) => [v.sku, v.id])),
    recipes: all.filter((r) => products.has(r.product.id)),
  };
}
