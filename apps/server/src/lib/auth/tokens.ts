import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@app/shared';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 5 * 60;

export interface AccessIdentity {
  id: number;
  businessId: number;
  role: string;
}

/** Verified access tokens remembered; past this many, the map starts again empty. */
const MAX_REMEMBERED = 20_000;

/** Verified access tokens and what they carry, until they expire (one map per app: lib/caches.ts). */
export type VerifiedTokens = Map<string, { identity: AccessIdentity; exp: number }>;

export function createTokenSigner(secret: string, verified: VerifiedTokens) {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports the key again on every sign and verify.
  const cryptoKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async signAccess(user: { id: number; business_id: number; role: string }, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ bid: user.business_id, role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TTL_SECONDS)
        .sign(await cryptoKey);
    },
    /**
     * The token's user, business and role, or null for any bad, expired or foreign token. `alg` is
     * pinned. A client sends the same token for its 5 minutes, so a token that verified is
     * remembered until it expires, sparing a signature check (WebCrypto, off the main thread) on
     * nearly every request. Only verified tokens are kept, at most MAX_REMEMBERED.
     */
    async verifyAccess(token: string): Promise<AccessIdentity | null> {
      const now = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      if (known) {
        if (known.exp > now) return known.identity;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        const businessId = payload.bid;
        const role = payload.role;
        if (
          !Number.isSafeInteger(id) ||
          id <= 0 ||
          typeof businessId !== 'number' ||
          typeof role !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        const identity = { id, businessId, role };
        if (verified.size >= MAX_REMEMBERED) verified.clear();
        verified.set(token, { identity, exp: payload.exp });
        return identity;
      } catch {
        return null;
      }
    },
    /** Keyed hash for short secrets (codes): without the key, a leaked table cannot be brute-forced. */
    hmac(value: string): string {
      return createHmac('sha256', key).update(value).digest('base64url');
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** An opaque token of 256 bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Long random tokens need no key: SHA-256 is enough to keep the stored form useless. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** A uniformly random code of OTP_LENGTH digits. */
export function randomCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}
