import type { SalesQuery, UnitMeasure } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// The reports' queries (DESIGN.md section 11), over the daily summaries of the ledgers
// (db/functions/80_report_summaries.sql). Every figure is summed exactly and rounded once, here.
// Each report is one statement, so it reads one snapshot of the ledgers and their summaries.

/** Whose figures, over which business days (both inclusive). */
export interface ReportScope {
  businessId: number;
  /** A department (user id), or null for the whole business. */
  departmentId: number | null;
  from: string;
  to: string;
}

const dept = (column: string, scope: ReportScope) =>
  scope.departmentId === null ? sql`` : sql`AND ${sql.ref(column)} = ${scope.departmentId}`;
const period = (column: string, scope: ReportScope) =>
  sql`${sql.ref(column)} BETWEEN ${scope.from}::date AND ${scope.to}::date`;

/**
 * The money rows a flow counts: for a department every row; for the whole business not the
 * offers between its own departments, which cancel out (DESIGN.md section 11, as stock moves do).
 */
const countedFlow = (scope: ReportScope) =>
  scope.departmentId === null ? sql`tx_type <> 'OFFER'` : sql`true`;

// ---------------------------------------------------------------- sales

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

/** A page of a report: its rows are cut in SQL, where the report can cut them soonest. */
export interface RowWindow {
  limit: number;
  offset: number;
}

const limitTo = (window: RowWindow | undefined) =>
  window === undefined ? sql`` : sql`LIMIT ${window.limit} OFFSET ${window.offset}`;

/**
 * How each grouping reads: its key from per-variant sums (only a product needs a join), and its
 * label joined to the groups once they are summed, not to every summary row.
 */
const SALES_GROUPS: Record<
  SalesQuery['group_by'],
  {
    key: RawBuilder<unknown>;
    from: RawBuilder<unknown>;
    label: RawBuilder<unknown>;
    labels: RawBuilder<unknown>;
    /** The unit of a group's quantity (DESIGN.md section 16), where one product makes the group. */
    unit: RawBuilder<unknown>;
  }
