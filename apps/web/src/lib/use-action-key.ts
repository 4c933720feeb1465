import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from './api-client.ts';

/**
 * An Idempotency-Key per user action (DESIGN.md section 4): a fresh one for each new action, the
 * same one again when the action is tried again after it got no answer (offline, a timeout, a
 * 5xx), so the server does it once. `done` forgets it after an answer that settles it.
 */
export function useActionKey() {
  const pending = useRef<string | null>(null);
  const key = useCallback(() => {
    pending.current ??= newIdempotencyKey();
    return pending.current;
  }, []);
  const done = useCallback((err?: unknown) => {
    const unanswered = err !== undefined && (!(err instanceof ApiError) || err.status >= 500);
    if (!unanswered) pending.current = null;
  }, []);
  return { key, done };
}
