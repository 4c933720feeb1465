import { DEBTS_PAGE_SIZE, type DebtDirection, type DebtListQuery, type Message } from '@app/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// The debt book (DESIGN.md section 12): queries only. Counterparties': counterparties.repository.ts.

type Db = Database;

/** Whose debts a reader sees: a department's, or (null) the whole business's. */
export interface DebtViewer {
  businessId: number;
  departmentId: number | null;
  /** Today in the business's time zone: a debt past its due date with something left is OVERDUE. */
  today: string;
}

/** A debt's status, computed (DESIGN.md section 12): PAID, OVERDUE past its due date, else OPEN. */
export const statusSql = (today: string) =>
  sql<'OPEN' | 'PAID' | 'OVERDUE'>`CASE WHEN d.paid >= d.amount THEN 'PAID'
    WHEN debt_overdue(d.paid, d.amount, d.due_date, ${today}::date) THEN 'OVERDUE' ELSE 'OPEN' END`;

/** The debts (`d`) a viewer sees. */
export const visible = (v: DebtViewer) =>
  v.departmentId === null ? sql`true` : sql`d.department_id = ${v.departmentId}`;

export interface DebtRow {
  id: number;
  counterparty_id: number;
  counterparty_name: string;
  department_id: number;
  department_email: string;
  direction: 'RECEIVABLE' | 'PAYABLE';
  currency_id: number;
  currency_code: string;
  amount: string;
  paid: string;
  remaining: string;
  due_date: string | null;
  status: 'OPEN' | 'PAID' | 'OVERDUE';
  reason: string;
  reason_message: Message | null;
  stock_exit_id: number | null;
  stock_entry_id: number | null;
  created_at: Date;
}

function debtRows(db: Db, v: DebtViewer) {
  return db
    .selectFrom('debts as d')
    .innerJoin('counterparties as c', 'c.id', 'd.counterparty_id')
    .innerJoin('users as u', 'u.id', 'd.department_id')
    .innerJoin('currencies as cur', 'cur.id', 'd.currency_id')
    .select([
      'd.id',
      'd.counterparty_id',
      'c.name as counterparty_name',
      'd.department_id',
      'u.email as department_email',
      'd.direction',
      'd.currency_id',
      'cur.code as currency_code',
      'd.amount',
      'd.paid',
      sql<string>`(d.amount - d.paid)::numeric(20,2)::text`.as('remaining'),
      sql<string | null>`d.due_date::text`.as('due_date'),
      statusSql(v.today).as('status'),
      'd.reason',
      'd.reason_message',
      'd.stock_exit_id',
      'd.stock_entry_id',
      'd.created_at',
    ])
    .where('d.business_id', '=', v.businessId)
    .where(visible(v) as Expression<SqlBool>);
}

function filtered(db: Db, v: DebtViewer, f: Omit<DebtListQuery, 'page'>) {
  let query = debtRows(db, v);
  if (f.counterparty !== undefined) query = query.where('d.counterparty_id', '=', f.counterparty);
  if (f.direction) query = query.where('d.direction', '=', f.direction);
  if (f.status) query = query.where(sql<SqlBool>`${statusSql(v.today)} = ${f.status}`);
  if (f.due_from) query = query.where(sql<SqlBool>`d.due_date >= ${f.due_from}::date`);
  if (f.due_to) query = query.where(sql<SqlBool>`d.due_date <= ${f.due_to}::date`);
  return query;
}

export async function listDebts(db: Db, v: DebtViewer, f: Omit<DebtListQuery, 'page'>, offset: number) {
  return (await filtered(db, v, f)
    .select(sql<number>`count(*) OVER ()`.as('total_count'))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(DEBTS_PAGE_SIZE)
    .offset(offset)
    .execute()) as Array<DebtRow & { total_count: number }>;
}

/** What remains of the filtered debts, per currency and direction. */
export async function debtTotals(db: Db, v: DebtViewer, f: Omit<DebtListQuery, 'page'>) {
  const inner = filtered(db, v, f);
  const { rows } = await sql<{
    currency_code: string;
    direction: 'RECEIVABLE' | 'PAYABLE';
    remaining: string;
  }>`
    SELECT currency_code, direction, sum(remaining::numeric)::numeric(20,2)::text AS remaining
    FROM (${inner}) t GROUP BY currency_code, direction ORDER BY currency_code, direction`.execute(db);
  return rows;
}

