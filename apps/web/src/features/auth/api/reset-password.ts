import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST auth/reset-password/ {token, new_password}; its answer is not read (spec.md section 7). */
export async function resetPassword(body: { token: string; new_password: string }): Promise<void> {
  await api.post('auth/reset-password/', body, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
