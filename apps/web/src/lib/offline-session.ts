import { type WhoAmI, WhoAmISchema } from '@app/shared';
import { readStorage, writeStorage } from './storage.ts';

// The page opened without a connection (DESIGN.md section 23, docs/offline.md): the session's
// refresh gets no answer, so the last signed-in user, remembered on this device, keeps the pages
// that work offline (the counter) open until the connection returns and the session is renewed.
// It opens nothing on the server: the refresh cookie stays the only credential, and the user is
// forgotten when the session ends (sign-out, a refused refresh).

const KEY = 'offline-user';

export function rememberUser(user: WhoAmI): void {
  writeStorage(KEY, JSON.stringify(user));
}

export function rememberedUser(): WhoAmI | null {
  const text = readStorage(KEY);
  if (!text) return null;
  try {
    const parsed = WhoAmISchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetUser(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was remembered either.
  }
}
