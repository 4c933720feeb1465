import type { ENTRY_ORDERINGS, EXIT_ORDERINGS } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow } from '../../db/row-queries.ts';
import { variantLabelSql, variantsWithParts } from '../../db/variant-label.ts';

// Queries only (STYLE.md): the stock lists, joined to the catalogue for the variant objects.

export function findBusinessVariant(db: Database, businessId: number, variantId: number) {
  return businessRow(db, 'variants', ['id', 'sku', 'product_id'], businessId, variantId);
}

type Ordering<T extends readonly string[]> = T[number];

/**
 * One row by id (after a write), or the rows of one location as recorded (DESIGN.md section 10);
 * `page` limits them to one page, each row carrying the whole list's count (DESIGN.md section 16).
 */
export interface ListFilter {
  id?: number;
  location?: string | undefined;
  page?: { offset: number; size: number };
}

/** The whole list's count on every row of a page; a list read whole needs none (spec.md's array). */
const totalCount = (only: ListFilter) => (only.page ? sql<number>`count(*) OVER ()::int` : sql<number>`0`);

/** The variant object's columns on a stock row (DESIGN.md section 4), from `variantsWithParts`. */
const variantColumns = ['v.product_id', 'v.sku', variantLabelSql.as('label'), 'un.measure as unit'] as const;

function orderParts(ordering: string): { column: string; direction: 'asc' | 'desc' } {
  const desc = ordering.startsWith('-');
  return { column: desc ? ordering.slice(1) : ordering, direction: desc ? 'desc' : 'asc' };
}

export async function listEntries(
  db: Database,
  department: { businessId: number; id: number },
  ordering: Ordering<typeof ENTRY_ORDERINGS>,
  only: ListFilter = {},
) {
  const { column, direction } = orderParts(ordering);
  let query = variantsWithParts(db)
    .innerJoin('stock_entries as e', 'e.variant_id', 'v.id')
    .innerJoin('stock_lots as l', (join) =>
      join.onRef('l.business_id', '=', 'e.business_id').onRef('l.entry_id', '=', 'e.id'),
    )
    .innerJoin('currencies as cur', 'cur.id', 'e.currency_id')
    .select([
      'e.id',
      'e.department_id',
      'e.variant_id',
      ...variantColumns,
      'e.qty_received',
      'l.qty_remaining',
      'e.unit_cost',
      'e.currency_id',
      'cur.code as currency_code',
      'e.type',
      'e.location',
      'e.reason_text',
      'e.created_at',
      totalCount(only).as('total_count'),
    ])
    .where('e.business_id', '=', department.businessId)
    .where('e.department_id', '=', department.id);
  if (only.id !== undefined) query = query.where('e.id', '=', only.id);
  if (only.location) query = query.where('e.location', '=', only.location);
  query = query.orderBy(sql.ref(`e.${column}`), direction).orderBy('e.id', direction);
  if (only.page) query = query.limit(only.page.size).offset(only.page.offset);
  return query.execute();
}

export async function listExits(
  db: Database,
  department: { businessId: number; id: number },
  ordering: Ordering<typeof EXIT_ORDERINGS>,
  only: ListFilter = {},
) {
  const { column, direction } = orderParts(ordering);
  let query = variantsWithParts(db)
    .innerJoin('stock_exits as x', 'x.variant_id', 'v.id')
    .innerJoin('currencies as cur', 'cur.id', 'x.currency_id')
    .select([
      'x.id',
      'x.department_id',
      'x.variant_id',
      ...variantColumns,
      'x.qty_issued',
      'x.unit_price',
      'x.currency_id',
      'cur.code as currency_code',
      'x.type',
      'x.location',
      'x.note',
      'x.created_at',
      totalCount(only).as('total_count'),
    ])
    .where('x.business_id', '=', department.businessId)
    .where('x.department_id', '=', department.id);
  if (only.id !== undefined) query = query.where('x.id', '=', only.id);
  if (only.location) query = query.where('x.location', '=', only.location);
  // A null unit price sorts last either way, as "no price" is not a small price.
  query = query
    .orderBy(sql`${sql.ref(`x.${column}`)} ${sql.raw(direction)} nulls last`)
    .orderBy('x.id', direction);
  if (only.page) query = query.limit(only.page.size).offset(only.page.offset);
  return query.execute();
}

/** A balance row as the my-balance answer keeps it: its JSON text, null at zero. */
export interface BalanceRowText {
  id: number;
  version: bigint;
  json: string | null;
}

/**
 * A department's balance rows changed since `sinceVersion` (every row for -1), as the JSON text
 * of DESIGN.md section 4's balance object, kept by the triggers of migration 0008: 10,000 rows
 * must answer in well under 50 ms (a bar of docs/benchmarks.md), which rules out building the
 * objects per request. With them, from the same snapshot, the count of all the department's rows and the sum
 * of their versions: each change gives a row a higher row_version and rows are never deleted, so
 * that pair changes with any change to the department's stock.
 */
export async function balanceRowsSince(
  db: Database,
  department: { businessId: number; id: number },
  sinceVersion: bigint,
): Promise<{ count: number; sum: bigint; rows: BalanceRowText[] }> {
  const result = await sql<{
    count: string;
    sum: string;
    id: number | null;
    row_version: string | null;
    json: string | null;
  }>`
    WITH pair AS (
      SELECT count(*) AS count, coalesce(sum(row_version), 0) AS sum
      FROM stock_balances WHERE business_id = ${department.businessId} AND department_id = ${department.id})
    SELECT pair.count, pair.sum, b.id, b.row_version,
      CASE WHEN b.qty_on_hand > 0 THEN b.row_json END AS json
    FROM pair
    LEFT JOIN stock_balances b
      ON b.business_id = ${department.businessId} AND b.department_id = ${department.id}
        AND b.row_version > ${String(sinceVersion)}::bigint`.execute(db);
  const first = result.rows[0];
  if (!first) throw new Error('my-balance query returned no row');
  return {
    count: Number(first.count),
    sum: BigInt(first.sum),
    rows: result.rows.flatMap((r) =>
      r.id === null || r.row_version === null
        ? []
        : [{ id: r.id, version: BigInt(r.row_version), json: r.json }],
    ),
  };
}
