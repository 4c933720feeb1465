import { BUSINESS_TIME_ZONE } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Deps } from '../../lib/context.ts';
import { importCbuRates } from './rates.service.ts';

// The daily Central Bank import (DESIGN.md section 9): every business with follow_cbu imports at
// 16:05 Asia/Tashkent, and at start when it has not imported that day. Each server process keeps
// its own timer; an import takes the business's row lock, so two processes import one after the
// other and the second finds the rates unchanged.

/** Tashkent is UTC+5 all year (no daylight saving): 16:05 there is 11:05 UTC. */
const IMPORT_AT_UTC = { hour: 11, minute: 5 };

/** The next daily import after `now`. */
export function nextCbuImport(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    IMPORT_AT_UTC.hour,
    IMPORT_AT_UTC.minute,
  );
  return new Date(today > now.getTime() ? today : today + 24 * 3_600_000);
}

/**
 * The businesses that follow the Central Bank; with `notImportedOn`, only those without an
 * import (its audit row) on that day in Tashkent.
 */
export async function followingBusinesses(db: Database, notImportedOn?: Date): Promise<number[]> {
  let query = db.selectFrom('businesses as b').select('b.id').where('b.follow_cbu', '=', true);
  if (notImportedOn) {
    const day = sql<string>`(${notImportedOn.toISOString()}::timestamptz AT TIME ZONE ${BUSINESS_TIME_ZONE})::date`;
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_log as a')
            .select('a.id')
            .whereRef('a.business_id', '=', 'b.id')
            .where('a.action', '=', 'currency.import-cbu')
            .where(sql<boolean>`(a.created_at AT TIME ZONE ${BUSINESS_TIME_ZONE})::date = ${day}`),
        ),
      ),
    );
  }
  const rows = await query.orderBy('b.id').execute();
  return rows.map((r) => r.id);
}

type ScheduleDeps = Pick<Deps, 'db' | 'caches' | 'config' | 'clock' | 'log'>;

/** Imports for each business in turn; one failing (the feed down) does not stop the others. */
export async function importFor(deps: ScheduleDeps, businessIds: readonly number[]): Promise<void> {
  for (const businessId of businessIds) {
    try {
      const result = await importCbuRates(deps, { businessId, actorId: null });
      deps.log.info({ businessId, date: result.date, updated: result.updated.length }, 'CBU rates imported');
    } catch (err) {
      deps.log.warn({ businessId, err }, 'CBU rate import failed; rates unchanged, next try at the next run');
    }
  }
}

/** Starts the schedule; the returned function stops it. */
export function startCbuSchedule(deps: ScheduleDeps): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const now = deps.clock();
    timer = setTimeout(async () => {
      await followingBusinesses(deps.db)
        .then((ids) => importFor(deps, ids))
        .catch((err) => deps.log.warn({ err }, 'CBU schedule: could not list the businesses'));
      arm();
    }, nextCbuImport(now).getTime() - now.getTime());
    timer.unref();
  };
  followingBusinesses(deps.db, deps.clock())
    .then((ids) => importFor(deps, ids))
    .catch((err) => deps.log.warn({ err }, 'CBU schedule: could not list the businesses'))
    .finally(arm);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
