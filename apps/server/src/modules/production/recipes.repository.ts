import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// Recipes' rows (migrations/0032_recipes.sql, DESIGN.md section 21).

export interface RecipeRow {
  id: number;
  product_id: number;
  variant_id: number | null;
  current_version: number;
  updated_at: Date;
  product_label: string;
  product_type: 'RAW' | 'SEMI' | 'FINISHED';
  input_count: number;
}

function recipeRows(db: Database, businessId: number) {
  return db
    .selectFrom('recipes as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'r.id',
      'r.product_id',
      'r.variant_id',
      'r.current_version',
      'r.updated_at',
      sql<string>`btrim(p.name || ' ' || p.model)`.as('product_label'),
      'p.type as product_type',
      sql<number>`(SELECT count(*)::int FROM recipe_inputs i JOIN recipe_versions rv ON rv.id = i.version_id
        WHERE rv.recipe_id = r.id AND rv.version = r.current_version)`.as('input_count'),
    ])
    .where('r.business_id', '=', businessId);
}

export function listRecipes(db: Database, businessId: number, productId?: number): Promise<RecipeRow[]> {
  let q = recipeRows(db, businessId);
  if (productId !== undefined) q = q.where('r.product_id', '=', productId);
  return q
    .orderBy('product_label')
    .orderBy('r.variant_id', (o) => o.nullsFirst())
    .orderBy('r.id')
    .execute();
}

