import type { MoneyTransactionsQuery } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { searchPattern } from '../../lib/like.ts';

// The by-user list of DESIGN.md section 4 over one department's ledger rows (a bar of
// docs/benchmarks.md: p95 under 30 ms at 100,000 rows for every filter combination and ordering).

export type TxFilter = Omit<MoneyTransactionsQuery, 'page' | 'ordering'>;
type Ordering = MoneyTransactionsQuery['ordering'];

/** The offer filter as one wish: has_offer and offer__isnull say the same thing two ways. */
function offerWishes(f: TxFilter): boolean[] {
  const wishes: boolean[] = [];
  if (f.has_offer !== undefined) wishes.push(f.has_offer);
  if (f.offer__isnull !== undefined) wishes.push(!f.offer__isnull);
  return wishes;
}

/** The filters other than user and search, on columns every query below can see. */
function filterConditions(f: TxFilter): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (f.currency !== undefined) parts.push(sql`currency_id = ${f.currency}`);
  if (f.amount_type === 'positive') parts.push(sql`amount > 0`);
  if (f.amount_type === 'negative') parts.push(sql`amount < 0`);
  if (f.tx_type !== undefined) parts.push(sql`tx_type = ${f.tx_type}`);
  for (const want of offerWishes(f)) parts.push(want ? sql`offer_id IS NOT NULL` : sql`offer_id IS NULL`);
  return parts;
}

/** Whose rows: a department of a business (DESIGN.md section 24: every read names its business). */
export interface Department {
  businessId: number;
  userId: number;
}

function ofDepartment(d: Department): RawBuilder<unknown> {
  return sql`business_id = ${d.businessId} AND user_id = ${d.userId}`;
}

function whereAll(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** search= matches reason text (searchPattern: characters literal, apostrophes alike), and an id when it is a number. */
function searchCondition(search: string): RawBuilder<unknown> {
  const byReason = sql`reason ~* ${searchPattern(search)}`;
  const id = /^#?\d{1,15}$/.test(search) ? Number(search.replace('#', '')) : null;
  return id === null ? byReason : sql`(${byReason} OR id = ${id})`;
}

/**
 * A search reads reason text, which no ordering index holds: the department's matches are
 * collected first (through the trigram index where PostgreSQL has pg_trgm) and only they are
 * filtered, counted and sorted, instead of walking the whole department in order.
 */
function searchMatches(department: Department, search: string): RawBuilder<unknown> {
  return sql`WITH matches AS MATERIALIZED (
    SELECT id, amount, created_at, currency_id, tx_type, offer_id FROM money_transactions
    WHERE ${ofDepartment(department)} AND ${searchCondition(search)})`;
}

/**
 * The number of rows the filters match and the ids of one page, in order. Without a search the
 * count is a sum over money_tx_counts (at most 32 rows per department, kept by the ledger) and
 * every column the page reads is in the ordering's covering index (migrations/0037_ledger_keys.sql),
 * so the filters are checked on index entries. A search collects its matches once for both.
 */
export async function countAndPageIds(
  db: Database,
  department: Department,
  f: TxFilter,
  ordering: Ordering,
  offset: number,
  limit: number,
): Promise<{ count: number; ids: number[] }> {
  const direction = sql.raw(ordering.startsWith('-') ? 'DESC' : 'ASC');
  const column = sql.ref(ordering.endsWith('amount') ? 'amount' : 'created_at');
  const order = sql`ORDER BY ${column} ${direction}, id ${direction} OFFSET ${offset} LIMIT ${limit}`;
  const filters = whereAll(filterConditions(f));
  if (f.search) {
    const found = await sql<{
      count: number;
      ids: Array<number | string>;
    }>`${searchMatches(department, f.search)},
      filtered AS MATERIALIZED (SELECT * FROM matches WHERE ${filters})
      SELECT (SELECT count(*)::int FROM filtered) AS count,
        ARRAY(SELECT id FROM filtered ${order}) AS ids`.execute(db);
    const row = found.rows[0];
    return { count: Number(row?.count ?? 0), ids: (row?.ids ?? []).map(Number) };
  }
  const count = await countWithoutSearch(db, department, f);
  // An empty page needs no walk through the department's rows (the count already says so).
  if (count <= offset) return { count, ids: [] };
  const found = await sql<{ id: number }>`SELECT id FROM money_transactions
    WHERE ${ofDepartment(department)} AND ${filters} ${order}`.execute(db);
  return { count, ids: found.rows.map((r) => Number(r.id)) };
}

async function countWithoutSearch(db: Database, department: Department, f: TxFilter): Promise<number> {
  let q = db
    .selectFrom('money_tx_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('count'))
    .where('business_id', '=', department.businessId)
    .where('user_id', '=', department.userId);
  if (f.currency !== undefined) q = q.where('currency_id', '=', f.currency);
  if (f.amount_type !== undefined) q = q.where('positive', '=', f.amount_type === 'positive');
  if (f.tx_type !== undefined) q = q.where('tx_type', '=', f.tx_type);
  for (const want of offerWishes(f)) q = q.where('has_offer', '=', want);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The rows of `ids`, in that order. */
export async function transactionsByIds(db: Database, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('money_transactions')
    .innerJoin('currencies', 'currencies.id', 'money_transactions.currency_id')
    .select([
      'money_transactions.id',
      'money_transactions.amount',
      'money_transactions.currency_id',
      'currencies.code as currency_code',
      'money_transactions.rate_to_uzs',
      'money_transactions.amount_in_uzs',
      'money_transactions.offer_id',
      'money_transactions.reason',
      'money_transactions.reason_message',
      'money_transactions.tx_type',
      'money_transactions.exchange_group',
      'money_transactions.created_at',
    ])
    .where('money_transactions.business_id', '=', businessId)
    .where('money_transactions.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
