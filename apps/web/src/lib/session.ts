// The signed-in session as React sees it: the in-memory access token, the one refresh on load, and
// the 240 s refresh timer (spec.md section 4, DESIGN.md section 5).
import { ACCESS_REFRESH_INTERVAL_MS } from '@app/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { refreshAccessToken, refreshWentUnanswered, tokenStore } from './api-client.ts';
import { loadRememberedUser } from './offline-session.ts';

export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
}

let bootstrap: Promise<void> | null = null;

/**
 * On app load the access token is unknown (it lives in memory only): ask for one with the refresh
 * cookie, once, before any guard decides. Memoised so StrictMode's double effects refresh once.
 */
export function bootstrapSession(): Promise<void> {
  // Unanswered (offline): the device's last user, read before the guards decide (DESIGN.md 23).
  bootstrap ??= refreshAccessToken().then(() => {
    if (refreshWentUnanswered()) loadRememberedUser();
  });
  return bootstrap;
}

/** false until the load-time refresh has answered. */
export function useSessionBootstrap(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void bootstrapSession().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}

/**
 * While signed in, refresh the access token every 240 s (spec.md section 4). An interval keyed on
 * "signed in" rather than on the token itself: a refresh may hand back an identical token (same
 * claims within the same second), and the timer must not depend on it changing.
 */
export function useTokenRefreshTimer(): void {
  const signedIn = useAccessToken() !== null;
  useEffect(() => {
    if (!signedIn) return;
    const id = window.setInterval(() => {
      void refreshAccessToken();
    }, ACCESS_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [signedIn]);
}
