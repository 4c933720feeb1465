import type { ShiftListQuery } from '@app/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

// The cash shifts' SQL (DESIGN.md section 22; migration 0034).

export type Trx = Transaction<DB>;

export interface ShiftRow {
  id: number;
  business_id: number;
  department_id: number;
  number: number;
  opened_at: Date;
  closed_at: Date | null;
  department_name: string;
  department_role: string;
  opened_by_name: string;
  closed_by_name: string | null;
}

export interface AmountRow {
  shift_id: number;
  currency_id: number;
  currency_code: string;
  opening: string;
  opening_difference: string;
  expected: string | null;
  counted: string | null;
  difference: string | null;
  counted_denominations: { value: string; count: number }[] | null;
  opening_denominations: { value: string; count: number }[] | null;
}

/** A user's name as the shift pages show it: first and last name, else the e-mail. */
const nameOf = (alias: string) =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)})`;

function shiftsQuery(db: Database | Trx, businessId: number) {
  return db
    .selectFrom('cash_shifts as s')
    .innerJoin('users as d', 'd.id', 's.department_id')
    .innerJoin('users as o', 'o.id', 's.opened_by')
    .leftJoin('users as c', 'c.id', 's.closed_by')
    .where('s.business_id', '=', businessId)
    .select([
      's.id',
      's.business_id',
      's.department_id',
      's.number',
      's.opened_at',
      's.closed_at',
      'd.role as department_role',
      nameOf('d').as('department_name'),
      nameOf('o').as('opened_by_name'),
      sql<string | null>`CASE WHEN c.id IS NULL THEN NULL ELSE ${nameOf('c')} END`.as('closed_by_name'),
    ]);
}

export function findShift(db: Database | Trx, businessId: number, id: number): Promise<ShiftRow | undefined> {
  return shiftsQuery(db, businessId).where('s.id', '=', id).executeTakeFirst();
}

export function findOpenShift(
  db: Database | Trx,
  businessId: number,
  departmentId: number,
): Promise<ShiftRow | undefined> {
  return shiftsQuery(db, businessId)
    .where('s.department_id', '=', departmentId)
    .where('s.closed_at', 'is', null)
    .executeTakeFirst();
}

/** Locks a shift's row for its close: money_post's shifts_lock shares it, so rows wait for the close. */
export function lockShift(trx: Trx, businessId: number, id: number) {
  return trx
    .selectFrom('cash_shifts')
    .select(['id', 'department_id', 'number', 'closed_at'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Shares a department's open shift (a sale posted inside it keeps it open until it commits). */
export async function shareOpenShift(
  trx: Trx,
  businessId: number,
  departmentId: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom('cash_shifts')
    .select('id')
    .where('business_id', '=', businessId)
    .where('department_id', '=', departmentId)
    .where('closed_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The next shift number of a business, under a transaction-scoped lock of its numbering. */
export async function nextShiftNumber(trx: Trx, businessId: number): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('cash_shifts.number'), ${businessId})`.execute(trx);
  const row = await trx
    .selectFrom('cash_shifts')
    .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

/** A department's balance rows, locked in the one balance order (currency id). */
export function lockDepartmentBalances(trx: Trx, businessId: number, departmentId: number) {
  return trx
    .selectFrom('balances')
    .select(['currency_id', 'on_hand'])
    .where('business_id', '=', businessId)
    .where('user_id', '=', departmentId)
    .orderBy('currency_id')
    .forUpdate()
    .execute();
}

/**
 * Each currency of the shifts: its stored amounts, and a currency the shift's rows moved that was
 * not counted at opening (opening 0).
 */
export async function amountsOf(
  db: Database | Trx,
  businessId: number,
  shiftIds: readonly number[],
): Promise<AmountRow[]> {
  if (shiftIds.length === 0) return [];
  const result = await sql<AmountRow>`
    WITH moved AS (
      SELECT DISTINCT t.shift_id, t.currency_id FROM money_transactions t
      WHERE t.business_id = ${businessId} AND t.shift_id IN (${sql.join(shiftIds)})
    )
    SELECT k.shift_id, k.currency_id, cur.code AS currency_code,
           coalesce(a.opening, 0)::text AS opening, coalesce(a.opening_difference, 0)::text AS opening_difference,
           a.expected::text AS expected, a.counted::text AS counted, a.difference::text AS difference,
           a.counted_denominations, a.opening_denominations
    FROM (SELECT shift_id, currency_id FROM cash_shift_amounts
          WHERE business_id = ${businessId} AND shift_id IN (${sql.join(shiftIds)})
          UNION SELECT shift_id, currency_id FROM moved) k
    JOIN currencies cur ON cur.id = k.currency_id
    LEFT JOIN cash_shift_amounts a
      ON a.business_id = ${businessId} AND a.shift_id = k.shift_id AND a.currency_id = k.currency_id
    ORDER BY k.shift_id, k.currency_id`.execute(db);
  return result.rows;
}

