import { businessDay, D, type DecimalValue, fixedMoney, fixedQuantity } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// Independent computations of the reports (DESIGN.md section 11) from the raw ledger rows, in
// TypeScript with decimal.js: what reports.test.ts compares the endpoints' answers to, to the
// tiyin. Nothing here reads the daily summaries the endpoints use.

export const dayOf = businessDay;
const round2 = (v: DecimalValue) => fixedMoney(v.toDecimalPlaces(2, D.ROUND_HALF_UP));

export interface Scope {
  businessId: number;
  department: number | null;
  from: string;
  to: string;
}

interface MoveRow {
  department_id: number;
  variant_id: number;
  product_id: number;
  qty: string;
  kind: 'ENTRY' | 'EXIT' | 'OFFER_IN' | 'OFFER_OUT';
  lot_id: number;
  unit_cost: string;
  lot_currency: number;
  lot_rate: string;
  exit_id: number | null;
  exit_type: string | null;
  created_at: Date;
}

export async function rawMoves(db: Database, businessId: number): Promise<MoveRow[]> {
  const { rows } = await sql<MoveRow>`
    SELECT m.department_id, m.variant_id, v.product_id, m.qty, m.kind, m.lot_id, l.unit_cost,
           l.currency_id AS lot_currency, l.rate_to_uzs AS lot_rate, m.exit_id, e.type AS exit_type, m.created_at
    FROM stock_moves m JOIN stock_lots l ON l.id = m.lot_id JOIN variants v ON v.id = m.variant_id
    LEFT JOIN stock_exits e ON e.id = m.exit_id
    WHERE m.business_id = ${businessId} ORDER BY m.id`.execute(db);
  return rows;
}

interface ExitRow {
  id: number;
  department_id: number;
  variant_id: number;
  product_id: number;
  qty_issued: string;
  unit_price: string | null;
  rate_to_uzs: string;
  created_at: Date;
}

export async function rawSaleExits(db: Database, businessId: number): Promise<ExitRow[]> {
  const { rows } = await sql<ExitRow>`
    SELECT e.id, e.department_id, e.variant_id, v.product_id, e.qty_issued, e.unit_price, e.rate_to_uzs, e.created_at
    FROM stock_exits e JOIN variants v ON v.id = e.variant_id
    WHERE e.business_id = ${businessId} AND e.type = 'SALE' ORDER BY e.id`.execute(db);
  return rows;
}

const inScope = (s: Scope, department: number, at: Date) =>
  (s.department === null || s.department === department) && dayOf(at) >= s.from && dayOf(at) <= s.to;

export type SalesKey = 'product' | 'variant' | 'department' | 'day';

/** Revenue from the exits (quantity x price x the exit's rate), COGS from the lots they consumed. */
export async function expectedSales(db: Database, s: Scope, groupBy: SalesKey) {
  const keyOf = (r: { product_id: number; variant_id: number; department_id: number; created_at: Date }) =>
    groupBy === 'product'
      ? String(r.product_id)
      : groupBy === 'variant'
        ? String(r.variant_id)
        : groupBy === 'department'
          ? String(r.department_id)
          : dayOf(r.created_at);
  const groups = new Map<string, { qty: DecimalValue; revenue: DecimalValue; cogs: DecimalValue }>();
  const group = (key: string) => {
    const g = groups.get(key) ?? { qty: new D(0), revenue: new D(0), cogs: new D(0) };
    groups.set(key, g);
    return g;
  };
  for (const e of await rawSaleExits(db, s.businessId)) {
    if (!inScope(s, e.department_id, e.created_at)) continue;
    const g = group(keyOf(e));
    g.qty = g.qty.plus(e.qty_issued);
    g.revenue = g.revenue.plus(new D(e.qty_issued).times(e.unit_price ?? 0).times(e.rate_to_uzs));
  }
  for (const m of await rawMoves(db, s.businessId)) {
    if (m.kind !== 'EXIT' || m.exit_type !== 'SALE' || !inScope(s, m.department_id, m.created_at)) continue;
    const g = group(keyOf(m));
    g.cogs = g.cogs.plus(new D(m.qty).neg().times(m.unit_cost).times(m.lot_rate));
  }
  const shape = (g: { qty: DecimalValue; revenue: DecimalValue; cogs: DecimalValue }) => {
    const revenue = new D(round2(g.revenue));
    const cogs = new D(round2(g.cogs));
    const margin = revenue.minus(cogs);
    return {
      qty: fixedQuantity(g.qty),
      revenue_uzs: fixedMoney(revenue),
      cogs_uzs: fixedMoney(cogs),
      margin_uzs: fixedMoney(margin),
      margin_pct: revenue.isZero() ? null : fixedMoney(margin.times(100).div(revenue)),
    };
  };
  const all = [...groups.values()].reduce(
    (t, g) => ({ qty: t.qty.plus(g.qty), revenue: t.revenue.plus(g.revenue), cogs: t.cogs.plus(g.cogs) }),
    { qty: new D(0), revenue: new D(0), cogs: new D(0) },
  );
  return {
    rows: new Map([...groups].map(([key, g]) => [key, shape(g)])),
    totals: shape(all),
  };
}

