import type { Database } from '../../db/connection.ts';

export function businessSettings(db: Database, businessId: number) {
  return db
    .selectFrom('businesses')
    .select(['name', 'follow_cbu', 'low_stock_email'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
}
