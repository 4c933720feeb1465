import { type RawBuilder, sql } from 'kysely';

// The reports' daily summaries (DESIGN.md section 11) recomputed from the rows they summarise,
// apart from the SQL functions that keep them: each query returns the rows where a summary and
// the recomputed sums differ. One definition for the tests' invariants (the whole database) and
// the reports bench's checks (one seeded business).

type Drift = RawBuilder<Record<string, unknown>>;

/**
 * `column = businessId`, or true for every business when no business is named. A literal, not a
 * parameter: the bench plans each check for its one business, as its other checks do.
 */
function inBusiness(column: string, businessId: number | undefined): RawBuilder<unknown> {
  return businessId === undefined ? sql`TRUE` : sql`${sql.ref(column)} = ${sql.lit(businessId)}`;
}

/**
 * The rows of `summary` (in the business, if one is named, and as `kept` narrows them) that
 * differ from the recomputed `sums` on a figure.
 */
function drift(
  summary: string,
  sums: RawBuilder<unknown>,
  key: string[],
  figures: string[],
  businessId: number | undefined,
  kept: RawBuilder<unknown> = sql`TRUE`,
): Drift {
  const differs = ['business_id', ...figures].map(
    (f) => sql`raw.${sql.ref(f)} IS DISTINCT FROM d.${sql.ref(f)}`,
  );
  return sql`
    WITH raw AS (${sums})
    SELECT * FROM raw
    FULL JOIN (SELECT * FROM ${sql.table(summary)} WHERE ${inBusiness('business_id', businessId)} AND ${kept}) d
      USING (${sql.join(key.map((k) => sql.ref(k)))})
    WHERE ${sql.join(differs, sql` OR `)}`;
}

/** stock_daily against the stock moves summed per department, variant, day and currency. */
export function stockDailyDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT m.business_id, m.department_id, m.variant_id, business_day(m.created_at) AS day, l.currency_id,
           coalesce(sum(m.qty) FILTER (WHERE m.kind IN ('ENTRY', 'ENTRY_REVERSAL')), 0) AS entry_qty,
           coalesce(-sum(m.qty) FILTER (WHERE m.kind IN ('EXIT', 'EXIT_REVERSAL')), 0) AS exit_qty,
           coalesce(sum(m.qty) FILTER (WHERE m.kind = 'OFFER_IN'), 0) AS offer_in_qty,
           coalesce(-sum(m.qty) FILTER (WHERE m.kind = 'OFFER_OUT'), 0) AS offer_out_qty,
           sum(m.qty * l.unit_cost) AS cost
    FROM stock_moves m JOIN stock_lots l ON l.id = m.lot_id
    WHERE ${inBusiness('m.business_id', businessId)}
    GROUP BY 1, 2, 3, 4, 5`;
  const key = ['department_id', 'variant_id', 'day', 'currency_id'];
  const figures = ['entry_qty', 'exit_qty', 'offer_in_qty', 'offer_out_qty', 'cost'];
  return drift('stock_daily', sums, key, figures, businessId);
}

/** sales_daily against the SALE exits' moves summed per department, variant and day. */
export function salesDailyDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT m.business_id, m.department_id, m.variant_id, business_day(m.created_at) AS day,
           -sum(m.qty) AS qty,
           sum(-m.qty * coalesce(e.amount / e.qty_issued, e.unit_price, 0) * e.rate_to_uzs) AS revenue_uzs,
           sum(-m.qty * l.unit_cost * l.rate_to_uzs) AS cogs_uzs
    FROM stock_moves m
    JOIN stock_exits e ON e.id = m.exit_id AND e.type = 'SALE'
    JOIN stock_lots l ON l.id = m.lot_id
    WHERE ${inBusiness('m.business_id', businessId)}
    GROUP BY 1, 2, 3, 4`;
  const key = ['department_id', 'variant_id', 'day'];
  const figures = ['qty', 'revenue_uzs', 'cogs_uzs'];
  return drift('sales_daily', sums, key, figures, businessId);
}

const SALES_FIGURES = ['qty', 'revenue_uzs', 'cogs_uzs'];

/** sales_day_totals (migration 0036) against sales_daily summed per department and day. */
export function salesDayTotalsDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT business_id, department_id, day, sum(qty) AS qty, sum(revenue_uzs) AS revenue_uzs, sum(cogs_uzs) AS cogs_uzs
    FROM sales_daily WHERE ${inBusiness('business_id', businessId)} GROUP BY 1, 2, 3`;
  return drift('sales_day_totals', sums, ['department_id', 'day'], SALES_FIGURES, businessId);
}

/** sales_variant_months (migration 0036) against sales_daily summed per calendar month and variant. */
export function salesVariantMonthsDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT business_id, date_trunc('month', day)::date AS month, variant_id,
           sum(qty) AS qty, sum(revenue_uzs) AS revenue_uzs, sum(cogs_uzs) AS cogs_uzs
    FROM sales_daily WHERE ${inBusiness('business_id', businessId)} GROUP BY 1, 2, 3`;
  return drift('sales_variant_months', sums, ['month', 'variant_id'], SALES_FIGURES, businessId);
}

/**
 * sales_product_months (migration 0036) against sales_daily summed per calendar month and each
 * variant's product now. Sums of zero are left out on both sides: a product's months stay, at
 * zero, when its variants all went to another product.
 */
export function salesProductMonthsDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT s.business_id, date_trunc('month', s.day)::date AS month, v.product_id,
           sum(s.qty) AS qty, sum(s.revenue_uzs) AS revenue_uzs, sum(s.cogs_uzs) AS cogs_uzs
    FROM sales_daily s JOIN variants v ON v.id = s.variant_id
    WHERE ${inBusiness('s.business_id', businessId)} GROUP BY 1, 2, 3
    HAVING sum(s.qty) <> 0 OR sum(s.revenue_uzs) <> 0 OR sum(s.cogs_uzs) <> 0`;
  const kept = sql`(qty <> 0 OR revenue_uzs <> 0 OR cogs_uzs <> 0)`;
  return drift('sales_product_months', sums, ['month', 'product_id'], SALES_FIGURES, businessId, kept);
}

/** money_daily against the money ledger's rows summed per user, currency, day and type. */
export function moneyDailyDrift(businessId?: number): Drift {
  const sums = sql`
    SELECT business_id, user_id, currency_id, business_day(created_at) AS day, tx_type,
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS inflow,
           coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS outflow,
           coalesce(sum(amount_in_uzs) FILTER (WHERE amount > 0), 0) AS inflow_uzs,
           coalesce(-sum(amount_in_uzs) FILTER (WHERE amount < 0), 0) AS outflow_uzs,
           count(*) AS n
    FROM money_transactions WHERE ${inBusiness('business_id', businessId)} GROUP BY 1, 2, 3, 4, 5`;
  const key = ['user_id', 'currency_id', 'day', 'tx_type'];
  const figures = ['inflow', 'outflow', 'inflow_uzs', 'outflow_uzs', 'n'];
  return drift('money_daily', sums, key, figures, businessId);
}
