import type { SalesQuery, UnitMeasure } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { dept, limitTo, orderBy, period, type ReportScope, type RowWindow } from './reports.repository.ts';

// The sales report's queries (DESIGN.md section 11); the scope and its filters: reports.repository.ts.

export interface SalesDbRow {
  key: string;
  label: string;
  qty: string;
  revenue_uzs: string;
  cogs_uzs: string;
  margin_uzs: string;
  margin_pct: string | null;
  /** The unit of the group's quantity: its product's; null for a department or a day. */
  unit: UnitMeasure | null;
  total_count: number;
}

/**
 * How each grouping reads: its key from per-variant sums (only a product needs a join), and its
 * label joined to the groups once they are summed, not to every summary row.
 */
const SALES_GROUPS: Record<
  SalesQuery['group_by'],
  {
    key: RawBuilder<unknown>;
    from: RawBuilder<unknown>;
    /** The business's months summed per group (migration 0036), where the grouping has them. */
    months?: { table: RawBuilder<unknown>; key: RawBuilder<unknown> };
    label: RawBuilder<unknown>;
    labels: RawBuilder<unknown>;
    /** The unit of a group's quantity (DESIGN.md section 16), where one product makes the group. */
    unit: RawBuilder<unknown>;
  }
> = {
  product: {
    key: sql`v.product_id`,
    from: sql`JOIN variants v ON v.id = s.variant_id`,
    months: { table: sql`sales_product_months`, key: sql`m.product_id` },
    label: sql`btrim(p.name || ' ' || p.model)`,
    labels: sql`JOIN products p ON p.id = agg.key`,
    unit: sql`(SELECT un.measure FROM units un WHERE un.id = p.unit_id)`,
  },
  variant: {
    key: sql`s.variant_id`,
    from: sql``,
    months: { table: sql`sales_variant_months`, key: sql`m.variant_id` },
    label: sql`v.sku || ' — ' || variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label))`,
    labels: sql`JOIN variants v ON v.id = agg.key JOIN products p ON p.id = v.product_id
      LEFT JOIN colors c ON c.id = v.color_id LEFT JOIN sizes sz ON sz.id = v.size_id`,
    unit: sql`(SELECT un.measure FROM units un WHERE un.id = p.unit_id)`,
  },
  department: {
    key: sql`s.department_id`,
    from: sql``,
    label: sql`btrim(u.first_name || ' ' || u.last_name) || ' (' || u.email || ')'`,
    labels: sql`JOIN users u ON u.id = agg.key`,
    unit: sql`NULL`,
  },
  day: { key: sql`s.day`, from: sql``, label: sql`agg.key::text`, labels: sql``, unit: sql`NULL` },
};

/** A group's margin as a percent of its revenue (2 decimals; none without revenue). */
const marginPct = (g: string) =>
  `CASE WHEN ${g}.revenue = 0 THEN NULL ELSE round((${g}.revenue - ${g}.cogs) * 100 / ${g}.revenue, 2) END`;

/** The sales report's orderings over its groups (`g`: the summed groups, with their label or not). */
const salesOrder = (ordering: string) =>
  orderBy(
    ordering,
    {
      key: 'g.key',
      label: 'g.label',
      qty: 'g.qty',
      revenue_uzs: 'g.revenue',
      cogs_uzs: 'g.cogs',
      margin_uzs: '(g.revenue - g.cogs)',
      margin_pct: marginPct('g'),
    },
    'g.key',
  );

/** A period inside one calendar month. */
const withinOneMonth = (scope: ReportScope) => scope.to.slice(0, 7) === scope.from.slice(0, 7);

/**
 * The sales rows of each variant (sales_daily's qty, revenue_uzs, cogs_uzs). For the whole
 * business over a long period, the variants' totals (sales_totals) less the days outside the
 * period, when those are fewer than the days inside it: a year then reads the totals and a few
 * days instead of every day of the year. The choice is made in the statement (one snapshot).
 * Not for a period inside one month: its days are fewer than those outside it but in a business
 * a few weeks old, and the choice, planned beside a month's sums (monthOrSummed), took longer to
 * plan than the month's rows to read.
 */
function salesOfVariants(scope: ReportScope) {
  const inPeriod = sql`
    SELECT s.variant_id, s.department_id, s.day, s.qty, s.revenue_uzs, s.cogs_uzs FROM sales_daily s
    WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}`;
  if (scope.departmentId !== null || withinOneMonth(scope)) return inPeriod;
  return sql`
    WITH side AS MATERIALIZED (
      -- The business's first and last day of sales: more days inside the period than outside it?
      SELECT coalesce(${scope.to}::date - ${scope.from}::date + 1 >
               greatest(${scope.from}::date - min(day), 0) + greatest(max(day) - ${scope.to}::date, 0),
             false) AS outside
      FROM sales_daily WHERE business_id = ${scope.businessId}
    )
    SELECT * FROM (${inPeriod}) s WHERE NOT (SELECT outside FROM side)
    UNION ALL
    SELECT t.variant_id, NULL, NULL, t.qty, t.revenue_uzs, t.cogs_uzs FROM sales_totals t
    WHERE t.business_id = ${scope.businessId} AND (SELECT outside FROM side)
    UNION ALL
    SELECT s.variant_id, s.department_id, s.day, -s.qty, -s.revenue_uzs, -s.cogs_uzs FROM sales_daily s
    WHERE s.business_id = ${scope.businessId} AND (s.day < ${scope.from}::date OR s.day > ${scope.to}::date)
      AND (SELECT outside FROM side)`;
}

