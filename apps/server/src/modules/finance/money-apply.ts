import { msg, type OfferStatus, type OfferTransition } from '@app/shared';
import { sql } from 'kysely';
import type { AuditEntry } from '../../lib/audit.ts';
import { cacheKey } from '../../lib/caches.ts';
import type { Deps } from '../../lib/context.ts';
import { AppError, pgCodeOf } from '../../lib/errors.ts';
import { type IdempotencyScope, KEY_TTL_HOURS, keyReusedError } from '../../lib/idempotency.ts';
import { toStored } from '../../lib/texts.ts';
import { isRetryable, pauseBeforeRetry } from '../../lib/transaction.ts';
import { listCurrencies } from './finance.repository.ts';
import { type LedgerEntry, ledgerRow, moneyErrorDetail, type PostedEntry, shortfallError } from './ledger.ts';

// The API's busiest money operations (exchange, money offer approval) each run in one round
// trip: money_apply (db/functions/70_money_apply.sql) replays an Idempotency-Key's answer, checks the rates
// and the offer's state under its lock, posts the ledger rows, writes the audit row and stores
// the answer with the key. (The cashier's external transaction runs as a TypeScript
// transaction: runIdempotent and postMoney.) The rules and texts stay here in TypeScript and the
// function applies them, but for one: an approved money offer's lines move from sender to
// receiver at the rates in force, which the function reads under the offer's lock (reading them
// first cost a round trip).

export type Currency = Awaited<ReturnType<typeof listCurrencies>>[number];

/** One money operation, as money_apply takes it. */
export interface MoneyOperation {
  idempotency: IdempotencyScope | null;
  /** The currencies whose rates (the business's, in force) the amounts were computed with. */
  rates: readonly Currency[];
  /**
   * An offer decision and its row of the state table (OFFER_TRANSITIONS in packages/shared),
   * which money_apply checks under the offer's lock. With `post`, a money offer's lines are
   * posted (then `entries` is empty, and the audit summary's {from} and {to} become the parties'
   * e-mails). The caller posts only a money offer's lines: it chooses by the offer's kind.
   */
  offer?: {
    id: number;
    businessId: number;
    actorId: number;
    who: OfferTransition['who'];
    from: OfferTransition['from'];
    to: OfferStatus;
    post?: 'money_lines';
  };
  entries: readonly LedgerEntry[];
  audit: AuditEntry;
  /** Kept with the posted rows as the operation's answer (and replayed with them). */
  result?: Record<string, unknown>;
}

/** A posted ledger row as money_apply answers it: created_at is ISO 8601, UTC, milliseconds. */
export type AppliedEntry = Omit<PostedEntry, 'created_at'> & { created_at: string };

/** The offer was missing (404), the actor the wrong party (403), or its state wrong (409). */
export class OfferRuleViolation extends Error {
  constructor(
    readonly kind: 'not_found' | 'actor' | 'state',
    readonly status?: string,
  ) {
    super(`offer rule: ${kind}`);
  }
}

/**
 * Each business's currencies and their rates in force, one copy per app (lib/caches.ts):
 * money_apply refuses an operation computed with a rate no longer in force (BO001, for example
 * set by another server process), and they are read again.
 */
type CurrencyCache = Map<number, Promise<Map<number, Currency>>>;
const currencyCache = cacheKey<CurrencyCache>('currencies', () => new Map());

function currenciesInForce(
  deps: MoneyDeps,
  businessId: number,
  fresh = false,
): Promise<Map<number, Currency>> {
  const cache = deps.caches.of(currencyCache);
  let cached = cache.get(businessId);
  if (!cached || fresh) {
    const loading = listCurrencies(deps.db, businessId).then((rows) => new Map(rows.map((c) => [c.id, c])));
    loading.catch(() => {
      if (cache.get(businessId) === loading) cache.delete(businessId);
    });
    cache.set(businessId, loading);
    cached = loading;
  }
  return cached;
}

