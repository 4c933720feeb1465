// The current user (who-am-I), shared by the shell, the route guard and every feature that needs
// the role (spec.md section 6: "The role comes from the who-am-I call").
import type { Role, WhoAmI } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useAccessToken } from './session.ts';

export const whoamiQueryKey = ['whoami'] as const;

export async function getWhoAmI(signal?: AbortSignal): Promise<WhoAmI> {
  // Its schema (and zod) loads with the first call, not with the sign-in page (DESIGN.md section 23).
  const { WhoAmISchema } = await import('./auth-schema.ts');
  return api.get('auth/whoami/', { schema: WhoAmISchema, signal });
}

export const whoamiQueryOptions = queryOptions({
  queryKey: whoamiQueryKey,
  queryFn: ({ signal }) => getWhoAmI(signal),
  staleTime: 5 * 60_000,
  retry: false,
});

/** The signed-in user; idle (no request) while there is no access token. */
export function useCurrentUser() {
  const token = useAccessToken();
  return useQuery({ ...whoamiQueryOptions, enabled: token !== null });
}

export function hasRole(user: WhoAmI | undefined, roles: readonly Role[]): boolean {
  return user !== undefined && roles.includes(user.role);
}
