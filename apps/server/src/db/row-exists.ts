import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from './schema.ts';

type Filter<T extends keyof DB> = (eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>;

/**
 * Whether `table` has a row that `where` holds for: the one "does it exist" query the
 * repositories ask (a user of the business, one's own notification, a usable token).
 * `where` is Kysely's filter callback, `(eb) => eb.and({ id, business_id })` for plain equality.
 */
export async function rowExists<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  where: Filter<T>,
): Promise<boolean> {
  // Kysely cannot narrow a generic table name; the callers' filters are typed against `T`.
  const row = await db
    .selectFrom(table as keyof DB)
    .select(sql<number>`1`.as('found'))
    .where(where as Filter<keyof DB>)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
