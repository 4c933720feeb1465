import { CURRENCY_IDS, D, fixedMoney } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { createDocument } from '../../modules/documents/documents.service.ts';
import { purchaseKind } from '../../modules/documents/purchases.kind.ts';
import { saleKind } from '../../modules/documents/sales.kind.ts';
import type { DemoCore } from './core.ts';

// The demo's price lists and today's documents (DESIGN.md section 19): Chakana (retail, UZS, the
// default) and Ulgurji (wholesale, USD) priced from each variant's last cost; a wholesale customer
// on Ulgurji; the Bozorchi's sales of today (cash in UZS, mixed with USD and change, nasiya) and a
// draft, and the Ta'minotchi's purchase, part on credit. They go through the documents' own
// service, so they are posted as live ones are.

const { USD, UZS } = CURRENCY_IDS;

export async function seedDocuments(db: Database, core: DemoCore): Promise<void> {
  const bozorchi = core.users['bozorchi@demo.uz'];
  const taminotchi = core.users['taminotchi@demo.uz'];
  if (bozorchi === undefined || taminotchi === undefined)
    throw new Error('the demo trader or supplier is missing');
  const { businessId } = core;
  const { retail, usdRate } = await seedPriceLists(db, businessId);
  const parties = await db
    .selectFrom('counterparties')
    .select(['id', 'kind'])
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
  const customer = parties.find((c) => c.kind === 'CUSTOMER')?.id;
  const supplier = parties.find((c) => c.kind === 'SUPPLIER')?.id;
  const held = (
    await db
      .selectFrom('stock_balances')
      .select('variant_id')
      .where('department_id', '=', bozorchi)
      .where('qty_on_hand', '>=', '6')
      .orderBy('variant_id')
      .limit(3)
      .execute()
  ).map((r) => r.variant_id);
  if (held.length < 3 || customer === undefined || supplier === undefined) return;
  const deps = { db, clock: () => new Date() };
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await seedSales(
    db,
    deps,
    { id: bozorchi, businessId, role: 'Bozorchi', ip: null },
    {
      retail,
      usdRate,
      customer,
      held,
      dueDate,
    },
  );
  await seedPurchase(
    db,
    deps,
    { id: taminotchi, businessId, role: "Ta'minotchi", ip: null },
    {
      supplier,
      held,
      dueDate,
    },
  );
}

type Deps = { db: Database; clock: () => Date };

/** Chakana and Ulgurji, priced from each variant's last cost; a wholesale customer on Ulgurji. */
async function seedPriceLists(db: Database, businessId: number) {
  const usdRate = (
    await db
      .selectFrom('business_currencies')
      .select('rate_to_uzs')
      .where('business_id', '=', businessId)
      .where('currency_id', '=', USD)
      .executeTakeFirstOrThrow()
  ).rate_to_uzs;
  const retail = await priceType(db, businessId, 'Chakana', UZS, true);
  const wholesale = await priceType(db, businessId, 'Ulgurji', USD, false);
  // Retail at 40% over the last cost in UZS, rounded to a thousand; wholesale at 20% in USD.
  await sql`INSERT INTO variant_prices (business_id, variant_id, price_type_id, price)
    SELECT ${businessId}::int, l.variant_id, ${retail}::int, round(l.unit_cost * l.rate_to_uzs * 1.4, -3) FROM (
      SELECT DISTINCT ON (variant_id) variant_id, unit_cost, rate_to_uzs FROM stock_lots
      WHERE business_id = ${businessId} ORDER BY variant_id, created_at DESC, id DESC) l
    UNION ALL
    SELECT ${businessId}::int, l.variant_id, ${wholesale}::int, round(l.unit_cost * l.rate_to_uzs * 1.2 / ${usdRate}, 2) FROM (
      SELECT DISTINCT ON (variant_id) variant_id, unit_cost, rate_to_uzs FROM stock_lots
      WHERE business_id = ${businessId} ORDER BY variant_id, created_at DESC, id DESC) l`.execute(db);
  await db
    .updateTable('counterparties')
    .set({ price_type_id: wholesale })
    .where('business_id', '=', businessId)
    .where('kind', '=', 'BOTH')
    .execute();
  return { retail, usdRate };
}

