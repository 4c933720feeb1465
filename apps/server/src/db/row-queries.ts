import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { DB } from './schema.ts';

// The queries the repositories ask of many tables alike. Kysely cannot narrow a generic table
// name, so each casts once inside; the callers' filters and columns are typed against `T`.

type Filter<T extends keyof DB> = (eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>;

/**
 * Whether `table` has a row that `where` holds for (a user of the business, one's own
 * notification, a usable token). `where` is Kysely's filter callback:
 * `(eb) => eb.and({ id, business_id })` for plain equality.
 */
export async function rowExists<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  where: Filter<T>,
): Promise<boolean> {
  const row = await db
    .selectFrom(table as keyof DB)
    .select(sql<number>`1`.as('found'))
    .where(where as Filter<keyof DB>)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns of `T` that record when something ended, null until it did. */
type EndColumn<T extends keyof DB> = {
  [C in keyof DB[T] & string]: DB[T][C] extends Date | null ? (null extends DB[T][C] ? C : never) : never;
}[keyof DB[T] & string];

/**
 * Ends the rows `where` picks that have not ended yet: sets `column` to `at` where it is still
 * null, so of two racing calls only the first ends a row. Answers how many rows it ended.
 */
export async function endUnended<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  column: EndColumn<T>,
  at: Date,
  where: Filter<T>,
): Promise<number> {
  const result = await db
    .updateTable(table as keyof DB)
    .set({ [column]: at } as never)
    .where(sql.ref(column), 'is', null)
    .where(where as Filter<keyof DB>)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The tables whose rows belong to a business (`business_id`) and are found by `id`. */
type BusinessTable = {
  [T in keyof DB]: DB[T] extends { id: unknown; business_id: unknown } ? T : never;
}[keyof DB];

/**
 * One row of the business by id, its `columns`: undefined when the id is another business's
 * (DESIGN.md section 3, Tenancy) or no row's. `lock` holds it until the transaction ends, so
 * the writes to one row take turns.
 */
export function businessRow<T extends BusinessTable, C extends keyof Selectable<DB[T]> & string>(
  db: Kysely<DB>,
  table: T,
  columns: readonly C[],
  businessId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Pick<Selectable<DB[T]>, C> | undefined> {
  const query = db
    .selectFrom(table as BusinessTable)
    .select(columns as readonly (keyof Selectable<DB[BusinessTable]>)[])
    .where('business_id', '=', businessId)
    .where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst() as Promise<
    Pick<Selectable<DB[T]>, C> | undefined
  >;
}
