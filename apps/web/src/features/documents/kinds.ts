import { DOCUMENT_PATHS, type DocumentKind, type Role, type WhoAmI } from '@app/shared';
import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';

// One shell for every kind of document (DESIGN.md section 19): the list, the card, the form and
// the actions read what differs between a sale and a purchase from here. Returns, stock counts
// and production orders (sections 20-21) become one more entry each.

export interface DocumentKindConfig {
  kind: DocumentKind;
  /** The API's path segment: `sales` -> `api/sales/`. */
  api: (typeof DOCUMENT_PATHS)[keyof typeof DOCUMENT_PATHS];
  listPath: string;
  cardPath: (id: number) => string;
  /** Where a new document of this kind is made. */
  newPath: string;
  /** Whether who-am-I says the user writes this kind (its fixed role, or one the business allows). */
  writes: (user: Pick<WhoAmI, 'can_sell' | 'can_buy' | 'role'>) => boolean;
  words: {
    title: MessageKey;
    description: MessageKey;
    newLabel: MessageKey;
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
}

export const SALE_KIND: DocumentKindConfig = {
  kind: 'SALE',
  api: DOCUMENT_PATHS.SALE,
  listPath: paths.document.sales,
  cardPath: (id) => generatePath(paths.document.sale, { id: String(id) }),
  newPath: paths.document.counter,
  writes: (user) => user.can_sell,
  words: {
    title: 'documents.sale.title',
    description: 'documents.sale.description',
    newLabel: 'documents.sale.new',
    counterparty: 'documents.sale.counterparty',
    price: 'documents.line.price',
    empty: 'documents.sale.empty',
  },
  showsPriceSource: true,
  hasReceipt: true,
  priceField: 'price',
};

export const PURCHASE_KIND: DocumentKindConfig = {
  kind: 'PURCHASE',
  api: DOCUMENT_PATHS.PURCHASE,
  listPath: paths.document.purchases,
  cardPath: (id) => generatePath(paths.document.purchase, { id: String(id) }),
  newPath: paths.document.newPurchase,
  writes: (user) => user.can_buy,
  words: {
    title: 'documents.purchase.title',
    description: 'documents.purchase.description',
    newLabel: 'documents.purchase.new',
    counterparty: 'documents.purchase.counterparty',
    price: 'documents.line.unitCost',
    empty: 'documents.purchase.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'unit_cost',
};

/** The departments that hold stock count it; the Owner and admins count any (DESIGN.md section 20). */
const COUNTING_ROLES: readonly Role[] = ['Omborchi', 'Bozorchi', "Ta'minotchi", 'Owner', 'admin'];

/**
 * A stock count (DESIGN.md section 20): its list and its own page (StockCountPage: counted,
 * scanned, variances), not the priced documents' card and form.
 */
export const STOCK_COUNT_KIND: DocumentKindConfig = {
  kind: 'STOCK_COUNT',
  api: DOCUMENT_PATHS.STOCK_COUNT,
  listPath: paths.document.stockCounts,
  cardPath: (id) => generatePath(paths.document.stockCount, { id: String(id) }),
  newPath: paths.document.stockCounts,
  writes: (user) => COUNTING_ROLES.includes(user.role as Role) || user.can_sell || user.can_buy,
  words: {
    title: 'documents.stockCount.title',
    description: 'documents.stockCount.description',
    newLabel: 'documents.stockCount.start',
    counterparty: 'documents.common.department',
    price: 'documents.stockCount.unitCost',
    empty: 'documents.stockCount.empty',
  },
  showsPriceSource: false,
  hasReceipt: false,
  priceField: 'unit_cost',
};

/** The kinds with pages; returns (DESIGN.md section 20) have their API and no pages yet. */
export const DOCUMENT_KIND_CONFIGS: Partial<Record<DocumentKind, DocumentKindConfig>> = {
  SALE: SALE_KIND,
  PURCHASE: PURCHASE_KIND,
  STOCK_COUNT: STOCK_COUNT_KIND,
};

/** `/sales/12/receipt`: the receipt page (built apart; the card links to it). */
export function receiptPath(id: number): string {
  return `${generatePath(paths.document.sale, { id: String(id) })}/receipt`;
}
