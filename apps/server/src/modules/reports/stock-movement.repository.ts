import type { UnitMeasure } from '@app/shared';
import { sql } from 'kysely';
import { dept, limitTo, orderBy, type ReportScope, type RowWindow } from './reports.repository.ts';

// The stock movement report's queries (DESIGN.md section 11); the scope and its filters: reports.repository.ts.

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
