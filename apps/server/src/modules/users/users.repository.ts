import type { UserRef } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

export function findProfile(db: Database, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const USER_REF_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'code'] as const;

/**
 * The user object of DESIGN.md section 4 as JSON, for the user whose id is in `idColumn`: a
 * subquery for a select (offers embed their parties).
 */
export function userRefJson(idColumn: string): RawBuilder<UserRef> {
  const fields = USER_REF_COLUMNS.map((c) => sql`${sql.lit(c)}::text, u.${sql.ref(c)}`);
  return sql<UserRef>`(SELECT json_build_object(${sql.join(fields)}) FROM users u WHERE u.id = ${sql.ref(idColumn)})`;
}

export function listBusinessUsers(db: Database, businessId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'code', 'role'])
    .where('business_id', '=', businessId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

/** Whether `userId` is an active user of `businessId` (offers name their other party by id). */
export async function isBusinessUser(db: Database, businessId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('business_id', '=', businessId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
