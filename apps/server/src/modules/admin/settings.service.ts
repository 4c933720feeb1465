import { type BusinessSettings, type BusinessSettingsPatchSchema, type Message, msg } from '@app/shared';
import type { z } from 'zod';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { businessSettings, SETTINGS_COLUMNS } from './business.repository.ts';

type SettingsPatch = z.output<typeof BusinessSettingsPatchSchema>;

/** The History line's changes, each a message of its own (rendered joined by '; '). */
const CHANGE_TEXTS = {
  name: (from: string, to: string) => msg('audit.admin.name', { from, to }),
  cbuOn: msg('audit.admin.central_bank_rates_turned_on'),
  cbuOff: msg('audit.admin.central_bank_rates_turned_off'),
  lowStockOn: msg('audit.admin.low_stock_email_turned_on'),
  lowStockOff: msg('audit.admin.low_stock_email_turned_off'),
  weightBarcodes: (mode: string) => msg('audit.admin.weight_barcodes', { mode }),
  saleRoles: (roles: readonly string[]) => msg('audit.admin.sale_roles', { roles: roleList(roles) }),
  purchaseRoles: (roles: readonly string[]) => msg('audit.admin.purchase_roles', { roles: roleList(roles) }),
  salesNeedShiftOn: msg('audit.admin.sales_need_shift_on'),
  salesNeedShiftOff: msg('audit.admin.sales_need_shift_off'),
} as const;

/** The roles as their codes (as the role changes of users are written), or "none". */
const roleList = (roles: readonly string[]) =>
  roles.length > 0 ? roles.join(', ') : msg('audit.admin.no_roles');

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/** PATCH api/admin/settings/ (DESIGN.md sections 9 and 19): the fields given, audited as one change. */
export async function updateSettings(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  patch: SettingsPatch,
): Promise<BusinessSettings> {
  return inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('businesses')
      .select(SETTINGS_COLUMNS)
      .where('id', '=', actor.businessId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes: Message[] = [];
    if (patch.name !== undefined && patch.name !== before.name)
      changes.push(CHANGE_TEXTS.name(before.name, patch.name));
    if (patch.follow_cbu !== undefined && patch.follow_cbu !== before.follow_cbu)
      changes.push(patch.follow_cbu ? CHANGE_TEXTS.cbuOn : CHANGE_TEXTS.cbuOff);
    if (patch.low_stock_email !== undefined && patch.low_stock_email !== before.low_stock_email)
      changes.push(patch.low_stock_email ? CHANGE_TEXTS.lowStockOn : CHANGE_TEXTS.lowStockOff);
    if (patch.weight_barcodes !== undefined && patch.weight_barcodes !== before.weight_barcodes)
      changes.push(CHANGE_TEXTS.weightBarcodes(patch.weight_barcodes));
    // DESIGN.md section 19: who sells and buys besides the Bozorchi and the Ta'minotchi.
    if (patch.sale_roles !== undefined && !sameRoles(patch.sale_roles, before.sale_roles))
      changes.push(CHANGE_TEXTS.saleRoles(patch.sale_roles));
    if (patch.purchase_roles !== undefined && !sameRoles(patch.purchase_roles, before.purchase_roles))
      changes.push(CHANGE_TEXTS.purchaseRoles(patch.purchase_roles));
    // DESIGN.md section 22: a sale only inside an open cash shift.
    if (patch.sales_need_shift !== undefined && patch.sales_need_shift !== before.sales_need_shift)
      changes.push(patch.sales_need_shift ? CHANGE_TEXTS.salesNeedShiftOn : CHANGE_TEXTS.salesNeedShiftOff);
    if (changes.length === 0) return before;
    await trx.updateTable('businesses').set(patch).where('id', '=', actor.businessId).execute();
    await auditAs(trx, actor, {
      action: 'settings.update',
      entity: 'business',
      entityId: actor.businessId,
      summary: msg('audit.admin.settings_changed', { changes }),
    });
    return businessSettings(trx, actor.businessId);
  });
}