/** What the shift's rows moved per currency, its own differences aside. */
export async function movedDuring(
  trx: Trx,
  businessId: number,
  shiftId: number,
): Promise<Map<number, string>> {
  const rows = await trx
    .selectFrom('money_transactions')
    .select(['currency_id', sql<string>`sum(amount)::text`.as('moved')])
    .where('business_id', '=', businessId)
    .where('shift_id', '=', shiftId)
    .where('tx_type', '<>', 'SHIFT_DIFF')
    .groupBy('currency_id')
    .execute();
  return new Map(rows.map((r) => [r.currency_id, r.moved]));
}

/** Each shift's differences in UZS at their rates (opening and closing): its SHIFT_DIFF rows. */
export async function differencesUzs(
  db: Database | Trx,
  businessId: number,
  shiftIds: readonly number[],
): Promise<Map<number, string>> {
  if (shiftIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('money_transactions')
    .select(['shift_id', sql<string>`sum(amount_in_uzs)::text`.as('total')])
    .where('business_id', '=', businessId)
    .where('shift_id', 'in', shiftIds)
    .where('tx_type', '=', 'SHIFT_DIFF')
    .groupBy('shift_id')
    .execute();
  return new Map(rows.map((r) => [r.shift_id as number, r.total]));
}

/** The list's filter over `cash_shifts s` (the period is of the opening's business day). */
function listFilter(businessId: number, q: ShiftListQuery, departmentId: number | null): RawBuilder<SqlBool> {
  const parts = [sql`s.business_id = ${businessId}`];
  const department = departmentId ?? q.department;
  if (department !== undefined) parts.push(sql`s.department_id = ${department}`);
  if (q.status === 'OPEN') parts.push(sql`s.closed_at IS NULL`);
  if (q.status === 'CLOSED') parts.push(sql`s.closed_at IS NOT NULL`);
  if (q.date_from) parts.push(sql`business_day(s.opened_at) >= ${q.date_from}::date`);
  if (q.date_to) parts.push(sql`business_day(s.opened_at) <= ${q.date_to}::date`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** A page of shifts, newest first, and how many match. */
export async function listShifts(
  db: Database,
  businessId: number,
  q: ShiftListQuery,
  departmentId: number | null,
  page: number,
): Promise<{ rows: ShiftRow[]; count: number }> {
  const where = listFilter(businessId, q, departmentId);
  const [rows, counted] = await Promise.all([
    shiftsQuery(db, businessId)
      .where(where)
      .orderBy('s.opened_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(q.page_size)
      .offset((page - 1) * q.page_size)
      .execute(),
    db
      .selectFrom('cash_shifts as s')
      .where(where)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(counted.n) };
}

export interface DepartmentTotalRow {
  department: number;
  department_name: string;
  shifts: number;
  short: number;
  over: number;
  difference_uzs: string;
}

/** Per department in the filter: its shifts, how many closed short or over, the net difference in UZS. */
export async function departmentTotals(
  db: Database,
  businessId: number,
  q: ShiftListQuery,
  departmentId: number | null,
): Promise<DepartmentTotalRow[]> {
  const diffs = db
    .selectFrom('money_transactions')
    .select(['shift_id', sql<string>`sum(amount_in_uzs)`.as('total')])
    .where('business_id', '=', businessId)
    .where('tx_type', '=', 'SHIFT_DIFF')
    .groupBy('shift_id')
    .as('x');
  return db
    .selectFrom('cash_shifts as s')
    .innerJoin('users as d', 'd.id', 's.department_id')
    .leftJoin(diffs, 'x.shift_id', 's.id')
    .where(listFilter(businessId, q, departmentId))
    .groupBy(['s.department_id', 'd.first_name', 'd.last_name', 'd.email'])
    .orderBy('s.department_id')
    .select([
      's.department_id as department',
      nameOf('d').as('department_name'),
      sql<number>`count(*)::int`.as('shifts'),
      sql<number>`(count(*) FILTER (WHERE x.total < 0))::int`.as('short'),
      sql<number>`(count(*) FILTER (WHERE x.total > 0))::int`.as('over'),
      sql<string>`coalesce(sum(x.total), 0)::text`.as('difference_uzs'),
    ])
    .execute();
}
