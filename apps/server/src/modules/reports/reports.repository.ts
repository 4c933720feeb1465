import type { UnitMeasure } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// The reports' queries (DESIGN.md section 11), over the daily summaries of the ledgers
// (db/functions/80_report_summaries.sql). Every figure is summed exactly and rounded once, here.
// Each report is one statement, so it reads one snapshot of the ledgers and their summaries.
// One report per file (DESIGN.md section 15): sales, stock-movement, cash-flow and dashboard
// .repository.ts; this file holds what they share (the scope, its filters, a page, an ordering).

/** Whose figures, over which business days (both inclusive). */
export interface ReportScope {
  businessId: number;
  /** A department (user id), or null for the whole business. */
  departmentId: number | null;
  from: string;
  to: string;
}

export const dept = (column: string, scope: ReportScope) =>
  scope.departmentId === null ? sql`` : sql`AND ${sql.ref(column)} = ${scope.departmentId}`;
export const period = (column: string, scope: ReportScope) =>
  sql`${sql.ref(column)} BETWEEN ${scope.from}::date AND ${scope.to}::date`;

/**
 * The money rows a flow counts: for a department every row; for the whole business not the
 * offers between its own departments, which cancel out (DESIGN.md section 11, as stock moves do).
 */
export const countedFlow = (scope: ReportScope) =>
  scope.departmentId === null ? sql`tx_type <> 'OFFER'` : sql`true`;

/** A page of a report: its rows are cut in SQL, where the report can cut them soonest. */
export interface RowWindow {
  limit: number;
  offset: number;
}

export const limitTo = (window: RowWindow | undefined) =>
  window === undefined ? sql`` : sql`LIMIT ${window.limit} OFFSET ${window.offset}`;

/** A report's ordering: a column of its rows, descending with '-', ties broken by the key. */
export function orderBy(
  ordering: string,
  columns: Record<string, string>,
  tieBreak: string,
): RawBuilder<unknown> {
  const desc = ordering.startsWith('-');
  const column = columns[desc ? ordering.slice(1) : ordering];
  if (!column) throw new Error(`unknown ordering ${ordering}`);
  return sql.raw(`${column} ${desc ? 'DESC' : 'ASC'} NULLS LAST, ${tieBreak}`);
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
  // The business's units that a product has: a lookup per unit, not a pass over the products.
  const { rows } = await sql<{ unit: UnitMeasure | null }>`
    SELECT CASE WHEN count(DISTINCT u.measure) = 1 THEN min(u.measure) END AS unit
    FROM units u
    WHERE u.business_id = ${businessId}
      AND EXISTS (SELECT 1 FROM products p WHERE p.unit_id = u.id AND p.business_id = ${businessId})`.execute(
    db,
  );
  return rows[0]?.unit ?? null;
}
