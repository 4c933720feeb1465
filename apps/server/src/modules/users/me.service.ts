import {
  canBuy,
  canProduce,
  canSell,
  isLanguage,
  keepsShifts,
  type MeUpdateSchema,
  msg,
  type Role,
  type WeightBarcodeMode,
  type WhoAmI,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findProfile, setEmailNotifications, setLanguage } from './users.repository.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { isBusinessUser } from './users.repository.ts';

// The signed-in user's own profile: GET api/auth/whoami/ and PATCH api/auth/me/ (their
// preferences: which notifications also come by e-mail, DESIGN.md section 13, and the interface
// language, section 14).

export async function whoAmI(db: Database, userId: number): Promise<WhoAmI> {
  const user = await findProfile(db, userId);
  if (!user) throw notFound();
  return {
    id: user.id,
    email: user.email,
    role: user.role as Role,
    profile: { first_name: user.first_name, last_name: user.last_name },
    email_notifications: user.email_notifications as WhoAmI['email_notifications'],
    language: isLanguage(user.language) ? user.language : null,
    can_sell: canSell(user.role, user.sale_roles),
    can_buy: canBuy(user.role, user.purchase_roles),
    can_produce: canProduce(user.role),
    keeps_shifts: keepsShifts(user.role, user.sale_roles),
    weight_barcodes: user.weight_barcodes as WeightBarcodeMode,
  };
}

export async function updateMe(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: z.output<typeof MeUpdateSchema>,
): Promise<WhoAmI> {
  const kinds = body.email_notifications;
  if (kinds !== undefined) {
    await inTransaction(deps.db, async (trx) => {
      await setEmailNotifications(trx, actor, kinds);
      await auditAs(trx, actor, {
        action: 'user.preferences',
        entity: 'user',
        entityId: actor.id,
        summary:
          kinds.length > 0
            ? msg('audit.users.email_notifications', { kinds: kinds.join(', ') })
            : msg('audit.users.email_notifications_none'),
      });
    });
  }
  // The language is a display preference, not a change to the books: no audit row.
  if (body.language !== undefined) await setLanguage(deps.db, actor, body.language);
  return whoAmI(deps.db, actor.id);
}