/** The Bozorchi's day: cash in UZS, dollars with change in UZS, half on credit, and a draft. */
async function seedSales(
  db: Database,
  deps: Deps,
  seller: Actor,
  demo: { retail: number; usdRate: string; customer: number; held: number[]; dueDate: string },
) {
  const { retail, usdRate, customer, dueDate } = demo;
  const [a, b, c] = demo.held as [number, number, number];
  const sale = (body: Parameters<typeof createDocument>[3], post = true) =>
    createDocument(deps, seller, saleKind, body, { post, scope: null });

  const listed = await db
    .selectFrom('variant_prices')
    .select(['variant_id', 'price'])
    .where('price_type_id', '=', retail)
    .where('variant_id', 'in', [a, b, c])
    .execute();
  const price = (variant: number) => new D(listed.find((p) => p.variant_id === variant)?.price ?? 0);
  const line = (variant: number, qty: string, discount = '0') => ({ variant, qty, price: null, discount });

  await sale({ counterparty: null, note: '', lines: [line(a, '2')] });
  // Paid with dollars, rounded up: the change is given back in UZS.
  const mixedTotal = price(b).plus(price(c)).minus(5000);
  await sale({
    counterparty: null,
    note: '',
    lines: [line(b, '1'), line(c, '1', '5000')],
    payment: {
      cash: [{ currency: USD, amount: fixedMoney(mixedTotal.div(usdRate).ceil()) }],
      on_credit: '0',
      due_date: null,
    },
  });
  // Half now, the rest on credit for a week.
  const nasiyaTotal = price(a).plus(price(c).times(2));
  const half = nasiyaTotal.div(2000).floor().times(1000);
  await sale({
    counterparty: customer,
    note: 'Nasiya: haftaning oxirigacha',
    lines: [line(a, '1'), line(c, '2')],
    payment: {
      cash: [{ currency: UZS, amount: fixedMoney(half) }],
      on_credit: fixedMoney(nasiyaTotal.minus(half)),
      due_date: dueDate,
    },
  });
  await sale({ counterparty: null, note: 'Mijoz kechqurun keladi', lines: [line(b, '1')] }, false);
}

/** The supplier's invoice: what the Ta'minotchi's dollars cover now (up to 100), the rest owed. */
async function seedPurchase(
  db: Database,
  deps: Deps,
  buyer: Actor,
  demo: { supplier: number; held: number[]; dueDate: string },
) {
  const { supplier, held, dueDate } = demo;
  const lines = held.map((variant, i) => ({
    variant,
    qty: String(10 + i * 5),
    unit_cost: fixedMoney(6 + i * 2.5),
  }));
  const invoice = lines.reduce((sum, l) => sum.plus(new D(l.qty).times(l.unit_cost)), new D(0));
  const dollars = await db
    .selectFrom('balances')
    .select('on_hand')
    .where('user_id', '=', buyer.id)
    .where('currency_id', '=', USD)
    .executeTakeFirst();
  const cash = D.min(100, dollars?.on_hand ?? 0);
  await createDocument(
    deps,
    buyer,
    purchaseKind,
    {
      counterparty: supplier,
      currency: USD,
      note: '',
      lines,
      payment: {
        cash: cash.gt(0) ? [{ currency: USD, amount: fixedMoney(cash) }] : [],
        on_credit: fixedMoney(invoice.minus(cash)),
        due_date: dueDate,
      },
    },
    { post: true, scope: null },
  );
}

async function priceType(
  db: Database,
  businessId: number,
  name: string,
  currency: number,
  isDefault: boolean,
) {
  const row = await db
    .insertInto('price_types')
    .values({ business_id: businessId, name, currency_id: currency, is_default: isDefault })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
