import type { BusinessSettings, BusinessSettingsPatchSchema } from '@app/shared';
import type { z } from 'zod';
import { writeAudit } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { businessSettings } from './business.repository.ts';

type SettingsPatch = z.output<typeof BusinessSettingsPatchSchema>;

/** The History line's changes, joined by '; ' (each one a text of its own for the translations). */
const CHANGE_TEXTS = {
  name: (from: string, to: string) => `nomi: ${from} -> ${to}`,
  cbuOn: 'Markaziy bank kurslari yoqildi',
  cbuOff: "Markaziy bank kurslari o'chirildi",
  lowStockOn: 'kam qoldiq xati yoqildi',
  lowStockOff: "kam qoldiq xati o'chirildi",
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
      .select(['name', 'follow_cbu', 'low_stock_email'])
      .where('id', '=', actor.businessId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes: string[] = [];
    if (patch.name !== undefined && patch.name !== before.name)
      changes.push(CHANGE_TEXTS.name(before.name, patch.name));
    if (patch.follow_cbu !== undefined && patch.follow_cbu !== before.follow_cbu)
      changes.push(patch.follow_cbu ? CHANGE_TEXTS.cbuOn : CHANGE_TEXTS.cbuOff);
    if (patch.low_stock_email !== undefined && patch.low_stock_email !== before.low_stock_email)
      changes.push(patch.low_stock_email ? CHANGE_TEXTS.lowStockOn : CHANGE_TEXTS.lowStockOff);
    if (changes.length === 0) return before;
    await trx.updateTable('businesses').set(patch).where('id', '=', actor.businessId).execute();
    await writeAudit(trx, {
      businessId: actor.businessId,
      actorId: actor.id,
      action: 'settings.update',
      entity: 'business',
      entityId: actor.businessId,
      summary: `Sozlamalar o'zgardi: ${changes.join('; ')}`,
      ip: actor.ip,
    });
    return businessSettings(trx, actor.businessId);
  });
}
