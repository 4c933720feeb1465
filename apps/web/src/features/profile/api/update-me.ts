import type { MeUpdate, WhoAmI } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whoamiQueryKey } from '../../../lib/auth.ts';

/** PATCH auth/me/: my preferences (DESIGN.md section 13, e-mail notifications); answers as whoami. */
export async function updateMe(body: MeUpdate): Promise<WhoAmI> {
  // The schema loads with the first call: the sign-in page's language switcher carries this
  // module, and zod stays out of that page's first load (DESIGN.md section 23).
  const { WhoAmISchema } = await import('../../../lib/auth-schema.ts');
  return api.patch('auth/me/', body, { schema: WhoAmISchema });
}

/** Saves and puts the answer in the who-am-I cache, so every reader of the user sees it at once. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => client.setQueryData(whoamiQueryKey, me),
  });
}
