import type { MeUpdate, WhoAmI } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whoamiQueryKey } from '../../../lib/auth.ts';
import { parseWhoAmI } from '../../../lib/auth-schema.ts';

/** PATCH auth/me/: my preferences (DESIGN.md section 13, e-mail notifications); answers as whoami. */
export async function updateMe(body: MeUpdate): Promise<WhoAmI> {
  return parseWhoAmI(await api.patch<unknown>('auth/me/', body));
}

/** Saves and puts the answer in the who-am-I cache, so every reader of the user sees it at once. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => client.setQueryData(whoamiQueryKey, me),
  });
}
