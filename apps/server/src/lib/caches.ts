import type { CurrencyCache } from '../modules/finance/money-apply.ts';
import type { StockHoldings } from '../modules/inventory/inventory.service.ts';
import type { DummyHash } from './auth/passwords.ts';
import type { VerifiedTokens } from './auth/tokens.ts';

/**
 * What one server process keeps between requests, made by buildApp and handed to the services in
 * their dependencies: two apps (tests, workers) never share it, and nothing lives in module scope.
 * Each is a copy the database can refresh: the database stays the truth (DESIGN.md section 1).
 */
export interface Caches {
  /** Access tokens that verified, until they expire (lib/auth/tokens.ts). */
  verifiedTokens: VerifiedTokens;
  /** Each business's currencies and rates money_apply is given (modules/finance/money-apply.ts). */
  currencies: CurrencyCache;
  /** Each recently asked department's my-balance rows (modules/inventory/inventory.service.ts). */
  stockHoldings: StockHoldings;
  /** The hash an unknown e-mail's login verifies against (lib/auth/passwords.ts). */
  dummyHash: DummyHash;
}

export function createCaches(): Caches {
  return { verifiedTokens: new Map(), currencies: new Map(), stockHoldings: new Map(), dummyHash: {} };
}
