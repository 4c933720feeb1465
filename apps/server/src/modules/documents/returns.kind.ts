import { businessDay, D, fixedMoney, msg, type ReturnCreateSchema } from '@app/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { lowerDocumentDebt, raiseDocumentDebt } from '../debts/debts.service.ts';
import { findCurrenciesByIds, postMoney } from '../finance/finance.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import type { KindConfig, LoadedDocument, Trx } from './document-kind.ts';
import { issueDocumentLines } from './document-lines.ts';
import { reversePayment } from './payment-posting.ts';
import {
  beyondError,
  draftSource,
  lockSource,
  type PricedReturnLine,
  priceReturnLines,
  SOURCE_KINDS,
  type SourceRow,
} from './return-lines.ts';

// A return (DESIGN.md sections 19 "Returns" and 20) on the documents' skeleton: its header is its
// source's (department, counterparty, currency), its lines the source's lines at their net unit
// amounts. Posting, under the source's lock, takes back at most what is left of each line: a
// sale's goods back to the lots its exits consumed, a purchase's goods out to the supplier
// first-in first-out; the refund is cash or the source's debt lowered. Reversed, the opposite:
// a sale's returned goods out of the very lots they filled, the cash back, the debt raised again.

type ReturnBody = z.output<typeof ReturnCreateSchema>;

const REFUNDS = { cash: 'CASH', debt: 'DEBT' } as const;

export const returnKind: KindConfig<ReturnBody> = {
  kind: 'RETURN',
  entity: 'return',
  // Whoever may see the source and is its department returns it (checked on the source).
  mayWrite: () => true,

  async draft(trx, deps, actor, body, prior) {
    const sourceId = body.source ?? prior?.header.source_id;
    if (sourceId === undefined || sourceId === null) throw new Error('a return without a source');
    const kind = body.source_kind ? SOURCE_KINDS[body.source_kind] : null;
    const source = await draftSource(trx, actor, sourceId, kind);
    const lines =
      body.lines ?? (prior?.lines ?? []).map((l) => ({ source_line: l.source_line_id ?? 0, qty: l.qty }));
    const priced = await priceReturnLines(trx, source, lines);
    const total = priced.reduce((sum, l) => sum.plus(l.values.amount), new D(0));
    return {
      header: {
        counterparty_id: source.counterparty_id,
        currency_id: source.currency_id,
        doc_date: body.date ?? prior?.header.day ?? businessDay(deps.clock()),
        note: body.note ?? prior?.header.note ?? '',
        total: fixedMoney(total),
        on_credit: '0',
        due_date: null,
        source_id: source.id,
        refund: body.refund ? REFUNDS[body.refund] : (prior?.header.refund ?? 'CASH'),
      },
      lines: priced.map((l) => l.values),
      cash: [],
    };
  },

  async post(trx, actor, doc) {
    const source = await lockSource(trx, doc.header.business_id, doc.header.source_id ?? 0);
    const priced = await repriced(trx, source, doc);
    const beyond = beyondError(priced);
    if (beyond) throw beyond;
    if (source.kind === 'SALE')
      await documentStock.returnToSaleLots(
        trx,
        doc.header.business_id,
        doc.lines.map((l) => ({ lineId: l.id, sourceLineId: l.source_line_id ?? 0, qty: l.qty })),
      );
    else await issueDocumentLines(trx, actor, doc, 'RETURN');
    await refund(trx, actor, doc, source);
    return { changeUzs: '0', onCredit: '0' };
  },

  async reverse(trx, actor, doc) {
    const { header } = doc;
    const source = await lockSource(trx, header.business_id, header.source_id ?? 0);
    const lineIds = doc.lines.map((l) => l.id);
    if (source.kind === 'SALE') {
      const moved = await documentStock.takeBackReturned(trx, header.business_id, lineIds);
      if (moved.length > 0)
        throw conflict(
          msg('errors.documents.goods_moved', {
            skus: doc.lines
              .filter((l) => moved.includes(l.id))
              .map((l) => l.sku)
              .join(', '),
          }),
        );
    } else await documentStock.reverseDocumentExits(trx, header.business_id, lineIds);
    // The cash refund's opposite (a return opens no debt of its own), refused beyond the balance.
    await reversePayment(trx, actor, doc, msg('reason.documents.return_reversed', { number: header.number }));
    if (header.refund === 'DEBT' && new D(header.total).gt(0) && source.counterparty_id !== null)
      await raiseDocumentDebt(trx, actor, {
        documentId: source.id,
        counterpartyId: source.counterparty_id,
        departmentId: source.department_id,
        direction: source.kind === 'SALE' ? 'RECEIVABLE' : 'PAYABLE',
        currencyId: source.currency_id,
        amount: header.total,
        dueDate: source.due_day,
        reason: msg(
          source.kind === 'SALE' ? 'reason.documents.sale_on_credit' : 'reason.documents.purchase_on_credit',
          {
            number: source.number,
          },
        ),
      });
  },
};

/**
 * The lines priced again under the source's lock (a return posted since the draft may have taken
 * the last units of a line: the amounts then add up exactly); a changed amount is stored, with the
 * header's total.
 */
async function repriced(trx: Trx, source: SourceRow, doc: LoadedDocument): Promise<PricedReturnLine[]> {
  const priced = await priceReturnLines(
    trx,
    source,
    doc.lines.map((l) => ({ source_line: l.source_line_id ?? 0, qty: l.qty })),
  );
  let total = new D(0);
  for (const [i, line] of priced.entries()) {
    const stored = doc.lines[i];
    total = total.plus(line.values.amount);
    if (stored && !new D(stored.amount).eq(line.values.amount)) {
      await trx
        .updateTable('document_lines')
        .set({ amount: line.values.amount })
        .where('id', '=', stored.id)
        .execute();
      stored.amount = line.values.amount;
    }
  }
  if (!total.eq(doc.header.total)) {
    doc.header.total = fixedMoney(total);
    await trx
      .updateTable('documents')
      .set({ total: doc.header.total })
      .where('id', '=', doc.header.id)
      .execute();
  }
  return priced;
}

/**
 * The refund: cash (a negative SALE row out of the department's balance, refused beyond it; a
 * positive PURCHASE row, the supplier's cash back), or the source's debt lowered by the total.
 */
async function refund(trx: Trx, actor: Actor, doc: LoadedDocument, source: SourceRow): Promise<void> {
  const { header } = doc;
  const sale = source.kind === 'SALE';
  if (new D(header.total).isZero()) return;
  if (header.refund === 'DEBT') {
    const lowered = await lowerDocumentDebt(
      trx,
      actor,
      source.id,
      sale ? 'RECEIVABLE' : 'PAYABLE',
      header.total,
    );
    if (!lowered)
      throw new AppError(
        409,
        'conflict',
        msg('errors.documents.return_no_debt', { number: source.number, amount: fixedMoney(header.total) }),
      );
    return;
  }
  const [currency] = await findCurrenciesByIds(trx, header.business_id, [header.currency_id]);
  await postMoney(trx, [
    {
      businessId: header.business_id,
      userId: header.department_id,
      currencyId: header.currency_id,
      amount: sale ? new D(header.total).neg() : new D(header.total),
      rateToUzs: currency?.rate_to_uzs ?? '1',
      txType: sale ? 'SALE' : 'PURCHASE',
      reason: msg('reason.documents.return', { number: header.number }),
      documentId: header.id,
      createdBy: actor.id,
    },
  ]);
}
