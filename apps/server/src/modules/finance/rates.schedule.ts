import { DAY_MS, startOfBusinessDay } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Deps } from '../../lib/context.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { importCbuRatesUnlessImportedSince, importedSince } from './rates.service.ts';

// The daily Central Bank import (DESIGN.md section 9): every business with follow_cbu imports at
// 16:05 Asia/Tashkent, and at start when it has not imported that day. Each server process keeps
// its own timer; an import takes the business's row lock, so two processes import one after the
// other and the second finds the rates unchanged.

/** 16:05 in Tashkent (UTC+5 all year) is 11:05 UTC. */
const IMPORT_AT_MS = (16 * 60 + 5) * 60_000;

/** The next daily import after `now`. */
export function nextCbuImport(now: Date): Date {
  const today = startOfBusinessDay(now).getTime() + IMPORT_AT_MS;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * The businesses that follow the Central Bank; with `notImportedSince`, only those that have not
 * imported since then (importedSince, the one test of it).
 */
export async function followingBusinesses(db: Database, notImportedSince?: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('businesses')
    .select('id')
    .where('follow_cbu', '=', true)
    .orderBy('id')
    .execute();
  const ids = rows.map((r) => r.id);
  if (!notImportedSince) return ids;
  const due: number[] = [];
  for (const id of ids) if (!(await importedSince(db, id, notImportedSince))) due.push(id);
  return due;
}

type ScheduleDeps = Pick<Deps, 'db' | 'caches' | 'config' | 'clock' | 'log'>;

/**
 * Imports for each business due, in turn, unless another process has imported for it since
 * `since` (checked again under the business's lock); one failing (the feed down) does not stop
 * the others.
 */
export async function importDue(deps: ScheduleDeps, since: Date): Promise<void> {
  for (const businessId of await followingBusinesses(deps.db, since)) {
    try {
      const result = await importCbuRatesUnlessImportedSince(deps, { businessId, actorId: null }, since);
      if (result) {
        deps.log.info(
          { businessId, date: result.date, updated: result.updated.length },
          'CBU rates imported',
        );
      }
    } catch (err) {
      deps.log.warn({ businessId, err }, 'CBU rate import failed; rates unchanged, next try at the next run');
    }
  }
}

/**
 * Starts the schedule (at once for the day, then daily at the import time); the returned function
 * stops it and waits for an import under way. Each run imports for the businesses not imported
 * since the moment it was scheduled for.
 */
export function startCbuSchedule(deps: ScheduleDeps): () => Promise<void> {
  let since = startOfBusinessDay(deps.clock());
  return repeatEvery(
    () =>
      importDue(deps, since).catch((err) =>
        deps.log.warn({ err }, 'CBU schedule: could not list the businesses'),
      ),
    () => {
      const now = deps.clock();
      since = nextCbuImport(now);
      return since.getTime() - now.getTime();
    },
  );
}
