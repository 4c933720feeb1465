import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is `const` and cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1 (DESIGN.md section 5).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The hash verified against when the e-mail is unknown (DESIGN.md section 5: a login costs one
 * hash either way); one per app (lib/caches.ts), made when the auth routes are registered so that
 * no sign-in pays for making it.
 */
export interface DummyHash {
  hash?: Promise<string>;
}

export function prepareDummyHash(dummy: DummyHash): Promise<string> {
  dummy.hash ??= hashPassword('not-a-real-password-for-timing');
  return dummy.hash;
}

/** Spends one verification, so a login costs one hash whether or not the e-mail is known. */
export async function spendOneHash(dummy: DummyHash, password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(dummy), password);
}
