import type { ProductionCostQuery, UnitMeasure } from '@app/shared';
import { sql } from 'kysely';
import { variantLabelSql } from '../../db/variant-label.ts';
import { dept, limitTo, period, type ReportScope, type RowWindow } from './reports.repository.ts';

// The production cost report's queries (DESIGN.md section 21): the posted orders of the period by
// their date, each costed in UZS as its posting consumed it (every input lot at the rate it
// recorded; the overhead at the rate its output lot recorded), summed exactly and rounded once.

export interface ProductionCostDbRow {
  key: string;
  number: string | null;
  date: string | null;
  department: string | null;
  variant_id: number;
  product_id: number;
  sku: string;
  label: string;
  unit: UnitMeasure;
  orders: number;
  qty: string;
  inputs_uzs: string;
  overhead_uzs: string;
  total_uzs: string;
  unit_cost_uzs: string;
  /** The order's recipe version (null for a variant's row). */
  version_id: number | null;
  total_count: number;
}

/** Each posted order of the scope with its output and its cost in UZS, unrounded. */
const costedOrders = (scope: ReportScope) => sql`
  SELECT d.id, d.number, d.doc_date, d.department_id, d.recipe_version_id, ol.variant_id, ol.qty,
    (SELECT coalesce(sum(-m.qty * lot.unit_cost * lot.rate_to_uzs), 0)
       FROM document_lines il JOIN stock_exits x ON x.document_line_id = il.id
       JOIN stock_moves m ON m.exit_id = x.id AND m.kind = 'EXIT' JOIN stock_lots lot ON lot.id = m.lot_id
       WHERE il.document_id = d.id AND NOT il.output) AS inputs,
    d.overhead * (SELECT lot.rate_to_uzs FROM stock_entries e JOIN stock_lots lot ON lot.entry_id = e.id
       WHERE e.document_line_id = ol.id) AS overhead
  FROM documents d JOIN document_lines ol ON ol.document_id = d.id AND ol.output
  WHERE d.business_id = ${scope.businessId} AND d.kind = 'PRODUCTION' AND d.status = 'POSTED'
    AND ${period('d.doc_date', scope)} ${dept('d.department_id', scope)}`;

const GROUPS: Record<ProductionCostQuery['group_by'], ReturnType<typeof sql>> = {
  order: sql`
    SELECT o.id::text AS key, o.number, o.doc_date::text AS date, u.email AS department, o.variant_id,
      1 AS orders, o.qty, o.inputs, o.overhead, o.recipe_version_id AS version_id,
      o.doc_date AS sort_date, o.id AS sort_id
    FROM orders o JOIN users u ON u.id = o.department_id`,
  variant: sql`
    SELECT o.variant_id::text AS key, NULL AS number, NULL AS date, NULL AS department, o.variant_id,
      count(*)::int AS orders, sum(o.qty) AS qty, sum(o.inputs) AS inputs, sum(o.overhead) AS overhead,
      NULL::int AS version_id, max(o.doc_date) AS sort_date, o.variant_id AS sort_id
    FROM orders o GROUP BY o.variant_id`,
};

/** A page of rows, newest first (an order by its date; a variant by its last order's), with their count. */
export function productionCostRows(
  scope: ReportScope,
  groupBy: ProductionCostQuery['group_by'],
  window?: RowWindow,
) {
  return sql<ProductionCostDbRow>`
    WITH orders AS (${costedOrders(scope)}), g AS (${GROUPS[groupBy]})
    SELECT g.key, g.number, g.date, g.department, g.variant_id, v.product_id, v.sku, ${variantLabelSql} AS label,
      un.measure AS unit, g.orders, g.qty::numeric(18,3)::text AS qty,
      round(g.inputs, 2)::text AS inputs_uzs, round(g.overhead, 2)::text AS overhead_uzs,
      round(g.inputs + g.overhead, 2)::text AS total_uzs,
      round((g.inputs + g.overhead) / g.qty, 2)::text AS unit_cost_uzs, g.version_id,
      count(*) OVER ()::int AS total_count
    FROM g JOIN variants v ON v.id = g.variant_id JOIN products p ON p.id = v.product_id
    JOIN units un ON un.id = p.unit_id LEFT JOIN colors c ON c.id = v.color_id LEFT JOIN sizes s ON s.id = v.size_id
    ORDER BY g.sort_date DESC, g.sort_id DESC
    ${limitTo(window)}`;
}

/** The period's totals: inputs, overhead and their sum in UZS. */
export function productionCostTotals(scope: ReportScope) {
  return sql<{ inputs_uzs: string; overhead_uzs: string; total_uzs: string }>`
    WITH orders AS (${costedOrders(scope)})
    SELECT round(coalesce(sum(inputs), 0), 2)::text AS inputs_uzs,
      round(coalesce(sum(overhead), 0), 2)::text AS overhead_uzs,
      round(coalesce(sum(inputs + overhead), 0), 2)::text AS total_uzs
    FROM orders`;
}
