import type { Database } from '../../db/connection.ts';

/** The columns api/admin/settings/ shows and changes (DESIGN.md sections 9, 18, 19 and 22). */
export const SETTINGS_COLUMNS = [
  'name',
  'follow_cbu',
  'low_stock_email',
  'weight_barcodes',
  'sale_roles',
  'purchase_roles',
  'sales_need_shift',
] as const;

export function businessSettings(db: Database, businessId: number) {
  return db
    .selectFrom('businesses')
    .select(SETTINGS_COLUMNS)
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
}
