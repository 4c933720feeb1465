import { TokenPairSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api, tokenStore } from '../../../lib/api-client.ts';

const ResetTokenSchema = z.object({ reset_token: z.string() });

/** Reset mode: {email, code} -> {reset_token} (spec.md section 2, Verify code). */
export function verifyResetCode(body: { email: string; code: string }) {
  return api.post('auth/verify-code/', body, { auth: false, schema: ResetTokenSchema });
}

/** Login mode (DESIGN.md section 5): {otp_token, code} -> {access, refresh}. */
export function verifyLoginCode(body: { otp_token: string; code: string }) {
  return api.post('auth/verify-code/', body, { auth: false, schema: TokenPairSchema });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}

export function useVerifyLoginCode() {
  return useMutation({
    mutationFn: verifyLoginCode,
    onSuccess: (data) => tokenStore.set(data.access),
  });
}
