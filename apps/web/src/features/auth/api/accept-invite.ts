import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST auth/accept-invite/ {token, new_password} (DESIGN.md section 9): signs nothing in. */
export async function acceptInvite(body: { token: string; new_password: string }): Promise<void> {
  await api.post('auth/accept-invite/', body, { auth: false });
}

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
