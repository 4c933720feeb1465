import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';

/**
 * An Idempotency-Key per user action (DESIGN.md section 4), as the documents' forms keep theirs:
 * the same key again when the action is retried after no answer (offline, a timeout, a 5xx), so a
 * shift is opened or closed once; a fresh one after an answer that settles it.
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
