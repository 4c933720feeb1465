import { canSell, D, fixedMoney, fixedQuantity, msg, type SaleLineInputSchema } from '@app/shared';
import type { z } from 'zod';
import { listPrices } from '../catalog/prices.service.ts';
import { findCurrenciesByIds } from '../finance/finance.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import { requireShiftForSale } from '../shifts/shifts.service.ts';
import { type DocumentBody, pricedDraft } from './document-draft.ts';
import type { KindConfig } from './document-kind.ts';
import { issueDocumentLines, LineErrors, variantSkus } from './document-lines.ts';
import type { LineValues } from './documents.repository.ts';
import { postPayment, reversePayment } from './payment-posting.ts';

// A sale (DESIGN.md section 19): lines priced from the price lists unless typed, posted as one
// SALE exit per line through FIFO, the cash as SALE money rows, the rest a RECEIVABLE debt.

type SaleLine = z.output<typeof SaleLineInputSchema>;

export const saleKind: KindConfig<DocumentBody<SaleLine>> = {
  kind: 'SALE',
  entity: 'sale',
  mayWrite: (role, allowed) => canSell(role, allowed.sale_roles),

  draft: pricedDraft<SaleLine>(async (trx, context, lines) => {
    const skus = await variantSkus(
      trx,
      context.businessId,
      lines.map((l) => l.variant),
    );
    const unpriced = lines.filter((l) => l.price === null).map((l) => l.variant);
    const prices = await listPrices(trx, context.businessId, context.counterpartyId, unpriced);
    const currencyIds = [context.currencyId, ...[...prices.values()].map((p) => p.currencyId)];
    const rates = new Map(
      (await findCurrenciesByIds(trx, context.businessId, [...new Set(currencyIds)])).map((c) => [
        c.id,
        c.rate_to_uzs,
      ]),
    );
    const errors = new LineErrors();
    const values = lines.map((line, i): LineValues => {
      let price = line.price;
      let source: LineValues['price_source'] = 'MANUAL';
      let priceTypeId: number | null = null;
      if (price === null) {
        const listed = prices.get(line.variant);
        if (listed) {
          // A price list in another currency: converted at the rates in force, rounded once.
          price = fixedMoney(
            new D(listed.price)
              .times(rates.get(listed.currencyId) ?? '1')
              .div(rates.get(context.currencyId) ?? '1'),
          );
          source = listed.source;
          priceTypeId = listed.priceTypeId;
        } else {
          errors.add(
            i,
            'price',
            msg('errors.documents.no_price', { sku: skus.get(line.variant) ?? line.variant }),
          );
          price = '0';
        }
      }
      const gross = new D(line.qty).times(price);
      if (gross.lt(line.discount)) errors.add(i, 'discount', msg('errors.documents.discount_above_total'));
      return {
        variant_id: line.variant,
        qty: fixedQuantity(line.qty),
        price: fixedMoney(price),
        discount: fixedMoney(line.discount),
        amount: fixedMoney(D.max(gross.minus(line.discount), 0)),
        price_type_id: priceTypeId,
        price_source: source,
      };
    });
    errors.throwIfAny();
    return values;
  }),

  async post(trx, actor, doc) {
    const { header } = doc;
    await requireShiftForSale(trx, header.business_id, header.department_id);
    await issueDocumentLines(trx, actor, doc, 'SALE');
    return postPayment(trx, actor, doc, {
      direction: 'in',
      txType: 'SALE',
      reason: msg('reason.documents.sale', { number: header.number }),
      creditReason: msg('reason.documents.sale_on_credit', { number: header.number }),
    });
  },

  async reverse(trx, actor, doc) {
    const { header } = doc;
    await documentStock.reverseDocumentExits(
      trx,
      header.business_id,
      doc.lines.map((l) => l.id),
    );
    await reversePayment(trx, actor, doc, msg('reason.documents.sale_reversed', { number: header.number }));
  },
};
