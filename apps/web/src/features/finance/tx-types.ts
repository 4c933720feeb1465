import type { TxType } from '@app/shared';
import type { BadgeTone } from '../../components/ui/Badge.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';

// A ledger row's type on the transactions page (spec.md section 2's filter "type: all, EXCHANGE";
// DESIGN.md section 12's DEBT, section 19's SALE and PURCHASE). Records over every TxType, so a
// new type fails the build until it has its words here.

/** Each type's name, in the filter and on a row's badge. */
export const TX_TYPE_LABELS: Record<TxType, MessageKey> = {
  EXCHANGE: 'finance.transactions.type.exchange',
  OFFER: 'finance.transactions.type.offer',
  EXTERNAL: 'finance.transactions.type.external',
  ADJUSTMENT: 'finance.transactions.type.adjustment',
  DEBT: 'finance.transactions.type.debt',
  SALE: 'finance.transactions.type.sale',
  PURCHASE: 'finance.transactions.type.purchase',
  SHIFT_DIFF: 'finance.transactions.type.shiftDiff',
};

/**
 * What a row came from when it is not an offer, shown in the offer column as its type's badge with
 * this explanation (null: the column stays empty, as spec.md shows an exchange or an external row).
 */
export const TX_TYPE_SOURCES: Record<TxType, { title: MessageKey; tone: BadgeTone } | null> = {
  EXCHANGE: null,
  OFFER: null,
  EXTERNAL: null,
  ADJUSTMENT: null,
  DEBT: { title: 'finance.transactions.debtPayment', tone: 'amber' },
  SALE: { title: 'finance.transactions.salePayment', tone: 'emerald' },
  PURCHASE: { title: 'finance.transactions.purchasePayment', tone: 'violet' },
  SHIFT_DIFF: { title: 'finance.transactions.shiftDifference', tone: 'red' },
};
