import { sql } from 'kysely';

/**
 * DESIGN.md section 4's size label and variant label ("<name> <model> / <colour> / <size>", the
 * parts the variant has), from their one definition: the SQL functions of migration 0008, which
 * the stock rows' ready JSON also uses; here in db/ for the catalog, inventory and notifications
 * queries alike (DESIGN.md section 15). Columns of products `p`, colours `c` and sizes `s`.
 */
export const variantSizeLabelSql = sql<string | null>`variant_size_label(s.size, s.label)`;
export const variantLabelSql = sql<string>`variant_label(p.name, p.model, c.name, ${variantSizeLabelSql})`;