async function ratesNow(db: Database, businessId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('business_currencies')
    .select(['currency_id', 'rate_to_uzs'])
    .where('business_id', '=', businessId)
    .execute();
  return new Map(rows.map((r) => [r.currency_id, r.rate_to_uzs]));
}

/** Replays the stock moves: opening before `from`, in and out within, closing at `to`, its FIFO value today. */
export async function expectedStockMovement(db: Database, s: Scope) {
  const rates = await ratesNow(db, s.businessId);
  const rows = new Map<
    number,
    { opening: DecimalValue; in: DecimalValue; out: DecimalValue; closing: DecimalValue; value: DecimalValue }
  >();
  const internal = (kind: string) => kind === 'OFFER_IN' || kind === 'OFFER_OUT';
  for (const m of await rawMoves(db, s.businessId)) {
    if (s.department !== null && m.department_id !== s.department) continue;
    let r = rows.get(m.variant_id);
    if (!r) {
      r = { opening: new D(0), in: new D(0), out: new D(0), closing: new D(0), value: new D(0) };
      rows.set(m.variant_id, r);
    }
    const day = dayOf(m.created_at);
    if (day < s.from) r.opening = r.opening.plus(m.qty);
    if (day <= s.to) {
      r.closing = r.closing.plus(m.qty);
      r.value = r.value.plus(new D(m.qty).times(m.unit_cost).times(rates.get(m.lot_currency) ?? 0));
    }
    if (day >= s.from && day <= s.to && (s.department !== null || !internal(m.kind))) {
      if (new D(m.qty).gt(0)) r.in = r.in.plus(m.qty);
      else r.out = r.out.minus(m.qty);
    }
  }
  const shaped = new Map(
    [...rows]
      .filter(([, r]) => !(r.opening.isZero() && r.in.isZero() && r.out.isZero() && r.closing.isZero()))
      .map(([variant, r]) => [
        variant,
        {
          opening_qty: fixedQuantity(r.opening),
          in_qty: fixedQuantity(r.in),
          out_qty: fixedQuantity(r.out),
          closing_qty: fixedQuantity(r.closing),
          closing_value_uzs: round2(r.value),
        },
      ]),
  );
  const value = [...rows.values()].reduce((t, r) => t.plus(r.value), new D(0));
  return { rows: shaped, closingValue: round2(value) };
}

interface MoneyRow {
  user_id: number;
  code: string;
  amount: string;
  amount_in_uzs: string;
  tx_type: string;
  created_at: Date;
}

export async function rawMoney(db: Database, businessId: number): Promise<MoneyRow[]> {
  const { rows } = await sql<MoneyRow>`
    SELECT m.user_id, c.code, m.amount, m.amount_in_uzs, m.tx_type, m.created_at
    FROM money_transactions m JOIN currencies c ON c.id = m.currency_id
    WHERE m.business_id = ${businessId} ORDER BY m.id`.execute(db);
  return rows;
}

