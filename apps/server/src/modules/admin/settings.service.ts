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
} as const;

/** PATCH api/admin/settings/ (DESIGN.md section 9): the fields given, audited as one change. */
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
