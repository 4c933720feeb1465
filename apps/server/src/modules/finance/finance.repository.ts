import type { RateSource } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// A business "has" the currencies it has a rate for, each at its rate in force (DESIGN.md
// section 9): business_currencies, kept by recordRate beside the rate history.

function businessCurrencies(db: Database, businessId: number) {
  return db
    .selectFrom('business_currencies as bc')
    .innerJoin('currencies as c', 'c.id', 'bc.currency_id')
    .select(['c.id', 'c.code', 'c.name', 'bc.rate_to_uzs'])
    .where('bc.business_id', '=', businessId);
}

export function listCurrencies(db: Database, businessId: number) {
  return businessCurrencies(db, businessId).orderBy('c.id').execute();
}

export function findCurrencyById(db: Database, businessId: number, id: number) {
  return businessCurrencies(db, businessId).where('c.id', '=', id).executeTakeFirst();
}

export function findCurrencyByCode(db: Database, businessId: number, code: string) {
  return businessCurrencies(db, businessId).where('c.code', '=', code).executeTakeFirst();
}

export function findCurrenciesByIds(db: Database, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return businessCurrencies(db, businessId).where('c.id', 'in', ids).execute();
}

export interface NewRate {
  businessId: number;
  currencyId: number;
  rateToUzs: string;
  source: RateSource;
  /** The Central Bank's date (YYYY-MM-DD) of a CBU rate. */
  rateDate?: string | null;
  createdBy: number | null;
  /** For the seed's history; the server always records rates at now(). */
  createdAt?: Date;
}

/**
 * The one way a rate is set: a history row, and the business's rate in force moved to it. Of two
 * rates set at once the later row wins, whichever commits last.
 */
export async function recordRate(trx: Database, rate: NewRate) {
  const row = await trx
    .insertInto('currency_rates')
    .values({
      business_id: rate.businessId,
      currency_id: rate.currencyId,
      rate_to_uzs: rate.rateToUzs,
      source: rate.source,
      rate_date: rate.rateDate ?? null,
      created_by: rate.createdBy,
      ...(rate.createdAt ? { created_at: rate.createdAt } : {}),
    })
    .returning(['id', 'rate_to_uzs', 'created_at'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('business_currencies')
    .values({
      business_id: rate.businessId,
      currency_id: rate.currencyId,
      rate_id: row.id,
      rate_to_uzs: row.rate_to_uzs,
      updated_at: row.created_at,
    })
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'currency_id'])
        .doUpdateSet({
          rate_id: (eb) => eb.ref('excluded.rate_id'),
          rate_to_uzs: (eb) => eb.ref('excluded.rate_to_uzs'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        })
        .where('business_currencies.rate_id', '<', (eb) => eb.ref('excluded.rate_id')),
    )
    .execute();
  return row;
}

/** A currency's rate history in the business, newest first. */
export function rateHistory(
  db: Database,
  businessId: number,
  currencyId: number,
  offset: number,
  limit: number,
) {
  return db
    .selectFrom('currency_rates as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.rate_to_uzs',
      'r.source',
      sql<string | null>`to_char(r.rate_date, 'YYYY-MM-DD')`.as('rate_date'),
      'r.created_at',
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.code',
    ])
    .where('r.business_id', '=', businessId)
    .where('r.currency_id', '=', currencyId)
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countRates(db: Database, businessId: number, currencyId: number) {
  const row = await db
    .selectFrom('currency_rates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('business_id', '=', businessId)
    .where('currency_id', '=', currencyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listBalances(db: Database, user: { businessId: number; id: number }) {
  return db
    .selectFrom('balances as b')
    .innerJoin('currencies as c', 'c.id', 'b.currency_id')
    .select(['b.id', 'b.currency_id', 'c.code', 'b.on_hand'])
    .where('b.business_id', '=', user.businessId)
    .where('b.user_id', '=', user.id)
    .orderBy('b.currency_id')
    .execute();
}