export function findRecipe(db: Database, businessId: number, id: number): Promise<RecipeRow | undefined> {
  return recipeRows(db, businessId).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Serialises the business's recipe writes (DESIGN.md section 21: no cycle), so two changes that
 * would close a cycle together cannot both pass their check: a transaction-scoped lock, which
 * holds no session state (DESIGN.md section 24).
 */
export async function lockRecipes(db: Database, businessId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('recipes'), ${businessId})`.execute(db);
}

export async function insertRecipe(
  db: Database,
  row: { business_id: number; product_id: number; variant_id: number | null },
): Promise<number> {
  const { id } = await db.insertInto('recipes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertVersion(
  db: Database,
  row: {
    business_id: number;
    recipe_id: number;
    version: number;
    overhead: string;
    currency_id: number;
    note: string;
    created_by: number;
    inputs: ReadonlyArray<{ variant: number; qty: string }>;
  },
): Promise<void> {
  const { inputs, ...version } = row;
  const { id } = await db
    .insertInto('recipe_versions')
    .values(version)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recipe_inputs')
    .values(
      inputs.map((input, i) => ({
        business_id: row.business_id,
        version_id: id,
        line_no: i + 1,
        variant_id: input.variant,
        qty: input.qty,
      })),
    )
    .execute();
  await db
    .updateTable('recipes')
    .set({ current_version: row.version, updated_at: sql`now()` })
    .where('business_id', '=', row.business_id)
    .where('id', '=', row.recipe_id)
    .execute();
}

export function findVersion(db: Database, businessId: number, recipeId: number, version: number) {
  return db
    .selectFrom('recipe_versions as rv')
    .innerJoin('currencies as c', 'c.id', 'rv.currency_id')
    .innerJoin('users as u', 'u.id', 'rv.created_by')
    .select([
      'rv.id',
      'rv.version',
      'rv.overhead',
      'rv.currency_id',
      'c.code as currency_code',
      'rv.note',
      'rv.created_at',
      'u.id as created_by',
      'u.email as created_by_email',
    ])
    .where('rv.business_id', '=', businessId)
    .where('rv.recipe_id', '=', recipeId)
    .where('rv.version', '=', version)
    .executeTakeFirst();
}

export function versionInputs(db: Database, businessId: number, versionId: number) {
  return db
    .selectFrom('recipe_inputs')
    .select(['line_no', 'variant_id', 'qty'])
    .where('business_id', '=', businessId)
    .where('version_id', '=', versionId)
    .orderBy('line_no')
    .execute();
}

export function listVersions(db: Database, businessId: number, recipeId: number) {
  return db
    .selectFrom('recipe_versions as rv')
    .innerJoin('users as u', 'u.id', 'rv.created_by')
    .select(['rv.version', 'rv.created_at', 'u.email as created_by'])
    .where('rv.business_id', '=', businessId)
    .where('rv.recipe_id', '=', recipeId)
    .orderBy('rv.version', 'desc')
    .execute();
}

export async function deleteRecipe(db: Database, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('recipes').where('business_id', '=', businessId).where('id', '=', id).execute();
}

/** Each recipe of the business with its current version's input variants: the graph a cycle is looked for in. */
export function recipeGraph(db: Database, businessId: number) {
  return db
    .selectFrom('recipes as r')
    .innerJoin('recipe_versions as rv', (j) =>
      j.onRef('rv.recipe_id', '=', 'r.id').onRef('rv.version', '=', 'r.current_version'),
    )
    .select([
      'r.id',
      'r.product_id',
      'r.variant_id',
      sql<number[]>`(SELECT coalesce(array_agg(i.variant_id ORDER BY i.line_no), '{}') FROM recipe_inputs i
        WHERE i.version_id = rv.id)`.as('inputs'),
    ])
    .where('r.business_id', '=', businessId)
    .execute();
}

/** The product of each of `ids` (variants of the business). */
export async function productsOfVariants(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'product_id'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.product_id]));
}

export interface EffectiveRecipe {
  variant_id: number;
  recipe_id: number;
  version_id: number;
  version: number;
  overhead: string;
  currency_id: number;
  /** The overhead currency's rate in force. */
  rate_to_uzs: string;
  inputs: Array<{ variant_id: number; qty: string }>;
}

/**
 * The recipe each of `ids` is made by, in its current version: the variant's own, else its
 * product's (DESIGN.md section 21); variants made by none are left out.
 */
export async function effectiveRecipes(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, EffectiveRecipe>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<EffectiveRecipe>`
    SELECT v.id AS variant_id, r.id AS recipe_id, rv.id AS version_id, rv.version, rv.overhead::text AS overhead,
      rv.currency_id, bc.rate_to_uzs::text AS rate_to_uzs,
      (SELECT json_agg(json_build_object('variant_id', i.variant_id, 'qty', i.qty::text) ORDER BY i.line_no)
         FROM recipe_inputs i WHERE i.version_id = rv.id) AS inputs
    FROM variants v
    JOIN LATERAL (
      SELECT r.* FROM recipes r
      WHERE r.business_id = ${businessId}
        AND (r.variant_id = v.id OR (r.variant_id IS NULL AND r.product_id = v.product_id))
      ORDER BY r.variant_id NULLS LAST LIMIT 1
    ) r ON true
    JOIN recipe_versions rv ON rv.recipe_id = r.id AND rv.version = r.current_version
    JOIN business_currencies bc ON bc.business_id = ${businessId} AND bc.currency_id = rv.currency_id
    WHERE v.business_id = ${businessId} AND v.id IN (${sql.join([...new Set(ids)])})`.execute(db);
  return new Map(rows.rows.map((r) => [r.variant_id, r]));
}

export function findProduct(db: Database, businessId: number, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'type', sql<string>`btrim(name || ' ' || model)`.as('label')])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The recipe for exactly this output (a product's, or a variant's own). */
export function recipeOf(db: Database, businessId: number, productId: number, variantId: number | null) {
  return db
    .selectFrom('recipes')
    .select('id')
    .where('business_id', '=', businessId)
    .where('product_id', '=', productId)
    .where('variant_id', variantId === null ? 'is' : '=', variantId)
    .executeTakeFirst();
}

/** A version as a production order's posting reads it: overhead and its currency. */
export function versionById(db: Database, businessId: number, versionId: number) {
  return db
    .selectFrom('recipe_versions as rv')
    .innerJoin('recipes as r', 'r.id', 'rv.recipe_id')
    .select(['rv.id', 'rv.recipe_id', 'rv.version', 'rv.overhead', 'rv.currency_id'])
    .where('rv.business_id', '=', businessId)
    .where('rv.id', '=', versionId)
    .executeTakeFirst();
}

/** Versions by id, as an estimate reads them: overhead at its currency's rate in force, and the inputs. */
export async function versionsWithInputs(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, Omit<EffectiveRecipe, 'variant_id'>>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<Omit<EffectiveRecipe, 'variant_id'>>`
    SELECT rv.recipe_id, rv.id AS version_id, rv.version, rv.overhead::text AS overhead, rv.currency_id,
      bc.rate_to_uzs::text AS rate_to_uzs,
      (SELECT json_agg(json_build_object('variant_id', i.variant_id, 'qty', i.qty::text) ORDER BY i.line_no)
         FROM recipe_inputs i WHERE i.version_id = rv.id) AS inputs
    FROM recipe_versions rv
    JOIN business_currencies bc ON bc.business_id = ${businessId} AND bc.currency_id = rv.currency_id
    WHERE rv.business_id = ${businessId} AND rv.id IN (${sql.join([...new Set(ids)])})`.execute(db);
  return new Map(rows.rows.map((r) => [r.version_id, r]));
}
