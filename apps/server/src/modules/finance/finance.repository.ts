import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

const CURRENCY_COLUMNS = ['id', 'code', 'name', 'rate_to_uzs'] as const;

export function listCurrencies(db: Database) {
  return db.selectFrom('currencies').select(CURRENCY_COLUMNS).orderBy('id').execute();
}

export function findCurrencyById(db: Database, id: number) {
  return db.selectFrom('currencies').select(CURRENCY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findCurrencyByCode(db: Database, code: string) {
  return db.selectFrom('currencies').select(CURRENCY_COLUMNS).where('code', '=', code).executeTakeFirst();
}

export function findCurrenciesByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('currencies').select(CURRENCY_COLUMNS).where('id', 'in', ids).execute();
}

export function setCurrencyRate(db: Database, code: string, rate: string) {
  return db
    .updateTable('currencies')
    .set({ rate_to_uzs: rate, updated_at: sql<Date>`now()` })
    .where('code', '=', code)
    .returning(CURRENCY_COLUMNS)
    .executeTakeFirst();
}

export function listBalances(db: Database, userId: number) {
  return db
    .selectFrom('balances as b')
    .innerJoin('currencies as c', 'c.id', 'b.currency_id')
    .select(['b.id', 'b.currency_id', 'c.code', 'b.on_hand'])
    .where('b.user_id', '=', userId)
    .orderBy('b.currency_id')
    .execute();
}
