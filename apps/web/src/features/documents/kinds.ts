import { DOCUMENT_PATHS, type DocumentKind, type Role, STOCK_COUNT_ROLES, type WhoAmI } from '@app/shared';
import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';

// One shell for every kind of document (DESIGN.md sections 19-20): the list, the card, the form
// and the actions read what differs between a sale, a purchase and a return from here. Stock
// counts and production orders (sections 20-21) become one more entry each.

export interface DocumentKindConfig {
  kind: DocumentKind;
  /** The API's path segment: `sales` -> `api/sales/`. */
  api: (typeof DOCUMENT_PATHS)[keyof typeof DOCUMENT_PATHS];
  listPath: string;
  cardPath: (id: number) => string;
  /** Where a new document of this kind is made, and its button; null: made from another (a return). */
  create: { path: string; label: MessageKey } | null;
  /** Whether who-am-I says the user writes this kind (its fixed role, or one the business allows). */
  writes: (user: Pick<WhoAmI, 'can_sell' | 'can_buy' | 'can_produce' | 'role'>) => boolean;
  words: {
    title: MessageKey;
    description: MessageKey;
    counterparty: MessageKey;
    price: MessageKey;
    empty: MessageKey;
  };
  /** A sale's line shows where its price came from; a purchase's is typed. */
  showsPriceSource: boolean;
  /** A sale has a receipt page (`/sales/:id/receipt`). */
  hasReceipt: boolean;
  /** A line's price field in the API's body. */
  priceField: 'price' | 'unit_cost';
  /** A draft is changed in the shell's form; a return's lines are its source's, so it is not. */
  editsDrafts: boolean;
  /** A posted one is returned on this page (DESIGN.md section 20); null: not returned. */
  returnPath: ((id: number) => string) | null;
  /** The kind has no counterparty (a production order): no such column, filter or card row. */
  noCounterparty?: true;
  /** Its card shows the payment (sales, purchases), its source and refund (a return), its costs (production), or no money (a count's own page). */
  money: 'payment' | 'refund' | 'cost' | 'none';
}

export const SALE_KIND: DocumentKindConfig = {
  kind: 'SALE',
  api: DOCUMENT_PATHS.SALE,
  listPath: paths.document.sales,
  cardPath: (id) => generatePath(paths.document.sale, { id: String(id) }),
  create: { path: paths.document.counter, label: 'documents.sale.new' },
  writes: (user) => user.can_sell,
  words: {
    title: 'documents.sale.title',
    description: 'documents.sale.description',
    counterparty: 'documents.sale.counterparty',
    price: 'documents.line.price',
    empty: 'documents.sale.empty',
  },
  showsPriceSource: true,
  hasReceipt: true,
  priceField: 'price',
  editsDrafts: true,
  returnPath: (id) => generatePath(paths.document.saleReturn, { id: String(id) }),
  money: 'payment',
};

export const PURCHASE_KIND: DocumentKindConfig = {
  kind: 'PURCHASE',
  api: DOCUMENT_PATHS.PURCHASE,
  listPath: paths.document.purchases,
  cardPath: (id) => generatePath(paths.document.purchase, { id: String(id) }),
  create: { path: paths.document.newPurchase, label: 'documents.purchase.new' },
  writes: (user) => user.can_buy,
  words: {
    title: 'documents.purchase.title',
    description: 'documents.purchase.description',
    counterparty: 'documents.purchase.counterparty',
    price: 'documents.line.unitCost',
    empty: 'documents.purchase.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'unit_cost',
  editsDrafts: true,
  returnPath: (id) => generatePath(paths.document.purchaseReturn, { id: String(id) }),
  money: 'payment',
};

/** A return (DESIGN.md section 20): made from a posted sale's or purchase's card, by its writers. */
export const RETURN_KIND: DocumentKindConfig = {
  kind: 'RETURN',
  api: DOCUMENT_PATHS.RETURN,
  listPath: paths.document.returns,
  cardPath: (id) => generatePath(paths.document.return, { id: String(id) }),
  create: null,
  writes: (user) => user.can_sell || user.can_buy,
  words: {
    title: 'documents.return.title',
    description: 'documents.return.description',
    counterparty: 'documents.return.counterparty',
    price: 'documents.line.price',
    empty: 'documents.return.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'price',
  editsDrafts: false,
  returnPath: null,
  money: 'refund',
};

/**
 * A stock count (DESIGN.md section 20): its list and its own page (StockCountPage: counted,
 * scanned, variances), not the priced documents' card and form.
 */
export const STOCK_COUNT_KIND: DocumentKindConfig = {
  kind: 'STOCK_COUNT',
  api: DOCUMENT_PATHS.STOCK_COUNT,
  listPath: paths.document.stockCounts,
  cardPath: (id) => generatePath(paths.document.stockCount, { id: String(id) }),
  // Started on its list page (StockCountsPage), which has its own form.
  create: null,
  // canCount's rule, with who-am-I's answer for the roles the business lets sell or buy.
  writes: (user) => STOCK_COUNT_ROLES.includes(user.role as Role) || user.can_sell || user.can_buy,
  words: {
    title: 'documents.stockCount.title',
    description: 'documents.stockCount.description',
    counterparty: 'documents.common.department',
    price: 'documents.stockCount.unitCost',
    empty: 'documents.stockCount.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'unit_cost',
  // Its own page (StockCountPage) counts and posts it, not the shell's form.
  editsDrafts: false,
  returnPath: null,
  money: 'none',
};

/**
 * A production order (DESIGN.md section 21): made on its own page from the output's recipe, by
 * who-am-I's `can_produce`; a draft is changed on its card in the same form (ProductionForm).
 */
export const PRODUCTION_KIND: DocumentKindConfig = {
  kind: 'PRODUCTION',
  api: DOCUMENT_PATHS.PRODUCTION,
  listPath: paths.document.productions,
  cardPath: (id) => generatePath(paths.document.production, { id: String(id) }),
  create: { path: paths.document.newProduction, label: 'documents.production.new' },
  writes: (user) => user.can_produce,
  words: {
    title: 'documents.production.title',
    description: 'documents.production.description',
    counterparty: 'documents.production.output',
    price: 'documents.production.unitCost',
    empty: 'documents.production.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'price',
  editsDrafts: true,
  returnPath: null,
  money: 'cost',
  noCounterparty: true,
};

/** Every kind, each a configuration of the one shell. */
export const DOCUMENT_KIND_CONFIGS: Record<DocumentKind, DocumentKindConfig> = {
  SALE: SALE_KIND,
  PURCHASE: PURCHASE_KIND,
  RETURN: RETURN_KIND,
  STOCK_COUNT: STOCK_COUNT_KIND,
  PRODUCTION: PRODUCTION_KIND,
};

/** `/sales/12/receipt`: the receipt page (built apart; the card links to it). */
export function receiptPath(id: number): string {
  return `${generatePath(paths.document.sale, { id: String(id) })}/receipt`;
}
