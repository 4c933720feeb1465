// The current user (who-am-I), shared by the shell, the route guard and every feature that needs
// the role (spec.md section 6: "The role comes from the who-am-I call").
import type { Role, WhoAmI } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, refreshWentUnanswered } from './api-client.ts';
import { parseWhoAmI } from './auth-schema.ts';
import { rememberedUser, rememberUser } from './offline-session.ts';
import { useAccessToken } from './session.ts';

export const whoamiQueryKey = ['whoami'] as const;

export async function getWhoAmI(signal?: AbortSignal): Promise<WhoAmI> {
  // Checked by hand, not by zod's schema: the shell draws without zod (DESIGN.md section 23).
  return parseWhoAmI(await api.get<unknown>('auth/whoami/', { signal }));
}

export const whoamiQueryOptions = queryOptions({
  queryKey: whoamiQueryKey,
  queryFn: async ({ signal }) => {
    const user = await getWhoAmI(signal);
    rememberUser(user);
    return user;
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * The last user this device saw, while the page runs without a connection and without a session
 * (lib/offline-session.ts); null otherwise.
 */
export function offlineUser(token: string | null): WhoAmI | null {
  return token === null && refreshWentUnanswered() ? rememberedUser() : null;
}

/** The signed-in user; idle (no request) while there is no access token. */
export function useCurrentUser() {
  const token = useAccessToken();
  const offline = offlineUser(token);
  return useQuery({
    ...whoamiQueryOptions,
    enabled: token !== null,
    ...(offline ? { initialData: offline } : {}),
  });
}

/**
 * The user as the page already knows them, without asking: for what runs beside the pages (the
 * offline queue's runner), so that it never fetches who-am-I again behind the shell's own load
 * and its error state (spec.md section 2).
 */
export function useKnownUser(): WhoAmI | undefined {
  const token = useAccessToken();
  const offline = offlineUser(token);
  return useQuery({ ...whoamiQueryOptions, enabled: false, ...(offline ? { initialData: offline } : {}) })
    .data;
}

export function hasRole(user: WhoAmI | undefined, roles: readonly Role[]): boolean {
  return user !== undefined && roles.includes(user.role);
}
