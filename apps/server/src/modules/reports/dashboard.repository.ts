import type { UnitMeasure } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { countedFlow, dept, period, type ReportScope } from './reports.repository.ts';

// The dashboard report's queries (DESIGN.md section 11); the scope and its filters: reports.repository.ts.

export async function moneyOnHand(db: Database, scope: ReportScope) {
  const { rows } = await sql<{ currency_code: string; on_hand: string; in_uzs: string }>`
    SELECT c.code AS currency_code, sum(b.on_hand)::numeric(20,2)::text AS on_hand,
           balance_value_in_uzs(${scope.businessId}, c.id, sum(b.on_hand))::text AS in_uzs
    FROM balances b JOIN users u ON u.id = b.user_id JOIN currencies c ON c.id = b.currency_id
    WHERE u.business_id = ${scope.businessId} ${dept('b.user_id', scope)}
    GROUP BY c.id, c.code
    HAVING sum(b.on_hand) <> 0
    ORDER BY c.code`.execute(db);
  return rows;
}

/**
 * The FIFO cost of the lots on hand, at today's rates (DESIGN.md section 11): per currency, the
 * lots' remaining quantities times their costs, which is every move of them times its lot's cost
 * (a lot's remaining quantity is the sum of its moves, each in the lot's department), summed
 * already per department and day in stock_daily_totals: a few thousand rows for a year of a
 * business instead of every open lot.
 */
export async function stockValue(db: Database, scope: ReportScope): Promise<string> {
  const { rows } = await sql<{ value: string }>`
    SELECT round(coalesce(sum(cost * rate_in_force(${scope.businessId}, currency_id)), 0), 2)::text AS value
    FROM (
      SELECT currency_id, sum(cost) AS cost FROM stock_daily_totals
      WHERE business_id = ${scope.businessId} ${dept('department_id', scope)}
      GROUP BY currency_id
    ) per_currency`.execute(db);
  return rows[0]?.value ?? '0.00';
}

/** Offers waiting for a decision: the department's to take, or every one of the business. */
export async function pendingOffers(db: Database, scope: ReportScope): Promise<number> {
  const party =
    scope.departmentId === null
      ? sql``
      : sql`AND ${scope.departmentId} IN (from_user_id, to_user_id) AND created_by <> ${scope.departmentId}`;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM offers
    WHERE business_id = ${scope.businessId} AND status = 'PENDING' ${party}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function lowStock(db: Database, scope: ReportScope, limit: number) {
  const { rows } = await sql<{
    variant_id: number;
    sku: string;
    label: string;
    product_name: string;
    unit: UnitMeasure;
    department_id: number;
    email: string;
    qty_on_hand: string;
    min_qty: string;
  }>`
    SELECT v.id AS variant_id, v.sku,
           variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label)) AS label,
           p.name AS product_name, un.measure AS unit, u.id AS department_id, u.email,
           b.qty_on_hand::text AS qty_on_hand, v.min_qty::text AS min_qty
    FROM variants v
    -- Each variant with a threshold looks up its own balances (OFFSET 0 keeps the lookup a
    -- lookup: joined, PostgreSQL scans every balance of the business, 3-4 times slower).
    CROSS JOIN LATERAL (
      SELECT b.department_id, b.qty_on_hand FROM stock_balances b
      WHERE b.variant_id = v.id AND b.business_id = ${scope.businessId} ${dept('b.department_id', scope)}
        AND b.qty_on_hand <= v.min_qty
      OFFSET 0
    ) b
    JOIN products p ON p.id = v.product_id
    JOIN units un ON un.id = p.unit_id
    LEFT JOIN colors c ON c.id = v.color_id
    LEFT JOIN sizes sz ON sz.id = v.size_id
    JOIN users u ON u.id = b.department_id
    WHERE v.business_id = ${scope.businessId} AND v.min_qty IS NOT NULL
    ORDER BY b.qty_on_hand / nullif(v.min_qty, 0) NULLS FIRST, v.sku, u.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Every day of the period: money in and out (as the cash-flow report counts it) and sales, in UZS. */
export async function dailySeries(db: Database, scope: ReportScope) {
  const { rows } = await sql<{ date: string; inflow_uzs: string; outflow_uzs: string; sales_uzs: string }>`
    WITH money AS (
      SELECT day, sum(inflow_uzs) AS inflow, sum(outflow_uzs) AS outflow FROM money_daily
      WHERE business_id = ${scope.businessId} ${dept('user_id', scope)} AND ${period('day', scope)}
        AND ${countedFlow(scope)}
      GROUP BY day
    ), sales AS (
      SELECT day, sum(revenue_uzs) AS revenue FROM sales_day_totals s
      WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}
      GROUP BY day
    )
    SELECT d::date::text AS date,
           round(coalesce(m.inflow, 0), 2)::text AS inflow_uzs,
           round(coalesce(m.outflow, 0), 2)::text AS outflow_uzs,
           round(coalesce(s.revenue, 0), 2)::text AS sales_uzs
    FROM generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') AS d
    LEFT JOIN money m ON m.day = d::date
    LEFT JOIN sales s ON s.day = d::date
    ORDER BY d`.execute(db);
  return rows;
}
