import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { receiveLot } from './stock-ledger.ts';

// Setup helpers for the stock tests: catalogue rows straight into the database, and stock put on
// a department through the same ledger function the API uses.

export interface TestVariant {
  id: number;
  sku: string;
  productId: number;
  productCode: number;
}

export async function createVariants(
  db: Database,
  businessId: number,
  count = 1,
  options: { colorCode?: string } = {},
): Promise<TestVariant[]> {
  const tag = randomBytes(3).toString('hex');
  const unit = await db
    .insertInto('units')
    .values({ business_id: businessId, name: 'Dona', measure: 'D', fixed_rate_to_base: '1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = Number.parseInt(tag, 16);
  const product = await db
    .insertInto('products')
    .values({
      business_id: businessId,
      name: `Ko'ylak ${tag}`,
      model: 'M-1',
      code,
      unit_id: unit.id,
      type: 'FINISHED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const color = await db
    .insertInto('colors')
    .values({ business_id: businessId, name: 'Qizil', code: options.colorCode ?? '#ff0000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const size = await db
    .insertInto('sizes')
    .values({ business_id: businessId, size: '42', label: 'L' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('variants')
    .values(
      Array.from({ length: count }, (_, i) => ({
        business_id: businessId,
        product_id: product.id,
        sku: `SKU-${tag}-${i + 1}`,
        color_id: color.id,
        size_id: size.id,
      })),
    )
    .returning(['id', 'sku'])
    .execute();
  return rows.map((r) => ({ id: r.id, sku: r.sku, productId: product.id, productCode: code }));
}

/** Puts stock on a department as a receipt would: an entry, its lot, a move, the balance. */
export async function giveStock(
  db: Database,
  input: {
    businessId: number;
    departmentId: number;
    variantId: number;
    qty: string;
    unitCost?: string;
    currencyId?: number;
  },
): Promise<{ entryId: number; lotId: number }> {
  const { businessId, departmentId, variantId, qty, unitCost = '1.00', currencyId = 1 } = input;
  return inTransaction(db, async (trx) => {
    const entry = await trx
      .insertInto('stock_entries')
      .values({
        business_id: businessId,
        department_id: departmentId,
        variant_id: variantId,
        qty_received: qty,
        unit_cost: unitCost,
        currency_id: currencyId,
        type: 'PURCHASE',
        created_by: departmentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const source = { kind: 'ENTRY', entryId: entry.id } as const;
    const { lotId } = await receiveLot(trx, {
      businessId,
      departmentId,
      variantId,
      qty,
      unitCost,
      currencyId,
      source,
    });
    return { entryId: entry.id, lotId };
  });
}

export async function balanceOf(
  db: Database,
  departmentId: number,
  variantId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('stock_balances')
    .select('qty_on_hand')
    .where('department_id', '=', departmentId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row?.qty_on_hand ?? null;
}

export async function countRows(
  db: Database,
  table: 'stock_entries' | 'stock_exits' | 'stock_moves' | 'stock_lots',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
