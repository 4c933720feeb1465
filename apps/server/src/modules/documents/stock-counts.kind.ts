import {
  businessDay,
  canCount,
  D,
  fixedQuantity,
  isAdministrator,
  msg,
  STOCK_COUNT_MAX_LINES,
  type StockCountCreateSchema,
} from '@app/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../lib/context.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../lib/errors.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import { isBusinessUser } from '../users/me.service.ts';
import type { Draft, KindConfig, Trx } from './document-kind.ts';
import type { LineValues } from './documents.repository.ts';
import { type Adjustment, countVariances, uzsCurrency } from './stock-count-lines.ts';

// A stock count (DESIGN.md section 20) on the documents' skeleton. Started with a scope, each
// line records the department's balance then (`expected_qty`); counted quantities are typed or
// scanned (stock-counts.service.ts). Posting, under the header's lock and the balances' (in the
// one lock order), fixes each counted line's variance against the balance at that moment and
// writes a shortage as an ADJUSTMENT exit first-in first-out, a surplus as an ADJUSTMENT receipt
// at the variant's last cost. An uncounted line is left as it is (not counted, not zero).

type CountBody = z.output<typeof StockCountCreateSchema>;

const EXITS_PER_CHUNK = 1000;

const SCOPES = { all: 'ALL', type: 'TYPE', list: 'LIST' } as const;

/** The counted department: the actor's own; an administrator's choice. */
async function countDepartment(trx: Trx, actor: Actor, department: number | undefined): Promise<number> {
  if (department === undefined || department === actor.id) return actor.id;
  if (!isAdministrator(actor.role)) throw forbidden(msg('errors.documents.not_your_department'));
  if (!(await isBusinessUser(trx, actor.businessId, department)))
    throw fieldError('department', msg('errors.invalid_pk', { id: department }));
  return department;
}

/** A new count's lines: its scope's variants, each with the department's balance now. */
async function scopeLines(
  trx: Trx,
  actor: Actor,
  departmentId: number,
  body: CountBody,
): Promise<LineValues[]> {
  const variants = await documentStock.countableVariants(trx, {
    businessId: actor.businessId,
    departmentId,
    ...(body.scope === 'type' && body.product_type ? { productType: body.product_type } : {}),
    ...(body.scope === 'list' ? { variantIds: body.variants ?? [] } : {}),
  });
  if (body.scope === 'list') {
    const found = new Set(variants.map((v) => v.variantId));
    const missing = (body.variants ?? []).flatMap((id, i) => (found.has(id) ? [] : [[i, id] as const]));
    if (missing.length > 0)
      throw badRequest(
        msg('errors.invalid_pk', { id: missing[0]?.[1] ?? 0 }),
        Object.fromEntries(missing.map(([i, id]) => [`variants.${i}`, [msg('errors.invalid_pk', { id })]])),
      );
  }
  if (variants.length === 0) throw fieldError('scope', msg('errors.stock_counts.nothing_in_scope'));
  if (variants.length > STOCK_COUNT_MAX_LINES)
    throw fieldError('scope', msg('errors.stock_counts.too_many_lines', { max: STOCK_COUNT_MAX_LINES }));
  return variants.map((v) => countLine(v.variantId, v.onHand, null));
}

/** A count line as stored: qty, price and amount are posting's (the variance's size and value). */
export function countLine(variantId: number, expected: string, counted: string | null): LineValues {
  return {
    variant_id: variantId,
    qty: '0',
    price: '0',
    discount: '0',
    amount: '0',
    price_type_id: null,
    price_source: 'MANUAL',
    expected_qty: expected,
    counted_qty: counted,
  };
}

