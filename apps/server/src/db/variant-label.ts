import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

/**
 * DESIGN.md section 4's size label and variant label ("<name> <model> / <colour> / <size>", the
 * parts the variant has), from their one definition: the SQL functions of migration 0008, which
 * the stock rows' ready JSON also uses; here in db/ for the catalog, inventory and notifications
 * queries alike (DESIGN.md section 15). Columns of products `p`, colours `c` and sizes `s`.
 */
export const variantSizeLabelSql = sql<string | null>`variant_size_label(s.size, s.label)`;
export const variantLabelSql = sql<string>`variant_label(p.name, p.model, c.name, ${variantSizeLabelSql})`;

/**
 * Variants `v` with their product `p`, the product's unit `un`, colour `c` and size `s`: what the
 * labels above read, joined once for the catalogue, the stock lists and LOW_STOCK's subject.
 */
export function variantsWithParts(db: Kysely<DB>) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('units as un', 'un.id', 'p.unit_id')
    .leftJoin('colors as c', 'c.id', 'v.color_id')
    .leftJoin('sizes as s', 's.id', 'v.size_id');
}
