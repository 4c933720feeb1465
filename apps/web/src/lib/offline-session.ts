import type { WhoAmI } from '@app/shared';
import { parseWhoAmI } from './auth-schema.ts';
import { readStorage, writeStorage } from './storage.ts';

// The page opened without a connection (DESIGN.md section 23, docs/offline.md): the session's
// refresh gets no answer, so the last signed-in user, remembered on this device, keeps the pages
// that work offline (the counter) open until the connection returns and the session is renewed.
// It opens nothing on the server: the refresh cookie stays the only credential, and the user is
// forgotten when the session ends (sign-out, a refused refresh).

const KEY = 'offline-user';

/**
 * The remembered user as last read and checked (loadRememberedUser), or as last remembered;
 * undefined until either. Kept in memory so the guards can ask synchronously.
 */
let remembered: WhoAmI | null | undefined;

export function rememberUser(user: WhoAmI): void {
  remembered = user;
  writeStorage(KEY, JSON.stringify(user));
}

/**
 * Reads the remembered user from this device and checks it as who-am-I's answer is checked. The
 * session's load-time refresh calls it when the refresh got no answer (lib/session.ts), before any
 * guard asks.
 */
export function loadRememberedUser(): void {
  const text = readStorage(KEY);
  if (!text) {
    remembered = null;
    return;
  }
  try {
    remembered = parseWhoAmI(JSON.parse(text));
  } catch {
    remembered = null;
  }
}

export function rememberedUser(): WhoAmI | null {
  return remembered ?? null;
}

export function forgetUser(): void {
  remembered = null;
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was remembered either.
  }
}