export const stockCountKind: KindConfig<CountBody> = {
  kind: 'STOCK_COUNT',
  entity: 'stock_count',
  adminsActForDepartments: true,
  mayWrite: (role, allowed) => canCount(role, allowed),

  async draft(trx, deps, actor, body, prior): Promise<Draft> {
    const header = {
      counterparty_id: null,
      doc_date: body.date ?? prior?.header.day ?? businessDay(deps.clock()),
      note: body.note ?? prior?.header.note ?? '',
      total: '0',
      on_credit: '0',
      due_date: null,
    };
    if (prior)
      return {
        header: {
          ...header,
          currency_id: prior.header.currency_id,
          count_scope: prior.header.count_scope,
          count_product_type: prior.header.count_product_type,
        },
        lines: prior.lines.map((l) => countLine(l.variant_id, l.expected_qty ?? '0', l.counted_qty)),
        cash: [],
        departmentId: prior.header.department_id,
      };
    if (!body.scope) throw new Error('a stock count without a scope');
    const departmentId = await countDepartment(trx, actor, body.department);
    return {
      header: {
        ...header,
        currency_id: (await uzsCurrency(trx, actor.businessId)).id,
        count_scope: SCOPES[body.scope],
        count_product_type: body.scope === 'type' ? (body.product_type ?? null) : null,
      },
      lines: await scopeLines(trx, actor, departmentId, body as CountBody),
      cash: [],
      departmentId,
    };
  },

  async post(trx, actor, doc) {
    const { header } = doc;
    const counted = doc.lines.filter((l) => l.counted_qty !== null);
    if (counted.length === 0)
      throw badRequest(msg('errors.stock_counts.nothing_counted'), {
        lines: [msg('errors.stock_counts.nothing_counted')],
      });
    await documentStock.lockCountBalances(
      trx,
      header.business_id,
      header.department_id,
      counted.map((l) => l.variant_id),
    );
    const { adjustments } = await countVariances(trx, header, counted);
    const stockDoc = {
      businessId: header.business_id,
      departmentId: header.department_id,
      currencyId: header.currency_id,
      createdBy: actor.id,
      note: header.number,
    };
    const short = adjustments.filter((a) => new D(a.variance).lt(0));
    const over = adjustments.filter((a) => new D(a.variance).gt(0));
    // In chunks of 1,000 lines: each chunk's lots and moves stay within PostgreSQL's parameters.
    for (let start = 0; start < short.length; start += EXITS_PER_CHUNK)
      await documentStock.writeDocumentExits(
        trx,
        stockDoc,
        'ADJUSTMENT',
        short.slice(start, start + EXITS_PER_CHUNK).map((a) => ({
          lineId: a.lineId,
          variantId: a.variantId,
          qty: fixedQuantity(new D(a.variance).neg()),
          amount: a.amount,
          unitPrice: a.unitCost,
          currencyId: a.currencyId,
        })),
      );
    await documentStock.receiveDocumentLines(
      trx,
      stockDoc,
      'ADJUSTMENT',
      over.map((a) => ({ ...a, qty: a.variance })),
    );
    await fixLines(trx, header.business_id, adjustments);
    return { changeUzs: '0', onCredit: '0' };
  },

  async reverse(trx, _actor, doc) {
    const { header } = doc;
    const moved = doc.lines.filter((l) => l.variance !== null && !new D(l.variance).isZero());
    await documentStock.lockCountBalances(
      trx,
      header.business_id,
      header.department_id,
      moved.map((l) => l.variant_id),
    );
    const over = moved.filter((l) => new D(l.variance ?? 0).gt(0)).map((l) => l.id);
    const short = moved.filter((l) => new D(l.variance ?? 0).lt(0)).map((l) => l.id);
    const gone = over.length ? await documentStock.reverseDocumentEntries(trx, header.business_id, over) : [];
    if (gone.length > 0)
      throw conflict(
        msg('errors.documents.goods_moved', {
          skus: doc.lines
            .filter((l) => gone.includes(l.id))
            .map((l) => l.sku)
            .join(', '),
        }),
      );
    if (short.length) await documentStock.reverseDocumentExits(trx, header.business_id, short);
  },
};

/** Each counted line's variance, cost and value as posted, in one statement. */
async function fixLines(trx: Trx, businessId: number, adjustments: readonly Adjustment[]): Promise<void> {
  if (adjustments.length === 0) return;
  const values = adjustments.map(
    (a) =>
      sql`(${a.lineId}::int, ${a.variance}::numeric, ${a.unitCost}::numeric, ${a.amount}::numeric, ${a.currencyId}::int, ${a.valueUzs}::numeric)`,
  );
  await sql`UPDATE document_lines AS l SET variance = v.variance, qty = abs(v.variance), price = v.price,
      amount = v.amount, cost_currency_id = v.currency_id, value_uzs = v.value_uzs
    FROM (VALUES ${sql.join(values)}) AS v(id, variance, price, amount, currency_id, value_uzs)
    WHERE l.business_id = ${businessId} AND l.id = v.id`.execute(trx);
}