/**
 * The groups' sums (key, qty, revenue, cogs) from their month's summary, for the whole business
 * over the start of one calendar month (from its first day to a day of it; this month so far, or
 * all of it): the month's rows less nothing, when no sale is on a day after the period in that
 * month; else, decided in the statement, the groups summed from `summed`. A month's groups are as
 * many as its rows (53,000 variants sold), so summing them took three times as long as reading
 * them summed.
 */
function monthOrSummed(
  scope: ReportScope,
  months: { table: RawBuilder<unknown>; key: RawBuilder<unknown> } | undefined,
  summed: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const oneMonthStart = scope.departmentId === null && scope.from.endsWith('-01') && withinOneMonth(scope);
  if (!months || !oneMonthStart) return summed;
  return sql`
    WITH whole AS MATERIALIZED (
      SELECT NOT EXISTS (
        SELECT 1 FROM sales_daily WHERE business_id = ${scope.businessId}
          AND day > ${scope.to}::date AND day < ${scope.from}::date + interval '1 month') AS month
    )
    SELECT ${months.key} AS key, m.qty, round(m.revenue_uzs, 2) AS revenue, round(m.cogs_uzs, 2) AS cogs
    FROM ${months.table} m
    WHERE m.business_id = ${scope.businessId} AND m.month = ${scope.from}::date AND (SELECT month FROM whole)
    UNION ALL
    SELECT * FROM (${summed}) a WHERE NOT (SELECT month FROM whole)`;
}

/**
 * Sales rows (SALE exits): revenue at each exit's rate, COGS the FIFO cost of the lots consumed.
 * With a window and an ordering by a figure, the page is cut before the labels are joined, so
 * only its rows are labelled (a year by variant has 100,000 groups and shows 50).
 */
export function salesRows(
  scope: ReportScope,
  groupBy: SalesQuery['group_by'],
  ordering: string,
  window?: RowWindow,
) {
  const group = SALES_GROUPS[groupBy];
  // A product or a variant grouping has about as many groups as rows: it reads per-variant totals
  // where they are cheaper, and sums its rows in key order (a hash table of numeric sums holds a
  // state per group, 60 MB for a month's 53,000 variants; sorted, the sums take 40% less time).
  // A day or department grouping has few groups, which a hash table sums faster.
  const perVariant = groupBy === 'product' || groupBy === 'variant';
  // A day or department grouping reads the days' sums over the variants (sales_day_totals).
  const source = perVariant
    ? salesOfVariants(scope)
    : sql`SELECT * FROM sales_day_totals s
          WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}`;
  const summed = sql`
    SELECT key, sum(qty) AS qty, round(sum(revenue_uzs), 2) AS revenue, round(sum(cogs_uzs), 2) AS cogs
    FROM (
      SELECT ${group.key} AS key, s.qty, s.revenue_uzs, s.cogs_uzs FROM (${source}) s ${group.from}
      ${perVariant ? sql`ORDER BY 1` : sql``}
    ) keyed
    GROUP BY key`;
  const measured = sql`
    agg AS (${monthOrSummed(scope, group.months, summed)}), measured AS (
      SELECT * FROM agg
      -- A variant whose sales the period's days cancel out entirely (totals less the days outside).
      WHERE qty <> 0 OR revenue <> 0 OR cogs <> 0
    )`;
  const columns = sql`g.key::text AS key, g.label, g.qty::numeric(18,3)::text AS qty,
    g.revenue::text AS revenue_uzs, g.cogs::text AS cogs_uzs, (g.revenue - g.cogs)::text AS margin_uzs,
    ${sql.raw(marginPct('g'))}::text AS margin_pct, g.unit::text AS unit`;
  const byLabel = ordering === 'label' || ordering === '-label';
  if (window !== undefined && !byLabel) {
    return sql<SalesDbRow>`
      WITH ${measured}, page AS (
        SELECT g.* FROM measured g ORDER BY ${salesOrder(ordering)} ${limitTo(window)}
      ), g AS (SELECT agg.*, ${group.label} AS label, ${group.unit} AS unit FROM page AS agg ${group.labels})
      -- The count as a sum of its own: as a window over the groups it took a third of the time.
      SELECT ${columns}, (SELECT count(*) FROM measured) AS total_count FROM g
      ORDER BY ${salesOrder(ordering)}`;
  }
  return sql<SalesDbRow>`
    WITH ${measured}, g AS (
      SELECT agg.*, ${group.label} AS label, ${group.unit} AS unit FROM measured AS agg ${group.labels}
    )
    SELECT ${columns}, count(*) OVER () AS total_count FROM g
    ORDER BY ${salesOrder(ordering)} ${limitTo(window)}`;
}

export interface SalesTotals {
  qty: string;
  revenue_uzs: string;
  cogs_uzs: string;
  margin_uzs: string;
  margin_pct: string | null;
}

/** The period's sales, summed whole and rounded once (so every grouping has the same totals). */
export async function salesTotals(db: Database, scope: ReportScope): Promise<SalesTotals> {
  const { rows } = await sql<SalesTotals>`
    WITH t AS (
      SELECT coalesce(sum(qty), 0) AS qty, round(coalesce(sum(revenue_uzs), 0), 2) AS revenue,
             round(coalesce(sum(cogs_uzs), 0), 2) AS cogs
      FROM sales_day_totals s
      WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}
    )
    SELECT qty::numeric(18,3)::text AS qty, revenue::text AS revenue_uzs, cogs::text AS cogs_uzs,
           (revenue - cogs)::text AS margin_uzs,
           CASE WHEN revenue = 0 THEN NULL ELSE round((revenue - cogs) * 100 / revenue, 2)::text END AS margin_pct
    FROM t`.execute(db);
  return rows[0] as SalesTotals;
}
