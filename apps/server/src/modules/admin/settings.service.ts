import type { BusinessSettings, BusinessSettingsPatchSchema } from '@app/shared';
import type { z } from 'zod';
import type { Actor, Deps } from '../../lib/context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { businessSettings } from './business.repository.ts';

type SettingsPatch = z.output<typeof BusinessSettingsPatchSchema>;

const onOff = (on: boolean) => (on ? 'yoqildi' : "o'chirildi");

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
      changes.push(`nomi: ${before.name} -> ${patch.name}`);
    if (patch.follow_cbu !== undefined && patch.follow_cbu !== before.follow_cbu)
      changes.push(`Markaziy bank kurslari ${onOff(patch.follow_cbu)}`);
    if (patch.low_stock_email !== undefined && patch.low_stock_email !== before.low_stock_email)
      changes.push(`kam qoldiq xati ${onOff(patch.low_stock_email)}`);
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
