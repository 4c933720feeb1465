import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { useKnownUser } from '../../../lib/auth.ts';
import { documentKeys, MOVED_BY_POSTING } from '../api/keys.ts';
import { onQueueChanged, queueChanged } from './queue-events.ts';
import { useOnline } from './use-online.ts';

/** While sales wait and the server does not answer (a 5xx), it is asked again this often. */
const RETRY_MS = 30_000;

/**
 * Sends the signed-in user's offline sales (DESIGN.md section 23, docs/offline.md): at the app's
 * start, when the connection returns (the `online` event; no Background Sync, which Safari
 * lacks), when a sale is queued while online, and every 30 s while some wait. Mounted once for
 * the whole app (app/pwa/AfterLoad.tsx), so the queue empties whatever page is open.
 */
export function QueueRunner() {
  // The texts of the language in force when a sale is given back, without restarting the runner.
  const translate = useT();
  const t = useRef(translate);
  t.current = translate;
  const client = useQueryClient();
  const user = useKnownUser()?.id;
  const online = useOnline();
  useEffect(() => {
    if (user === undefined || !online) return;
    let running = false;
    let again = false;
    let stopped = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const [{ store }, { apiSender }] = await Promise.all([
            import('./store.ts'),
            import('./offline-api.ts'),
          ]);
          if (stopped || (await store.waiting(user)).length === 0) break;
          const sender = apiSender(
            (reason) => t.current('documents.offline.refusedNote', { reason }),
            t.current('documents.offline.refusedUnknown'),
          );
          const done = await store.flush(user, sender);
          if (done.posted + done.returned > 0) {
            queueChanged();
            for (const queryKey of [documentKeys.all, ...MOVED_BY_POSTING])
              void client.invalidateQueries({ queryKey });
          }
        } while (again && !stopped);
      } catch {
        // IndexedDB unavailable (a private window's quota): nothing was queued there either.
      } finally {
        running = false;
      }
    };
    void run();
    const off = onQueueChanged(() => {
      if (navigator.onLine) void run();
    });
    const timer = window.setInterval(() => void run(), RETRY_MS);
    return () => {
      stopped = true;
      off();
      window.clearInterval(timer);
    };
  }, [user, online, client]);
  return null;
}