export async function findDebt(db: Db, v: DebtViewer, id: number) {
  return (await debtRows(db, v).where('d.id', '=', id).executeTakeFirst()) as DebtRow | undefined;
}

/** The debt's row, locked for a payment (two payments of one debt take turns). */
export async function lockDebt(db: Db, businessId: number, id: number) {
  return db
    .selectFrom('debts')
    .select(['id', 'department_id', 'direction', 'currency_id', 'amount', 'paid'])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .forUpdate()
    .executeTakeFirst();
}

export interface DebtPaymentRow {
  id: number;
  debt_id: number;
  amount: string;
  currency_code: string;
  money_transaction_id: number;
  reason: string;
  reason_message: Message | null;
  created_by: number;
  email: string;
  created_at: Date;
}

export function listPayments(db: Db, businessId: number, debtId: number) {
  return db
    .selectFrom('debt_payments as p')
    .innerJoin('debts as d', (join) =>
      join.onRef('d.business_id', '=', 'p.business_id').onRef('d.id', '=', 'p.debt_id'),
    )
    .innerJoin('currencies as cur', 'cur.id', 'd.currency_id')
    .innerJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.debt_id',
      'p.amount',
      'cur.code as currency_code',
      'p.money_transaction_id',
      'p.reason',
      'p.reason_message',
      'p.created_by',
      'u.email',
      'p.created_at',
    ])
    .where('p.business_id', '=', businessId)
    .where('p.debt_id', '=', debtId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute() as Promise<DebtPaymentRow[]>;
}

export interface AgeingDbRow {
  counterparty_id: number;
  counterparty_name: string;
  currency_code: string;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  d90_plus: string;
  total: string;
  total_count: number;
}

/**
 * What remains open per counterparty and currency, by days past the due date as of today: not
 * yet due (or without a date), 1-30, 31-60, 61-90 and over 90 days.
 */
export function ageingRows(v: DebtViewer, direction: 'RECEIVABLE' | 'PAYABLE') {
  const late = sql`(${v.today}::date - d.due_date)`;
  const bucket = (cond: ReturnType<typeof sql>) =>
    sql`coalesce(sum(d.amount - d.paid) FILTER (WHERE ${cond}), 0)::numeric(20,2)::text`;
  return sql<AgeingDbRow>`
    SELECT c.id AS counterparty_id, c.name AS counterparty_name, cur.code AS currency_code,
           ${bucket(sql`NOT debt_overdue(d.paid, d.amount, d.due_date, ${v.today}::date)`)} AS current,
           ${bucket(sql`${late} BETWEEN 1 AND 30`)} AS d1_30,
           ${bucket(sql`${late} BETWEEN 31 AND 60`)} AS d31_60,
           ${bucket(sql`${late} BETWEEN 61 AND 90`)} AS d61_90,
           ${bucket(sql`${late} > 90`)} AS d90_plus,
           sum(d.amount - d.paid)::numeric(20,2)::text AS total,
           count(*) OVER () AS total_count
    FROM debts d JOIN counterparties c ON c.id = d.counterparty_id JOIN currencies cur ON cur.id = d.currency_id
    WHERE d.business_id = ${v.businessId} AND ${visible(v)} AND d.direction = ${direction} AND d.paid < d.amount
    GROUP BY c.id, c.name, cur.code
    ORDER BY lower(c.name), c.id, cur.code`;
}

/**
 * The overdue debts for the dashboard (DESIGN.md section 11), the longest overdue first, each with
 * which way it goes (DESIGN.md section 16).
 */
export async function overdueDebts(db: Db, v: DebtViewer, limit: number) {
  const { rows } = await sql<{
    counterparty: string;
    direction: DebtDirection;
    currency_code: string;
    remaining: string;
    due_date: string;
  }>`
    SELECT c.name AS counterparty, d.direction, cur.code AS currency_code,
           (d.amount - d.paid)::numeric(20,2)::text AS remaining, d.due_date::text AS due_date
    FROM debts d JOIN counterparties c ON c.id = d.counterparty_id JOIN currencies cur ON cur.id = d.currency_id
    WHERE d.business_id = ${v.businessId} AND ${visible(v)}
      AND debt_overdue(d.paid, d.amount, d.due_date, ${v.today}::date)
    ORDER BY d.due_date, d.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Removes a debt of the business (a cancelled document's, or one a return paid off). */
export async function deleteDebt(db: Db, businessId: number, id: number): Promise<void> {
  await db.deleteFrom('debts').where('business_id', '=', businessId).where('id', '=', id).execute();
}
