import type { LoginBody, LoginResponse } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api, tokenStore } from '../../../lib/api-client.ts';

/** POST auth/login/ -> tokens, or {otp_required, otp_token} when the account uses login codes. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { LoginResponseSchema } = await import('../auth-schemas.ts');
  return api.post('auth/login/', body, { auth: false, schema: LoginResponseSchema });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      // The refresh token arrives as an HttpOnly cookie; the one in the body is for API clients.
      if ('access' in data) tokenStore.set(data.access);
    },
  });
}
