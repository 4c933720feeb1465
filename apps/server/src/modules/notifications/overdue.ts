import { businessDay, DAY_MS, money, msg, startOfBusinessDay } from '@app/shared';
import type { Deps } from '../../lib/context.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import * as repo from './notifications.repository.ts';
import { notify } from './notify.ts';

// DEBT_OVERDUE (DESIGN.md sections 12 and 13): checked at start and daily. A debt becomes overdue
// when its due date is behind the business's day, so the daily check runs just after midnight in
// Tashkent. Every server process runs it; each debt is told to its department once however many
// checks run (the partial unique index of migration 0018).

type CheckDeps = Pick<Deps, 'db' | 'clock'>;

/** Just after midnight, so the check never sees the day before's date. */
const CHECK_AFTER_MIDNIGHT_MS = 60_000;

/** Notifies the department of every overdue debt not yet told; returns how many were written. */
export async function checkOverdueDebts(deps: CheckDeps): Promise<number> {
  const debts = await repo.overdueDebts(deps.db, businessDay(deps.clock()));
  // notify skips a debt already told (two checks racing: the partial unique index of 0018).
  const written = await notify(
    deps.db,
    debts.map((d) => ({
      businessId: d.business_id,
      userId: d.department_id,
      kind: 'DEBT_OVERDUE' as const,
      title: msg('notice.debt_overdue', { name: d.counterparty }),
      body: msg('notice.debt_overdue_body', {
        id: d.id,
        direction: msg(d.direction === 'RECEIVABLE' ? 'notice.debt_receivable' : 'notice.debt_payable'),
        left: money(d.left, d.currency),
        due: d.due_date,
      }),
      entity: { type: 'debt' as const, id: d.id },
    })),
  );
  return written.length;
}

/** The next daily check after `now`. */
export function nextOverdueCheck(now: Date): Date {
  const today = startOfBusinessDay(now).getTime() + CHECK_AFTER_MIDNIGHT_MS;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * Starts the check (at once, then daily); the returned function stops it and waits for a check
 * under way, so the database is not closed under it.
 */
export function startOverdueSchedule(deps: CheckDeps & Pick<Deps, 'log'>): () => Promise<void> {
  return repeatEvery(
    () =>
      checkOverdueDebts(deps).then(
        (written) => {
          if (written > 0) deps.log.info({ written }, 'overdue debts notified');
        },
        (err: unknown) => deps.log.warn({ err }, 'overdue debts check failed; next try at the next run'),
      ),
    () => {
      const now = deps.clock();
      return nextOverdueCheck(now).getTime() - now.getTime();
    },
  );
}
