import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST auth/forgot-password/ sends a reset code; also used to resend it (spec.md section 7). The
 * answer is the same for known and unknown e-mails (DESIGN.md section 5), so nothing in it is read.
 */
export async function requestPasswordCode(email: string): Promise<void> {
  await api.post('auth/forgot-password/', { email }, { auth: false });
}

export function useRequestPasswordCode() {
  return useMutation({ mutationFn: requestPasswordCode });
}
