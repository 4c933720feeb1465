import { api, tokenStore } from '../../../lib/api-client.ts';

/**
 * POST auth/logout/ revokes the refresh cookie; the access token is dropped whatever the answer,
 * since a failed revoke must not keep the person signed in on this screen.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('auth/logout/', {}, { auth: false });
  } catch {
    // Offline or already signed out: nothing more to revoke from here.
  } finally {
    tokenStore.clear();
  }
}
