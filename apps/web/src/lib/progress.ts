import type { ImportProgress } from '@app/shared';
import { useEffect, useState } from 'react';

// A long job's progress as the live events tell it (DESIGN.md section 17: an import's rows read
// and posted): the app's event stream hands each one here, and the page that gave the token
// follows it.

type Listener = (event: ImportProgress) => void;
const listeners = new Set<Listener>();

/** Hands a progress event to the pages following it. */
export function tellProgress(event: ImportProgress): void {
  for (const listener of listeners) listener(event);
}

/** The latest progress of the job with this token (null until the first event, or without one). */
export function useProgress(token: string | null): ImportProgress | null {
  const [latest, setLatest] = useState<ImportProgress | null>(null);
  useEffect(() => {
    setLatest(null);
    if (!token) return;
    const listener: Listener = (event) => {
      if (event.progress === token) setLatest(event);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [token]);
  return latest;
}
