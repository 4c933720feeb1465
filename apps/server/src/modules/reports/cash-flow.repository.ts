import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { countedFlow, dept, period, type ReportScope } from './reports.repository.ts';

// The cash flow report's queries (DESIGN.md section 11); the scope and its filters: reports.repository.ts.

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
