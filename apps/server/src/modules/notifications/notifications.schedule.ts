import type { Deps } from '../../lib/context.ts';
import { type DeliveryOptions, startNotificationDelivery } from './delivery.ts';
import { startOverdueSchedule } from './overdue.ts';

// The notifications' timed jobs, run by every server process that runs schedules (app.ts): the
// overdue-debt check (at start and daily) and the delivery by e-mail (at start and every few
// seconds).

/** Starts both jobs; the returned function stops them and waits for the runs under way. */
export function startNotificationJobs(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'mailer' | 'config'>,
  options: DeliveryOptions = {},
): () => Promise<void> {
  const stops = [startOverdueSchedule(deps), startNotificationDelivery(deps, options)];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
