import { DEBTS_PAGE_SIZE, type Message } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { rowExists } from '../../db/row-queries.ts';
import { searchPattern } from '../../lib/like.ts';
import { type DebtViewer, visible } from './debts.repository.ts';

// Counterparties (DESIGN.md section 12): queries only. The debt book's: debts.repository.ts.

type Db = Database;

export interface CounterpartyRow {
  id: number;
  name: string;
  kind: 'CUSTOMER' | 'SUPPLIER' | 'BOTH';
  phone: string;
  tin: string | null;
  note: string;
  price_type_id: number | null;
  created_at: Date;
  open: Array<{ currency_code: string; receivable: string; payable: string }> | null;
  overdue: number;
  total_count: number;
}

/** Counterparties with what remains open per currency and how many debts are overdue, for a viewer. */
function counterpartyRows(db: Db, v: DebtViewer) {
  return db
    .selectFrom('counterparties as c')
    .select([
      'c.id',
      'c.name',
      'c.kind',
      'c.phone',
      'c.tin',
      'c.note',
      'c.price_type_id',
      'c.created_at',
      sql<CounterpartyRow['open']>`(
        SELECT json_agg(json_build_object('currency_code', o.code,
                 'receivable', o.receivable::numeric(20,2)::text, 'payable', o.payable::numeric(20,2)::text)
               ORDER BY o.code)
        FROM (
          SELECT cur.code,
                 coalesce(sum(d.amount - d.paid) FILTER (WHERE d.direction = 'RECEIVABLE'), 0) AS receivable,
                 coalesce(sum(d.amount - d.paid) FILTER (WHERE d.direction = 'PAYABLE'), 0) AS payable
          FROM debts d JOIN currencies cur ON cur.id = d.currency_id
          WHERE d.counterparty_id = c.id AND d.paid < d.amount AND ${visible(v)}
          GROUP BY cur.code
        ) o)`.as('open'),
      sql<number>`(SELECT count(*)::int FROM debts d
        WHERE d.counterparty_id = c.id AND debt_overdue(d.paid, d.amount, d.due_date, ${v.today}::date)
          AND ${visible(v)})`.as('overdue'),
    ])
    .where('c.business_id', '=', v.businessId);
}

export async function listCounterparties(
  db: Db,
  v: DebtViewer,
  filter: { search?: string | undefined; kind?: string | undefined },
  offset: number,
) {
  let query = counterpartyRows(db, v).select(sql<number>`count(*) OVER ()`.as('total_count'));
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('c.name', '~*', pattern), eb('c.phone', '~*', pattern), eb('c.tin', '~*', pattern)]),
    );
  }
  if (filter.kind) query = query.where('c.kind', '=', filter.kind as CounterpartyRow['kind']);
  return (await query
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .limit(DEBTS_PAGE_SIZE)
    .offset(offset)
    .execute()) as CounterpartyRow[];
}

export async function findCounterparty(db: Db, v: DebtViewer, id: number) {
  return (await counterpartyRows(db, v).where('c.id', '=', id).executeTakeFirst()) as
    | Omit<CounterpartyRow, 'total_count'>
    | undefined;
}

export function counterpartyExists(db: Db, businessId: number, id: number): Promise<boolean> {
  return rowExists(db, 'counterparties', (eb) => eb.and({ id, business_id: businessId }));
}

export async function countDebtsOf(db: Db, businessId: number, counterpartyId: number): Promise<number> {
  const row = await db
    .selectFrom('debts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('counterparty_id', '=', counterpartyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A counterparty's debts and payments a viewer sees, oldest first. */
export async function statementRows(db: Db, v: DebtViewer, counterpartyId: number) {
  const { rows } = await sql<{
    at: Date;
    kind: 'DEBT' | 'PAYMENT';
    debt: number;
    direction: 'RECEIVABLE' | 'PAYABLE';
    currency_code: string;
    amount: string;
    reason: string;
    reason_message: Message | null;
  }>`
    SELECT d.created_at AS at, 'DEBT' AS kind, d.id AS debt, d.direction, cur.code AS currency_code,
           d.amount::text AS amount, d.reason, d.reason_message, 0 AS seq, d.id AS row_id
    FROM debts d JOIN currencies cur ON cur.id = d.currency_id
    WHERE d.counterparty_id = ${counterpartyId} AND d.business_id = ${v.businessId} AND ${visible(v)}
    UNION ALL
    SELECT p.created_at, 'PAYMENT', d.id, d.direction, cur.code, p.amount::text, p.reason, p.reason_message, 1,
           p.id
    FROM debt_payments p JOIN debts d ON d.business_id = p.business_id AND d.id = p.debt_id JOIN currencies cur ON cur.id = d.currency_id
    WHERE d.counterparty_id = ${counterpartyId} AND d.business_id = ${v.businessId} AND ${visible(v)}
    ORDER BY 1, 9, 10`.execute(db);
  return rows;
}

/** The business's counterparty with this STIR, else (no STIR given) with this name, any case. */
export async function findSameCounterparty(db: Db, businessId: number, tin: string | null, name: string) {
  const row = await db
    .selectFrom('counterparties')
    .select('id')
    .where('business_id', '=', businessId)
    .where((eb) => (tin ? eb('tin', '=', tin) : eb(sql`lower(name)`, '=', name.trim().toLowerCase())))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
