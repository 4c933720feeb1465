import { canBuy, D, fixedMoney, fixedQuantity, msg, type PurchaseLineInputSchema } from '@app/shared';
import type { z } from 'zod';
import { conflict } from '../../lib/errors.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import { type DocumentBody, pricedDraft } from './document-draft.ts';
import type { KindConfig } from './document-kind.ts';
import { variantSkus } from './document-lines.ts';
import { postPayment, reversePayment } from './payment-posting.ts';

// A purchase (DESIGN.md section 19): one PURCHASE receipt, a lot, per line at its unit cost; the
// cash out of the buyer's balance (refused beyond it), the rest a PAYABLE debt to the supplier.

type PurchaseLine = z.output<typeof PurchaseLineInputSchema>;

export const purchaseKind: KindConfig<DocumentBody<PurchaseLine>> = {
  kind: 'PURCHASE',
  entity: 'purchase',
  mayWrite: (role, allowed) => canBuy(role, allowed.purchase_roles),

  draft: pricedDraft<PurchaseLine>(async (trx, context, lines) => {
    await variantSkus(
      trx,
      context.businessId,
      lines.map((l) => l.variant),
    );
    return lines.map((line) => ({
      variant_id: line.variant,
      qty: fixedQuantity(line.qty),
      price: fixedMoney(line.unit_cost),
      discount: '0.00',
      amount: fixedMoney(new D(line.qty).times(line.unit_cost)),
      price_type_id: null,
      price_source: 'MANUAL' as const,
    }));
  }),

  async post(trx, actor, doc) {
    const { header } = doc;
    await documentStock.writeDocumentEntries(
      trx,
      {
        businessId: header.business_id,
        departmentId: header.department_id,
        currencyId: header.currency_id,
        createdBy: actor.id,
        note: header.number,
      },
      'PURCHASE',
      doc.lines.map((l) => ({ lineId: l.id, variantId: l.variant_id, qty: l.qty, unitCost: l.price })),
    );
    return postPayment(trx, actor, doc, {
      direction: 'out',
      txType: 'PURCHASE',
      reason: msg('reason.documents.purchase', { number: header.number }),
      creditReason: msg('reason.documents.purchase_on_credit', { number: header.number }),
    });
  },

  async reverse(trx, actor, doc) {
    const { header } = doc;
    const moved = await documentStock.reverseDocumentEntries(
      trx,
      header.business_id,
      doc.lines.map((l) => l.id),
    );
    if (moved.length > 0)
      throw conflict(
        msg('errors.documents.goods_moved', {
          skus: doc.lines
            .filter((l) => moved.includes(l.id))
            .map((l) => l.sku)
            .join(', '),
        }),
      );
    await reversePayment(
      trx,
      actor,
      doc,
      msg('reason.documents.purchase_reversed', { number: header.number }),
    );
  },
};