/** This process's copy of a business's rates is stale (a rate was just set here). */
export function forgetRates(deps: Pick<Deps, 'caches'>, businessId: number): void {
  deps.caches.of(currencyCache).delete(businessId);
}

type MoneyDeps = Pick<Deps, 'db' | 'caches' | 'moneyBatcher'>;

const ATTEMPTS = 5;

/**
 * Builds the operation from the business's currencies in force and runs it. A rate changed
 * meanwhile, a deadlock or a serialization failure runs it again (nothing of a failed attempt is
 * kept).
 */
export async function applyMoney<R extends object>(
  deps: MoneyDeps,
  businessId: number,
  build: (currencies: Map<number, Currency>) => MoneyOperation,
): Promise<R & { entries: AppliedEntry[] }> {
  const { db } = deps;
  for (let attempt = 1; ; attempt++) {
    const op = build(await currenciesInForce(deps, businessId, attempt > 1));
    try {
      const json = toJson(op, businessId);
      // With group commit on, the operation rides in the next batch (db/money-batch.ts).
      const answer = deps.moneyBatcher
        ? await deps.moneyBatcher.apply<R & { entries: AppliedEntry[] }>(json)
        : (
            await sql<{ answer: R & { entries: AppliedEntry[] } }>`
              SELECT money_apply(${JSON.stringify(json)}::jsonb) AS answer`.execute(db)
          ).rows[0]?.answer;
      if (!answer) throw new Error('money_apply returned no answer');
      return answer;
    } catch (err) {
      const code = pgCodeOf(err);
      if (attempt < ATTEMPTS && (code === 'BO001' || isRetryable(err))) {
        if (code !== 'BO001') await pauseBeforeRetry(attempt);
        continue;
      }
      throw translate(err);
    }
  }
}

/** An audit summary as money_audit takes it: the Uzbek text and the message (DESIGN.md section 15). */
function summaryOf(summary: AuditEntry['summary']) {
  const stored = toStored(summary);
  return { summary: stored.text, summary_message: stored.message };
}

function toJson(op: MoneyOperation, businessId: number) {
  const audit = op.audit;
  return {
    idempotency: op.idempotency && {
      business_id: op.idempotency.businessId,
      user_id: op.idempotency.userId,
      key: op.idempotency.key,
      request_hash: op.idempotency.requestHash,
      ttl_hours: KEY_TTL_HOURS,
      now: op.idempotency.now.toISOString(),
    },
    business_id: businessId,
    rates: op.rates.map((c) => ({ currency_id: c.id, rate_to_uzs: c.rate_to_uzs })),
    offer: op.offer && {
      id: op.offer.id,
      business_id: op.offer.businessId,
      actor_id: op.offer.actorId,
      who: op.offer.who,
      from: op.offer.from,
      to: op.offer.to,
      post: op.offer.post ?? null,
    },
    entries: op.entries.map(ledgerRow),
    audit: {
      business_id: audit.businessId,
      actor_id: audit.actorId,
      action: audit.action,
      entity: audit.entity,
      entity_id: audit.entityId === undefined || audit.entityId === null ? null : String(audit.entityId),
      ...summaryOf(audit.summary),
      ip: audit.ip ?? null,
    },
    result: op.result ?? {},
  };
}

function translate(err: unknown): unknown {
  const known = shortfallError(err) ?? keyReusedError(err);
  if (known) return known;
  const code = pgCodeOf(err);
  if (code === 'BO404') return new OfferRuleViolation('not_found');
  if (code === 'BO403') return new OfferRuleViolation('actor');
  const detail = moneyErrorDetail(err, 'BO409');
  if (detail?.kind === 'state') return new OfferRuleViolation('state', String(detail.status));
  if (code === 'BO001')
    return new AppError(503, 'retry', msg('errors.finance.rates_are_being_changed_please'));
  return err;
}