> = {
  product: {
    key: sql`v.product_id`,
    from: sql`JOIN variants v ON v.id = s.variant_id`,
    label: sql`btrim(p.name || ' ' || p.model)`,
    labels: sql`JOIN products p ON p.id = agg.key`,
    unit: sql`(SELECT un.measure FROM units un WHERE un.id = p.unit_id)`,
  },
  variant: {
    key: sql`s.variant_id`,
    from: sql``,
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

/** A report's ordering: a column of its rows, descending with '-', ties broken by the key. */
function orderBy(ordering: string, columns: Record<string, string>, tieBreak: string): RawBuilder<unknown> {
  const desc = ordering.startsWith('-');
  const column = columns[desc ? ordering.slice(1) : ordering];
  if (!column) throw new Error(`unknown ordering ${ordering}`);
  return sql.raw(`${column} ${desc ? 'DESC' : 'ASC'} NULLS LAST, ${tieBreak}`);
}

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

/**
 * The sales rows of each variant (sales_daily's qty, revenue_uzs, cogs_uzs). For the whole
 * business over a long period, the variants' totals (sales_totals) less the days outside the
 * period, when those are fewer than the days inside it: a year then reads the totals and a few
 * days instead of every day of the year. The choice is made in the statement (one snapshot).
 */
function salesOfVariants(scope: ReportScope) {
  const inPeriod = sql`
    SELECT s.variant_id, s.department_id, s.day, s.qty, s.revenue_uzs, s.cogs_uzs FROM sales_daily s
    WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}`;
  if (scope.departmentId !== null) return inPeriod;
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
  const source = perVariant
    ? salesOfVariants(scope)
    : sql`SELECT * FROM sales_daily s
          WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}`;
  const measured = sql`
    agg AS (
      SELECT key, sum(qty) AS qty, round(sum(revenue_uzs), 2) AS revenue, round(sum(cogs_uzs), 2) AS cogs
      FROM (
        SELECT ${group.key} AS key, s.qty, s.revenue_uzs, s.cogs_uzs FROM (${source}) s ${group.from}
        ${perVariant ? sql`ORDER BY 1` : sql``}
      ) keyed
      GROUP BY key
    ), measured AS (
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
      FROM sales_daily s
      WHERE s.business_id = ${scope.businessId} ${dept('s.department_id', scope)} AND ${period('s.day', scope)}
    )
    SELECT qty::numeric(18,3)::text AS qty, revenue::text AS revenue_uzs, cogs::text AS cogs_uzs,
           (revenue - cogs)::text AS margin_uzs,
           CASE WHEN revenue = 0 THEN NULL ELSE round((revenue - cogs) * 100 / revenue, 2)::text END AS margin_pct
    FROM t`.execute(db);
  return rows[0] as SalesTotals;
}

// ---------------------------------------------------------------- stock movement

export interface StockMovementDbRow {
  variant_id: number;
  sku: string;
  label: string;
  product_name: string;
  unit: UnitMeasure;
  opening_qty: string;
  in_qty: string;
  out_qty: string;
  closing_qty: string;
  closing_value_uzs: string;
  total_count: number;
  total_opening_qty: string;
  total_in_qty: string;
  total_out_qty: string;
  total_closing_qty: string;
  total_closing_value_uzs: string;
}

/** The rates in force per currency (the closing stock is valued at today's rates). */
const ratesInForce = (scope: ReportScope) =>
  sql`SELECT id AS currency_id, rate_in_force(${scope.businessId}, id) AS rate FROM currencies`;

/**
 * The stock movement figures over rows of stock days `d` (stock_daily, or its sums per department
 * and day) joined to their currency's rate `r`: opening, in, out and closing quantities and the
 * closing stock's FIFO value in UZS. For one department offers count as in and out; for the whole
 * business they cancel out and are left out (DESIGN.md section 11). The days before date_from are
 * every day since the business began, so closing = opening + in - out always.
 */
function stockFigures(scope: ReportScope) {
  const net = sql`d.entry_qty + d.offer_in_qty - d.exit_qty - d.offer_out_qty`;
  const inQty = scope.departmentId === null ? sql`d.entry_qty` : sql`d.entry_qty + d.offer_in_qty`;
  const outQty = scope.departmentId === null ? sql`d.exit_qty` : sql`d.exit_qty + d.offer_out_qty`;
  const inPeriod = sql`d.day BETWEEN ${scope.from}::date AND ${scope.to}::date`;
  return sql`
    coalesce(sum(${net}) FILTER (WHERE d.day < ${scope.from}::date), 0) AS opening,
    coalesce(sum(${inQty}) FILTER (WHERE ${inPeriod}), 0) AS in_qty,
    coalesce(sum(${outQty}) FILTER (WHERE ${inPeriod}), 0) AS out_qty,
    coalesce(sum(${net}) FILTER (WHERE d.day <= ${scope.to}::date), 0) AS closing,
    coalesce(sum(d.cost * r.rate) FILTER (WHERE d.day <= ${scope.to}::date), 0) AS value`;
}

/** A variant is in the report when any of its figures is not zero. */
const hasFigures = (f: string) =>
  sql.raw(`(${f}.opening <> 0 OR ${f}.in_qty <> 0 OR ${f}.out_qty <> 0 OR ${f}.closing <> 0)`);

/** The stock_variant_totals rows of the report's scope (t): its departments' or the business's. */
const variantTotalsOf = (scope: ReportScope) =>
  scope.departmentId === null ? sql`t.department_id IS NULL` : sql`t.department_id = ${scope.departmentId}`;

const ofVariant = (column: string, variantId: number | undefined) =>
  variantId === undefined ? sql`` : sql`AND ${sql.ref(column)} = ${variantId}`;

/**
 * The report's variants with their figures (variant_id, sku, label, product_id and stockFigures),
 * read one of two ways. `walk`: the variants in label order from an index, each one's days summed
 * on their own, looking only at variants the scope ever held (stock_variant_totals), so a page
 * stops after its rows (about 20 µs a variant). `sum`: every stock day of the scope summed per
 * variant at once (a quarter of a second for a million days), for an ordering by a figure, a
 * page far from the start, a count over a past period and the files.
 */
function stockVariantRows(scope: ReportScope, variantId: number | undefined, read: 'walk' | 'sum') {
  if (read === 'walk') {
    return sql`
      SELECT v.id AS variant_id, v.sku, v.label, v.product_id, f.*
      FROM variants v
      CROSS JOIN LATERAL (
        SELECT ${stockFigures(scope)}
        FROM stock_daily d JOIN rates r USING (currency_id)
        WHERE d.variant_id = v.id ${dept('d.department_id', scope)}
      ) f
      WHERE v.business_id = ${scope.businessId} ${ofVariant('v.id', variantId)}
        AND EXISTS (SELECT 1 FROM stock_variant_totals t
                    WHERE t.business_id = ${scope.businessId} AND ${variantTotalsOf(scope)} AND t.variant_id = v.id)
        AND ${hasFigures('f')}`;
  }
  return sql`
    SELECT v.id AS variant_id, v.sku, v.label, v.product_id, f.opening, f.in_qty, f.out_qty, f.closing, f.value
    FROM (
      SELECT d.variant_id, ${stockFigures(scope)}
      FROM stock_daily d JOIN rates r USING (currency_id)
      WHERE d.business_id = ${scope.businessId} ${dept('d.department_id', scope)} ${ofVariant('d.variant_id', variantId)}
      GROUP BY d.variant_id
    ) f
    JOIN variants v ON v.id = f.variant_id
    WHERE ${hasFigures('f')}`;
}

/**
 * How many variants the report has. When nothing moved after date_to (a period up to today), a
 * variant is in it exactly when it has stock now or moved since date_from (in or out; for the
 * business, offers between its departments do not change its stock), which stock_variant_totals
 * answers per variant without summing its days. Otherwise the summed rows are counted.
 */
function stockMovementCount(scope: ReportScope, variantId: number | undefined) {
  return sql`
    CASE WHEN EXISTS (SELECT 1 FROM stock_daily_totals d
                      WHERE d.business_id = ${scope.businessId} ${dept('d.department_id', scope)}
                        AND d.day > ${scope.to}::date)
      THEN (SELECT count(*) FROM (${stockVariantRows(scope, variantId, 'sum')}) counted)
      ELSE (SELECT count(*) FROM stock_variant_totals t
            WHERE t.business_id = ${scope.businessId} AND ${variantTotalsOf(scope)} ${ofVariant('t.variant_id', variantId)}
              AND (t.qty <> 0 OR t.moved_on >= ${scope.from}::date))
    END`;
}

/** Up to this many rows before a page, a page in label order walks the variants (stockVariantRows). */
const WALK_UP_TO = 10_000;

/**
 * Per variant: opening, in, out and closing quantities and the closing stock's FIFO value at
 * today's rates (stockFigures), in the ordering asked for; each row carries the report's count and
 * its column sums (summed from stock_daily_totals, or the variant's days when one is asked for),
 * so a page, its count and its totals are one statement and one snapshot.
 */
export function stockMovementRows(
  scope: ReportScope,
  variantId: number | undefined,
  ordering: string,
  window?: RowWindow,
) {
  const byLabel = ordering === 'label' || ordering === '-label';
  const order = byLabel
    ? sql.raw(ordering === '-label' ? 'v.label DESC, v.sku DESC' : 'v.label, v.sku')
    : orderBy(
        ordering,
        {
          opening_qty: 'v.opening',
          in_qty: 'v.in_qty',
          out_qty: 'v.out_qty',
          closing_qty: 'v.closing',
          closing_value_uzs: 'v.value',
        },
        'v.label, v.sku',
      );
  const read = byLabel && window !== undefined && window.offset <= WALK_UP_TO ? 'walk' : 'sum';
  const totalsSource = variantId === undefined ? sql`stock_daily_totals d` : sql`stock_daily d`;
  return sql<StockMovementDbRow>`
    WITH rates AS MATERIALIZED (${ratesInForce(scope)}),
    totals AS MATERIALIZED (
      SELECT ${stockFigures(scope)}
      FROM ${totalsSource} JOIN rates r USING (currency_id)
      WHERE d.business_id = ${scope.businessId} ${dept('d.department_id', scope)} ${ofVariant('d.variant_id', variantId)}
    ),
    page AS (
      SELECT * FROM (${stockVariantRows(scope, variantId, read)}) v ORDER BY ${order} ${limitTo(window)}
    )
    SELECT v.variant_id, v.sku, v.label, p.name AS product_name, un.measure AS unit,
           v.opening::numeric(18,3)::text AS opening_qty, v.in_qty::numeric(18,3)::text AS in_qty,
           v.out_qty::numeric(18,3)::text AS out_qty, v.closing::numeric(18,3)::text AS closing_qty,
           round(v.value, 2)::text AS closing_value_uzs,
           ${stockMovementCount(scope, variantId)} AS total_count,
           -- The value rounded once, as the dashboard's stock value is.
           t.opening::numeric(18,3)::text AS total_opening_qty, t.in_qty::numeric(18,3)::text AS total_in_qty,
           t.out_qty::numeric(18,3)::text AS total_out_qty, t.closing::numeric(18,3)::text AS total_closing_qty,
           round(t.value, 2)::text AS total_closing_value_uzs
    FROM page v JOIN products p ON p.id = v.product_id JOIN units un ON un.id = p.unit_id CROSS JOIN totals t
    ORDER BY ${order}`;
}

export type StockMovementTotals = Pick<
  StockMovementDbRow,
  'opening_qty' | 'in_qty' | 'out_qty' | 'closing_qty' | 'closing_value_uzs'
>;

/** The totals a row carries; zeros when the report has no rows. */
export function stockMovementTotalsOf(row: StockMovementDbRow | undefined): StockMovementTotals {
  return {
    opening_qty: row?.total_opening_qty ?? '0.000',
    in_qty: row?.total_in_qty ?? '0.000',
    out_qty: row?.total_out_qty ?? '0.000',
    closing_qty: row?.total_closing_qty ?? '0.000',
    closing_value_uzs: row?.total_closing_value_uzs ?? '0.00',
  };
}

// ---------------------------------------------------------------- cash flow

export interface CashFlowDbRow {
  period: string;
  currency_code: string;
  tx_type: string | null;
  inflow: string;
  outflow: string;
  net: string;
  closing: string;
  total_count: number;
}

export interface CashFlowOptions {
  currencyId: number | undefined;
  grain: 'day' | 'week' | 'month';
  byType: boolean;
  descending: boolean;
}

/**
 * The money each currency took in and paid out per period, and the balance at each period's end:
 * counted back from today's balances over the days since date_from.
 */
function cashFlowCtes(scope: ReportScope, o: CashFlowOptions) {
  const currency = (column: string) =>
    o.currencyId === undefined ? sql`` : sql`AND ${sql.ref(column)} = ${o.currencyId}`;
  return sql`
    cur AS (
      SELECT b.currency_id, sum(b.on_hand) AS on_hand
      FROM balances b JOIN users u ON u.id = b.user_id
      WHERE u.business_id = ${scope.businessId} ${dept('b.user_id', scope)} ${currency('b.currency_id')}
      GROUP BY 1
    ), since AS (
      SELECT currency_id, sum(inflow - outflow) AS net FROM money_daily
      WHERE business_id = ${scope.businessId} ${dept('user_id', scope)} ${currency('currency_id')}
        AND day >= ${scope.from}::date
      GROUP BY 1
    ), opening AS (
      SELECT currency_id, coalesce(cur.on_hand, 0) - coalesce(since.net, 0) AS opening
      FROM cur FULL JOIN since USING (currency_id)
    ), days AS (
      SELECT date_trunc(${o.grain}, day::timestamp)::date AS period, currency_id, tx_type,
             inflow, outflow, ${countedFlow(scope)} AS counted
      FROM money_daily
      WHERE business_id = ${scope.businessId} ${dept('user_id', scope)} ${currency('currency_id')}
        AND ${period('day', scope)}
    ), closings AS (
      SELECT period, currency_id,
             o.opening + sum(sum(inflow - outflow)) OVER (PARTITION BY currency_id ORDER BY period) AS closing
      FROM days JOIN opening o USING (currency_id)
      GROUP BY period, currency_id, o.opening
    )`;
}

export function cashFlowRows(scope: ReportScope, o: CashFlowOptions) {
  const type = o.byType ? sql`tx_type` : sql`NULL::text`;
  return sql<CashFlowDbRow>`
    WITH ${cashFlowCtes(scope, o)}, flows AS (
      SELECT period, currency_id, ${type} AS tx_type,
             sum(inflow) AS inflow, sum(outflow) AS outflow
      FROM days WHERE counted
      GROUP BY 1, 2, 3
    )
    SELECT f.period::text AS period, c.code AS currency_code, f.tx_type,
           f.inflow::numeric(20,2)::text AS inflow, f.outflow::numeric(20,2)::text AS outflow,
           (f.inflow - f.outflow)::numeric(20,2)::text AS net, cl.closing::numeric(20,2)::text AS closing,
           count(*) OVER () AS total_count
    FROM flows f
    JOIN closings cl USING (period, currency_id)
    JOIN currencies c ON c.id = f.currency_id
    ORDER BY f.period ${sql.raw(o.descending ? 'DESC' : 'ASC')}, c.code, f.tx_type`;
}

export interface CashFlowTotalsRow {
  currency_code: string;
  opening: string;
  inflow: string;
  outflow: string;
  net: string;
  closing: string;
}

/** Per currency of the scope: the opening balance, the period's flows and the closing balance. */
export async function cashFlowTotals(db: Database, scope: ReportScope, o: CashFlowOptions) {
  const { rows } = await sql<CashFlowTotalsRow>`
    WITH ${cashFlowCtes(scope, o)}, sums AS (
      SELECT currency_id,
             coalesce(sum(inflow) FILTER (WHERE counted), 0) AS inflow,
             coalesce(sum(outflow) FILTER (WHERE counted), 0) AS outflow,
             coalesce(sum(inflow - outflow), 0) AS net_all
      FROM days GROUP BY 1
    )
    SELECT c.code AS currency_code, o.opening::numeric(20,2)::text AS opening,
           coalesce(s.inflow, 0)::numeric(20,2)::text AS inflow, coalesce(s.outflow, 0)::numeric(20,2)::text AS outflow,
           (coalesce(s.inflow, 0) - coalesce(s.outflow, 0))::numeric(20,2)::text AS net,
           (o.opening + coalesce(s.net_all, 0))::numeric(20,2)::text AS closing
    FROM opening o LEFT JOIN sums s USING (currency_id) JOIN currencies c ON c.id = o.currency_id
    ORDER BY c.code`.execute(db);
  return rows;
}

// ---------------------------------------------------------------- dashboard

export async function moneyOnHand(db: Database, scope: ReportScope) {
  const { rows } = await sql<{ currency_code: string; on_hand: string; in_uzs: string }>`
    SELECT c.code AS currency_code, sum(b.on_hand)::numeric(20,2)::text AS on_hand,
           round(sum(b.on_hand) * rate_in_force(${scope.businessId}, c.id), 2)::text AS in_uzs
    FROM balances b JOIN users u ON u.id = b.user_id JOIN currencies c ON c.id = b.currency_id
    WHERE u.business_id = ${scope.businessId} ${dept('b.user_id', scope)}
    GROUP BY c.id, c.code
    HAVING sum(b.on_hand) <> 0
    ORDER BY c.code`.execute(db);
  return rows;
}

/** The FIFO cost of the lots on hand, at today's rates (DESIGN.md section 11). */
export async function stockValue(db: Database, scope: ReportScope): Promise<string> {
  const { rows } = await sql<{ value: string }>`
    SELECT round(coalesce(sum(cost * rate_in_force(${scope.businessId}, currency_id)), 0), 2)::text AS value
    FROM (
      SELECT currency_id, sum(qty_remaining * unit_cost) AS cost FROM stock_lots
      WHERE business_id = ${scope.businessId} ${dept('department_id', scope)} AND qty_remaining > 0
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
      SELECT day, sum(revenue_uzs) AS revenue FROM sales_daily s
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

/** A department of the business, or undefined. */
export async function findDepartment(db: Database, businessId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}

/**
 * The unit of a report's quantity totals (DESIGN.md section 16): the one unit of measure of the
 * business's products, or null when they have more than one (a total never adds different units).
 */
export async function totalsUnit(db: Database, businessId: number): Promise<UnitMeasure | null> {
  const { rows } = await sql<{ unit: UnitMeasure | null }>`
    SELECT CASE WHEN count(DISTINCT u.measure) = 1 THEN min(u.measure) END AS unit
    FROM products p JOIN units u ON u.id = p.unit_id
    WHERE p.business_id = ${businessId}`.execute(db);
  return rows[0]?.unit ?? null;
}
