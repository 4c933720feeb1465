import type { Database } from '../../db/connection.ts';
import { rowExists } from '../../db/row-queries.ts';

/** A user's profile, with the roles their business lets sell and buy (DESIGN.md section 19). */
export function findProfile(db: Database, id: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('businesses as b', 'b.id', 'u.business_id')
    .select([
      'u.id',
      'u.email',
      'u.role',
      'u.first_name',
      'u.last_name',
      'u.email_notifications',
      'u.language',
      'b.sale_roles',
      'b.purchase_roles',
      'b.weight_barcodes',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** The notification kinds the user also wants by e-mail (DESIGN.md section 13). */
export async function setEmailNotifications(
  db: Database,
  user: { businessId: number; id: number },
  kinds: string[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_notifications: kinds })
    .where('business_id', '=', user.businessId)
    .where('id', '=', user.id)
    .execute();
}

/** The interface language the user chose (DESIGN.md section 14). */
export async function setLanguage(
  db: Database,
  user: { businessId: number; id: number },
  language: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ language })
    .where('business_id', '=', user.businessId)
    .where('id', '=', user.id)
    .execute();
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
export function isBusinessUser(db: Database, businessId: number, userId: number): Promise<boolean> {
  return rowExists(db, 'users', (eb) => eb.and({ id: userId, business_id: businessId, is_active: true }));
}
