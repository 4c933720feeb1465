import { type DocumentReturn, fixedMoney, fixedQuantity } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// What a sale's or purchase's card says of its returns (DESIGN.md section 20): the returns made of
// it (each with its number, state, date and total) and, per line, what the POSTED ones took back,
// so the return page offers at most the rest (the server caps it again when posting).

/** The returns of a source, oldest first: drafts, posted and reversed. */
export async function returnsOfSource(
  db: Database,
  businessId: number,
  sourceId: number,
): Promise<DocumentReturn[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'number', 'status', 'total', 'refund'])
    .select(sql<string>`doc_date::text`.as('date'))
    .where('business_id', '=', businessId)
    .where('source_id', '=', sourceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    date: r.date,
    total: fixedMoney(r.total),
    refund: r.refund,
  }));
}

/** What the POSTED returns of a source took of each of its lines (quantity, amount), by the line's id. */
export async function returnedByLine(
  db: Database,
  businessId: number,
  sourceId: number,
): Promise<Map<number, { qty: string; amount: string }>> {
  const rows = await db
    .selectFrom('document_lines as l')
    .innerJoin('documents as d', (join) =>
      join.onRef('d.business_id', '=', 'l.business_id').onRef('d.id', '=', 'l.document_id'),
    )
    .select(['l.source_line_id', sql<string>`sum(l.qty)`.as('qty'), sql<string>`sum(l.amount)`.as('amount')])
    .where('l.business_id', '=', businessId)
    .where('d.source_id', '=', sourceId)
    .where('d.status', '=', 'POSTED')
    .groupBy('l.source_line_id')
    .execute();
  const out = new Map<number, { qty: string; amount: string }>();
  for (const r of rows)
    if (r.source_line_id !== null)
      out.set(r.source_line_id, { qty: fixedQuantity(r.qty), amount: fixedMoney(r.amount) });
  return out;
}
