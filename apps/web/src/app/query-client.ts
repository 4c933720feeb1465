import { QueryClient } from '@tanstack/react-query';
import { ApiError, tokenStore } from '../lib/api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a network blip or a 5xx may.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

// A session boundary (sign-in or sign-out) drops every cached answer, so one user's data never
// shows to the next person at the same browser. Token rotation inside a session keeps the cache.
let signedIn = tokenStore.get() !== null;
tokenStore.subscribe(() => {
  const now = tokenStore.get() !== null;
  if (now !== signedIn) queryClient.clear();
  signedIn = now;
});
