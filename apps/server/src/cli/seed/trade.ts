import { CURRENCY_IDS, D, fixedMoney, fixedQuantity } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { applyOfferItems } from '../../modules/inventory/inventory.offers.ts';
import { consumeLots, receiveLot, type Trx } from '../../modules/inventory/stock-ledger.ts';
import type { DemoCore } from './core.ts';
import { usdRateAt } from './rates.ts';

// Ninety days of trade for the reports and the dashboard (DESIGN.md section 11): every week the
// Ta'minotchi buys the finished goods (in USD or UZS, at prices that drift, so the lots differ in
// cost) and sends most of them to the Bozorchi by an approved product offer; the Bozorchi sells a
// few every day, at a markup, first-in first-out. Everything goes through the stock ledger at the
// time it happened and the USD rate of that time, so the reports read it as they read live rows.
// A few variants get a low-stock threshold, which some of the Bozorchi's stock ends under.

const { USD, UZS } = CURRENCY_IDS;
const DAY_MS = 86_400_000;
const DAYS = 90;

function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface Trade {
  businessId: number;
  supplier: number;
  trader: number;
  rate: (at: Date) => string;
}

export async function seedTrade(db: Database, core: DemoCore): Promise<void> {
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.id')
    .where('v.business_id', '=', core.businessId)
    .where('p.type', '=', 'FINISHED')
    .orderBy('v.id')
    .limit(8)
    .execute();
  if (variants.length === 0) return;
  const supplier = core.users['taminotchi@demo.uz'];
  const trader = core.users['bozorchi@demo.uz'];
  if (supplier === undefined || trader === undefined)
    throw new Error('the demo supplier or trader is missing');
  const trade: Trade = {
    businessId: core.businessId,
    supplier,
    trader,
    rate: await usdRateAt(db, core.businessId),
  };
  const ids = variants.map((v) => v.id);
  const rand = generator(11);
  const start = Date.now() - DAYS * DAY_MS;
  // What the trader holds of each variant, so a sale never asks for more.
  const held = new Map<number, InstanceType<typeof D>>(ids.map((id) => [id, new D(0)]));
  await inTransaction(db, async (trx) => {
    for (let day = 0; day < DAYS; day++) {
      const morning = start + day * DAY_MS + 4 * 3_600_000;
      if (day % 7 === 0) {
        const lines: Array<{ variant_id: number; quantity: string }> = [];
        for (const [i, id] of ids.entries()) {
          const qty = 20 + Math.floor(rand() * 20);
          const usd = i % 3 !== 2;
          // Prices drift up over the quarter: later lots cost more than earlier ones.
          const base = (8 + i * 3) * (1 + day / 300);
          const cost = usd ? fixedMoney(base) : fixedMoney(Math.round((base * 12_500) / 1000) * 1000);
          await buy(trx, trade, id, String(qty), cost, usd ? USD : UZS, new Date(morning));
          const sent = Math.floor(qty * 0.8);
          lines.push({ variant_id: id, quantity: String(sent) });
          held.set(id, (held.get(id) ?? new D(0)).plus(sent));
        }
        await sendToTrader(trx, trade, lines, new Date(morning + 3_600_000));
      }
      const sales = 3 + Math.floor(rand() * 5);
      for (let n = 0; n < sales; n++) {
        const i = Math.floor(rand() * ids.length);
        const id = ids[i] as number;
        const qty = new D(1 + Math.floor(rand() * 4));
        if ((held.get(id) ?? new D(0)).lt(qty)) continue;
        held.set(id, (held.get(id) ?? new D(0)).minus(qty));
        const usd = rand() < 0.3;
        const base = (8 + i * 3) * (1 + day / 300) * (1.3 + rand() * 0.3);
        const price = usd ? fixedMoney(base) : fixedMoney(Math.round((base * 12_600) / 1000) * 1000);
        const at = new Date(morning + (2 + n) * 3_600_000);
        await sell(trx, trade, id, fixedQuantity(qty), price, usd ? USD : UZS, at);
      }
    }
    // Thresholds a shop would keep: the two best sellers are ordered up to a level above what the
    // trader holds now (so the dashboard lists them), two more at ten.
    const balances = await trx
      .selectFrom('stock_balances')
      .select(['variant_id', 'qty_on_hand'])
      .where('department_id', '=', trader)
      .where('variant_id', 'in', ids.slice(0, 2))
      .execute();
    for (const b of balances) {
      const level = new D(b.qty_on_hand).div(10).ceil().plus(1).times(10);
      await trx
        .updateTable('variants')
        .set({ min_qty: fixedQuantity(level) })
        .where('id', '=', b.variant_id)
        .execute();
    }
    await trx.updateTable('variants').set({ min_qty: '10.000' }).where('id', 'in', ids.slice(2, 4)).execute();
  });
}

async function buy(
  trx: Trx,
  t: Trade,
  variantId: number,
  qty: string,
  unitCost: string,
  currencyId: number,
  at: Date,
) {
  const rateToUzs = currencyId === USD ? t.rate(at) : '1.000000';
  const entry = await trx
    .insertInto('stock_entries')
    .values({
      business_id: t.businessId,
      department_id: t.supplier,
      variant_id: variantId,
      qty_received: qty,
      unit_cost: unitCost,
      currency_id: currencyId,
      type: 'PURCHASE',
      location: 'Ombor A',
      reason_text: 'Haftalik xarid',
      created_by: t.supplier,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await receiveLot(trx, {
    businessId: t.businessId,
    departmentId: t.supplier,
    variantId,
    qty,
    unitCost,
    currencyId,
    source: { kind: 'ENTRY', entryId: entry.id },
    at,
    rateToUzs,
  });
}

async function sendToTrader(
  trx: Trx,
  t: Trade,
  lines: Array<{ variant_id: number; quantity: string }>,
  at: Date,
) {
  const offer = await trx
    .insertInto('offers')
    .values({
      business_id: t.businessId,
      kind: 'PRODUCT',
      status: 'APPROVED',
      created_by: t.supplier,
      from_user_id: t.supplier,
      to_user_id: t.trader,
      reason: 'Haftalik tovar bozorga yuborildi',
      created_at: at,
      submitted_at: at,
      decided_at: at,
      decided_by: t.trader,
    })
    .returning(['id', 'business_id', 'from_user_id', 'to_user_id'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('offer_item_lines')
    .values(lines.map((l) => ({ business_id: offer.business_id, offer_id: offer.id, ...l })))
    .execute();
  await applyOfferItems(trx, offer, undefined, at);
}

async function sell(
  trx: Trx,
  t: Trade,
  variantId: number,
  qty: string,
  price: string,
  currencyId: number,
  at: Date,
) {
  const exit = await trx
    .insertInto('stock_exits')
    .values({
      business_id: t.businessId,
      department_id: t.trader,
      variant_id: variantId,
      qty_issued: qty,
      unit_price: price,
      currency_id: currencyId,
      rate_to_uzs: currencyId === USD ? t.rate(at) : '1.000000',
      type: 'SALE',
      location: 'Chorsu bozori',
      note: 'Chakana savdo',
      created_by: t.trader,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await consumeLots(trx, {
    businessId: t.businessId,
    departmentId: t.trader,
    variantId,
    qty,
    reason: { kind: 'EXIT', exitId: exit.id },
    at,
  });
}
