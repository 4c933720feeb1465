import { D, type DocumentKind, fixedMoney, fixedQuantity, msg } from '@app/shared';
import { sql } from 'kysely';
import type { Actor } from '../../lib/context.ts';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { Trx } from './document-kind.ts';
import { LineErrors } from './document-lines.ts';
import { viewerOf } from './document-reading.ts';
import { returnedByLine } from './document-returns.ts';
import { type LineRow, type LineValues, linesOf } from './documents.repository.ts';

// A return's source and lines (DESIGN.md section 20): the sale or purchase it returns, what is
// left of each of its lines, and a return line's amount out of its source line's.

export const SOURCE_KINDS = { sale: 'SALE', purchase: 'PURCHASE' } as const satisfies Record<
  string,
  DocumentKind
>;

export interface ReturnLineInput {
  source_line: number;
  qty: string;
}

function sourceQuery(trx: Trx, businessId: number, id: number) {
  return trx
    .selectFrom('documents')
    .select([
      'id',
      'business_id',
      'kind',
      'status',
      'number',
      'department_id',
      'counterparty_id',
      'currency_id',
    ])
    .select(sql<string | null>`due_date::text`.as('due_day'))
    .where('id', '=', id)
    .where('business_id', '=', businessId);
}
export type SourceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sourceQuery>['executeTakeFirst']>>>;

/**
 * The source a draft names: 404 if it is another business's or one the actor does not see, 403
 * if it is another department's, 400 on `source` if it is of another kind or not posted.
 */
export async function draftSource(
  trx: Trx,
  actor: Actor,
  id: number,
  kind: DocumentKind | null,
): Promise<SourceRow> {
  const source = await sourceQuery(trx, actor.businessId, id).executeTakeFirst();
  const viewer = viewerOf(actor);
  if (!source || (viewer.departmentId !== null && source.department_id !== viewer.departmentId))
    throw notFound();
  if (source.department_id !== actor.id) throw forbidden(msg('errors.documents.not_your_department'));
  if (source.kind === 'RETURN' || (kind !== null && source.kind !== kind))
    throw fieldError('source', msg('errors.documents.return_source_kind', { id }));
  if (source.status !== 'POSTED')
    throw fieldError('source', msg('errors.documents.return_source_state', { number: source.number }));
  return source;
}

/**
 * The source's header locked (posting a return: concurrent returns of one source take turns). FOR
 * NO KEY UPDATE, not FOR UPDATE: a return created in the same transaction holds the key-share lock
 * its reference to the source took, and two such would deadlock on FOR UPDATE.
 */
export async function lockSource(trx: Trx, businessId: number, id: number): Promise<SourceRow> {
  const source = await sourceQuery(trx, businessId, id).forNoKeyUpdate().executeTakeFirstOrThrow();
  if (source.status !== 'POSTED')
    throw new AppError(
      409,
      'conflict',
      msg('errors.documents.return_source_state', { number: source.number }),
    );
  return source;
}

/** What the posted returns of a source took of each of its lines (document-returns.ts), as decimals. */
async function returnedOf(trx: Trx, businessId: number, sourceId: number) {
  const returned = await returnedByLine(trx, businessId, sourceId);
  return new Map([...returned].map(([id, r]) => [id, { qty: new D(r.qty), amount: new D(r.amount) }]));
}

/** A return line as priced against its source line, and whether it takes more than is left. */
export interface PricedReturnLine {
  values: LineValues;
  source: LineRow;
  /** What was left of the source line before this line. */
  left: string;
  beyond: boolean;
}

/**
 * The lines priced from their source lines: each the source line's net unit amount, its amount
 * the source line's amount x qty / qty rounded once, and the last units the exact rest (so the
 * returns of a line add up to its amount). 400 on `lines.N.source_line` for a line of another
 * document.
 */
export async function priceReturnLines(
  trx: Trx,
  source: SourceRow,
  lines: readonly ReturnLineInput[],
): Promise<PricedReturnLine[]> {
  const [sourceLines, returned] = await Promise.all([
    linesOf(trx, source.business_id, source.id),
    returnedOf(trx, source.business_id, source.id),
  ]);
  const byId = new Map(sourceLines.map((l) => [l.id, l]));
  const errors = new LineErrors();
  lines.forEach((line, i) => {
    if (!byId.has(line.source_line))
      errors.add(
        i,
        'source_line',
        msg('errors.documents.return_line_not_of_source', {
          id: line.source_line,
          number: source.number,
        }),
      );
  });
  errors.throwIfAny();
  const taken = new Map<number, { qty: InstanceType<typeof D>; amount: InstanceType<typeof D> }>();
  return lines.map((line) => {
    const from = byId.get(line.source_line) as LineRow;
    const before = taken.get(from.id) ?? returned.get(from.id) ?? { qty: new D(0), amount: new D(0) };
    const leftQty = new D(from.qty).minus(before.qty);
    const qty = new D(line.qty);
    const amount = qty.eq(leftQty)
      ? new D(from.amount).minus(before.amount)
      : new D(fixedMoney(new D(from.amount).times(qty).div(from.qty)));
    taken.set(from.id, { qty: before.qty.plus(qty), amount: before.amount.plus(amount) });
    return {
      values: {
        variant_id: from.variant_id,
        qty: fixedQuantity(qty),
        price: fixedMoney(new D(from.amount).div(from.qty)),
        discount: '0.00',
        amount: fixedMoney(D.max(amount, 0)),
        price_type_id: null,
        price_source: 'MANUAL',
        source_line_id: from.id,
      },
      source: from,
      left: fixedQuantity(D.max(leftQty, 0)),
      beyond: qty.gt(leftQty),
    };
  });
}

/** 409 naming every line that returns more than is left of its source line, nothing written. */
export function beyondError(lines: readonly PricedReturnLine[]): AppError | null {
  const beyond = lines.map((line, index) => ({ line, index })).filter((l) => l.line.beyond);
  if (beyond.length === 0) return null;
  const detail = msg('errors.documents.return_beyond', {
    skus: beyond.map((b) => b.line.source.sku).join(', '),
  });
  const fields = Object.fromEntries(
    beyond.map((b) => [
      `lines.${b.index}.qty`,
      [
        msg('errors.documents.return_line_beyond', {
          sku: b.line.source.sku,
          available: b.line.left,
          needed: b.line.values.qty,
        }),
      ],
    ]),
  );
  return new AppError(409, 'conflict', detail, fields);
}
