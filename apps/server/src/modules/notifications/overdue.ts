import { businessDay, DAY_MS, startOfBusinessDay } from '@app/shared';
import type { Deps } from '../../lib/context.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import * as repo from './notifications.repository.ts';

// DEBT_OVERDUE (DESIGN.md sections 12 and 13): checked at start and daily. A debt becomes overdue
// when its due date is behind the business's day, so the daily check runs just after midnight in
// Tashkent. Every server process runs it; each debt is told to its department once however many
// checks run (the partial unique index of migration 0018).

type CheckDeps = Pick<Deps, 'db' | 'clock'>;

/** Just after midnight, so the check never sees the day before's date. */
const CHECK_AFTER_MIDNIGHT_MS = 60_000;

/** Notifies the department of every overdue debt not yet told; returns how many were written. */
export function checkOverdueDebts(deps: CheckDeps): Promise<number> {
  return repo.notifyOverdueDebts(deps.db, businessDay(deps.clock()));
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
