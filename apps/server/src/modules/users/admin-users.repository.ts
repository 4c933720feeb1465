import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow } from '../../db/row-queries.ts';
import { searchPattern } from '../../lib/like.ts';

// Queries of the administrators' users page (DESIGN.md section 9); the rules are in the service.

const COLUMNS = [
  'id',
  'email',
  'role',
  'first_name',
  'last_name',
  'code',
  'login_otp',
  'is_active',
  'last_login_at',
  'password_set',
  'created_at',
] as const;

export function listUsers(db: Database, businessId: number, search: string | undefined) {
  let query = db.selectFrom('users').select(COLUMNS).where('business_id', '=', businessId);
  if (search) {
    const pattern = searchPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('email', '~*', pattern),
        eb('first_name', '~*', pattern),
        eb('last_name', '~*', pattern),
        eb('code', '~*', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, '~*', pattern),
      ]),
    );
  }
  return query.orderBy('id').execute();
}

export function findUser(db: Database, businessId: number, id: number) {
  return businessRow(db, 'users', COLUMNS, businessId, id);
}

/**
 * The business's active Owners, locked in id order: two administrators changing Owners at once
 * take turns, and the second sees the first's change (DESIGN.md section 9, the last Owner).
 */
export async function lockActiveOwners(db: Database, businessId: number): Promise<number[]> {
  const rows = await activeOwnersQuery(db, businessId).forUpdate().execute();
  return rows.map((r) => r.id);
}

export function businessName(db: Database, businessId: number) {
  return db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirstOrThrow();
}

/** The business's active Owners' ids, in id order. */
export function activeOwnersQuery(db: Database, businessId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', businessId)
    .where('role', '=', 'Owner')
    .where('is_active', '=', true)
    .orderBy('id');
}
