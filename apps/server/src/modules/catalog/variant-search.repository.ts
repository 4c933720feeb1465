import { type ProductType, searchFold } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { VariantRow } from './catalog.repository.ts';

// The variants list and search (spec.md section 5 "Variant search in forms"); the other variant
// queries are in catalog.repository.ts.

export interface VariantFilter {
  search?: string | undefined;
  /** Exact (DESIGN.md section 18). */
  barcode?: string | undefined;
  type?: ProductType | undefined;
  product?: number | undefined;
  limit?: number | undefined;
}

/**
 * Picks the page of variants from `variants` alone, then joins the few it keeps: a rare search
 * term narrows through the GIN index without a join over every product of the business. One
 * statement written once, not built per request: the variant search is the form pickers' call
 * at every keystroke (spec.md section 9), and its planning, with the picked rows as a subquery of
 * the joins (not an IN over a second scan of `variants`), takes half the time. The label is the
 * row's own (variant_label, kept by the variants' trigger: db/functions/20_catalog_search.sql).
 */
export async function listVariants(
  db: Database,
  businessId: number,
  filter: VariantFilter,
): Promise<VariantRow[]> {
  const where = [sql`h.business_id = ${businessId}`];
  if (filter.search) {
    // Migration 0006: the character pairs narrow through a GIN index when the term is rare; strpos
    // then checks the substring itself (and needs no escaping of LIKE's % and _). The text is
    // kept folded (search_fold: lower case, one apostrophe), and so is the term.
    const term = searchFold(filter.search);
    where.push(sql`h.search_grams @> search_grams(${term})`, sql`strpos(h.search_text, ${term}) > 0`);
  }
  if (filter.type)
    where.push(
      sql`h.product_id IN (SELECT id FROM products WHERE business_id = ${businessId} AND type = ${filter.type})`,
    );
  if (filter.product) where.push(sql`h.product_id = ${filter.product}`);
  if (filter.barcode !== undefined) where.push(sql`h.barcode = ${filter.barcode}`);
  const { rows } = await sql<VariantRow>`
    SELECT h.id, h.product_id, h.sku, h.color_id, h.size_id, h.min_qty, h.barcode,
           p.name AS product_name, p.model AS product_model, p.code AS product_code,
           c.name AS color_name, c.code AS color_code, un.measure AS unit, h.label,
           variant_size_label(s.size, s.label) AS size_label
    FROM (
      SELECT h.id, h.product_id, h.sku, h.color_id, h.size_id, h.min_qty, h.barcode, h.label
      FROM variants h WHERE ${sql.join(where, sql` AND `)}
      ORDER BY h.id ${filter.limit ? sql`LIMIT ${filter.limit}` : sql``}
    ) h
    JOIN products p ON p.id = h.product_id
    JOIN units un ON un.id = p.unit_id
    LEFT JOIN colors c ON c.id = h.color_id
    LEFT JOIN sizes s ON s.id = h.size_id
    ORDER BY h.id`.execute(db);
  return rows;
}