/**
 * Per day and currency of the period: money in and out (the whole business leaves out the offers
 * between its departments) and the balance at the day's end; per currency the opening balance.
 */
export async function expectedCashFlow(db: Database, s: Scope) {
  const money = (await rawMoney(db, s.businessId)).filter(
    (r) => s.department === null || r.user_id === s.department,
  );
  const counted = (r: MoneyRow) => s.department !== null || r.tx_type !== 'OFFER';
  const rows = new Map<string, { inflow: DecimalValue; outflow: DecimalValue; closing: DecimalValue }>();
  const opening = new Map<string, DecimalValue>();
  for (const r of money) {
    const day = dayOf(r.created_at);
    if (day < s.from) opening.set(r.code, (opening.get(r.code) ?? new D(0)).plus(r.amount));
    else if (!opening.has(r.code)) opening.set(r.code, new D(0));
  }
  const days = [
    ...new Set(money.map((r) => dayOf(r.created_at)).filter((d) => d >= s.from && d <= s.to)),
  ].sort();
  for (const day of days) {
    for (const code of new Set(money.map((r) => r.code))) {
      const todays = money.filter((r) => r.code === code && dayOf(r.created_at) === day);
      if (!todays.some(counted)) continue;
      const sum = (list: MoneyRow[]) => list.reduce((t, r) => t.plus(r.amount), new D(0));
      rows.set(`${day} ${code}`, {
        inflow: sum(todays.filter((r) => counted(r) && new D(r.amount).gt(0))),
        outflow: sum(todays.filter((r) => counted(r) && new D(r.amount).lt(0))).neg(),
        closing: sum(money.filter((r) => r.code === code && dayOf(r.created_at) <= day)),
      });
    }
  }
  return {
    rows: new Map(
      [...rows].map(([k, r]) => [
        k,
        {
          inflow: fixedMoney(r.inflow),
          outflow: fixedMoney(r.outflow),
          net: fixedMoney(r.inflow.minus(r.outflow)),
          closing: fixedMoney(r.closing),
        },
      ]),
    ),
    opening: new Map([...opening].map(([code, v]) => [code, fixedMoney(v)])),
    closing: new Map(
      [...opening.keys()].map((code) => [
        code,
        fixedMoney(
          money
            .filter((r) => r.code === code && dayOf(r.created_at) <= s.to)
            .reduce((t, r) => t.plus(r.amount), new D(0)),
        ),
      ]),
    ),
    /** The UZS in and out per day (the dashboard's series). */
    uzsByDay: (day: string) => {
      const todays = money.filter((r) => counted(r) && dayOf(r.created_at) === day);
      const inflow = todays
        .filter((r) => new D(r.amount).gt(0))
        .reduce((t, r) => t.plus(r.amount_in_uzs), new D(0));
      const outflow = todays
        .filter((r) => new D(r.amount).lt(0))
        .reduce((t, r) => t.minus(r.amount_in_uzs), new D(0));
      return { inflow_uzs: round2(inflow), outflow_uzs: round2(outflow) };
    },
  };
}

/** A department's (or the business's) money per currency from the ledger, and in UZS at today's rates. */
export async function expectedMoneyOnHand(db: Database, s: Scope) {
  const rates = await ratesNow(db, s.businessId);
  const ids = new Map(
    (await db.selectFrom('currencies').select(['id', 'code']).execute()).map((c) => [c.code, c.id] as const),
  );
  const byCode = new Map<string, DecimalValue>();
  for (const r of await rawMoney(db, s.businessId)) {
    if (s.department !== null && r.user_id !== s.department) continue;
    byCode.set(r.code, (byCode.get(r.code) ?? new D(0)).plus(r.amount));
  }
  return [...byCode]
    .filter(([, v]) => !v.isZero())
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, v]) => ({
      currency_code: code,
      on_hand: fixedMoney(v),
      in_uzs: round2(v.times(rates.get(ids.get(code) ?? 0) ?? 0)),
    }));
}
