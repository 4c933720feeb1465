import type { DummyHash } from './auth/passwords.ts';
import type { VerifiedTokens } from './auth/tokens.ts';

/** A store one module keeps between requests: it names it and says how to make an empty one. */
export interface CacheKey<T> {
  readonly name: string;
  readonly create: () => T;
}

export function cacheKey<T>(name: string, create: () => T): CacheKey<T> {
  return { name, create };
}

/**
 * What one server process keeps between requests, made by buildApp and handed to the services in
 * their dependencies: two apps (tests, workers) never share it, and nothing lives in module scope.
 * Each is a copy the database can refresh: the database stays the truth (DESIGN.md section 1).
 * lib/ keeps its own stores as fields; a module's store is made on first use from the module's
 * CacheKey (`of`), so lib/ never names a module's types (DESIGN.md section 15).
 */
export class Caches {
  /** Access tokens that verified, until they expire (lib/auth/tokens.ts). */
  readonly verifiedTokens: VerifiedTokens = new Map();
  /** The hash an unknown e-mail's login verifies against (lib/auth/passwords.ts). */
  readonly dummyHash: DummyHash = {};
  private readonly stores = new Map<CacheKey<unknown>, unknown>();

  /** This app's store for `key`: the finance rates, the departments' stock rows. */
  of<T>(key: CacheKey<T>): T {
    if (!this.stores.has(key)) this.stores.set(key, key.create());
    return this.stores.get(key) as T;
  }
}

export function createCaches(): Caches {
  return new Caches();
}
