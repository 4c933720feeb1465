import { type AuditAction, type AuditEntity, type AuditRow, isAuditAction, isAuditEntity } from '@app/shared';
import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';

// History in the reader's words (DESIGN.md section 16): each action code the server writes
// (@app/shared AUDIT_ACTIONS) as a phrase, each kind of object as a noun, and the page an object
// is shown on. The codes stay in the API; history-words.test.ts checks every code has its phrase.

export const ACTION_PHRASES: Record<AuditAction, MessageKey> = {
  'auth.login': 'history.action.authLogin',
  'auth.login_failed': 'history.action.authLoginFailed',
  'auth.login_code_sent': 'history.action.authLoginCodeSent',
  'auth.refresh_reuse': 'history.action.authRefreshReuse',
  'auth.logout': 'history.action.authLogout',
  'auth.reset_code_requested': 'history.action.authResetCodeRequested',
  'auth.reset_code_verified': 'history.action.authResetCodeVerified',
  'auth.password_reset': 'history.action.authPasswordReset',
  'auth.accept_invite': 'history.action.authAcceptInvite',
  'user.create': 'history.action.userCreate',
  'user.invite': 'history.action.userInvite',
  'user.update': 'history.action.userUpdate',
  'user.preferences': 'history.action.userPreferences',
  'settings.update': 'history.action.settingsUpdate',
  'balance.adjust': 'history.action.balanceAdjust',
  'currency.add': 'history.action.currencyAdd',
  'currency.rate': 'history.action.currencyRate',
  'currency.import-cbu': 'history.action.currencyImportCbu',
  'exchange.create': 'history.action.exchangeCreate',
  'external.income': 'history.action.externalIncome',
  'external.expense': 'history.action.externalExpense',
  'offer.create': 'history.action.offerCreate',
  'offer.submit': 'history.action.offerSubmit',
  'offer.approve': 'history.action.offerApprove',
  'offer.reject': 'history.action.offerReject',
  'offer.cancel': 'history.action.offerCancel',
  'offer.delete': 'history.action.offerDelete',
  'stock_entry.create': 'history.action.stockEntryCreate',
  'stock_exit.create': 'history.action.stockExitCreate',
  'counterparty.create': 'history.action.counterpartyCreate',
  'counterparty.update': 'history.action.counterpartyUpdate',
  'counterparty.delete': 'history.action.counterpartyDelete',
  'debt.create': 'history.action.debtCreate',
  'debt.payment': 'history.action.debtPayment',
  'debt.cancel': 'history.action.debtCancel',
  'debt.lower': 'history.action.debtLower',
  'debt.raise': 'history.action.debtRaise',
  'sale.create': 'history.action.saleCreate',
  'sale.update': 'history.action.saleUpdate',
  'sale.delete': 'history.action.saleDelete',
  'sale.post': 'history.action.salePost',
  'sale.reverse': 'history.action.saleReverse',
  'purchase.create': 'history.action.purchaseCreate',
  'purchase.update': 'history.action.purchaseUpdate',
  'purchase.delete': 'history.action.purchaseDelete',
  'purchase.post': 'history.action.purchasePost',
  'purchase.reverse': 'history.action.purchaseReverse',
  'return.create': 'history.action.returnCreate',
  'return.update': 'history.action.returnUpdate',
  'return.delete': 'history.action.returnDelete',
  'return.post': 'history.action.returnPost',
  'return.reverse': 'history.action.returnReverse',
  'production.create': 'history.action.productionCreate',
  'production.update': 'history.action.productionUpdate',
  'production.delete': 'history.action.productionDelete',
  'production.post': 'history.action.productionPost',
  'production.reverse': 'history.action.productionReverse',
  'stock_count.create': 'history.action.stockCountCreate',
  'stock_count.update': 'history.action.stockCountUpdate',
  'stock_count.delete': 'history.action.stockCountDelete',
  'stock_count.post': 'history.action.stockCountPost',
  'stock_count.reverse': 'history.action.stockCountReverse',
  'telegram.link': 'history.action.telegramLink',
  'telegram.unlink': 'history.action.telegramUnlink',
  'cli.create-user': 'history.action.cliCreateUser',
  'cli.create-business': 'history.action.cliCreateBusiness',
  'cli.reset-password': 'history.action.cliResetPassword',
  'cli.login-codes': 'history.action.cliLoginCodes',
  'catalog.product.create': 'history.action.catalogProductCreate',
  'catalog.product.update': 'history.action.catalogProductUpdate',
  'catalog.product.delete': 'history.action.catalogProductDelete',
  'catalog.variant.create': 'history.action.catalogVariantCreate',
  'catalog.variant.update': 'history.action.catalogVariantUpdate',
  'catalog.variant.delete': 'history.action.catalogVariantDelete',
  'catalog.unit.create': 'history.action.catalogUnitCreate',
  'catalog.unit.update': 'history.action.catalogUnitUpdate',
  'catalog.unit.delete': 'history.action.catalogUnitDelete',
  'catalog.size.create': 'history.action.catalogSizeCreate',
  'catalog.size.update': 'history.action.catalogSizeUpdate',
  'catalog.size.delete': 'history.action.catalogSizeDelete',
  'catalog.color.create': 'history.action.catalogColorCreate',
  'catalog.color.update': 'history.action.catalogColorUpdate',
  'catalog.color.delete': 'history.action.catalogColorDelete',
  'catalog.location.create': 'history.action.catalogLocationCreate',
  'catalog.location.update': 'history.action.catalogLocationUpdate',
  'catalog.location.delete': 'history.action.catalogLocationDelete',
  'catalog.price_type.create': 'history.action.catalogPriceTypeCreate',
  'catalog.price_type.update': 'history.action.catalogPriceTypeUpdate',
  'catalog.price_type.delete': 'history.action.catalogPriceTypeDelete',
  'import.stage': 'history.action.importStage',
  'import.commit': 'history.action.importCommit',
  'import.discard': 'history.action.importDiscard',
  'recipe.create': 'history.action.recipeCreate',
  'recipe.update': 'history.action.recipeUpdate',
  'recipe.delete': 'history.action.recipeDelete',
  'shift.open': 'history.action.shiftOpen',
  'shift.close': 'history.action.shiftClose',
};

export const ENTITY_NOUNS: Record<AuditEntity, MessageKey> = {
  offer: 'history.entity.offer',
  exchange: 'history.entity.exchange',
  money_transaction: 'history.entity.moneyTransaction',
  stock_entry: 'history.entity.stockEntry',
  stock_exit: 'history.entity.stockExit',
  product: 'history.entity.product',
  variant: 'history.entity.variant',
  unit: 'history.entity.unit',
  size: 'history.entity.size',
  color: 'history.entity.color',
  location: 'history.entity.location',
  price_type: 'history.entity.priceType',
  counterparty: 'history.entity.counterparty',
  debt: 'history.entity.debt',
  currency: 'history.entity.currency',
  business: 'history.entity.business',
  user: 'history.entity.user',
  refresh_token: 'history.entity.refreshToken',
  import: 'history.entity.import',
  recipe: 'history.entity.recipe',
  shift: 'history.entity.shift',
  sale: 'history.entity.sale',
  purchase: 'history.entity.purchase',
  return: 'history.entity.return',
  production: 'history.entity.production',
  stock_count: 'history.entity.stockCount',
};

/** An action's phrase key, or null for a code this web app does not know (shown as it came). */
export function actionPhrase(code: string): MessageKey | null {
  return isAuditAction(code) ? ACTION_PHRASES[code] : null;
}

export function entityNoun(entity: string): MessageKey | null {
  return isAuditEntity(entity) ? ENTITY_NOUNS[entity] : null;
}

type Where = (id: string, row: AuditRow, adminArea: boolean) => string | null;

const catalogProducts: Where = () => paths.catalog.products;
const transactions: Where = () => paths.transactions;
const inAdmin =
  (path: string): Where =>
  (_id, _row, adminArea) =>
    adminArea ? path : null;

/** The page each kind of object is shown on; the admin area's only for those who may open it. */
const PAGES: Record<AuditEntity, Where> = {
  offer: (id) => generatePath(paths.offer, { id }),
  product: catalogProducts,
  variant: catalogProducts,
  stock_entry: catalogProducts,
  stock_exit: catalogProducts,
  unit: () => paths.catalog.unit,
  size: () => paths.catalog.size,
  color: () => paths.catalog.color,
  location: () => paths.catalog.location,
  price_type: () => paths.catalog.priceTypes,
  sale: (id) => generatePath(paths.document.sale, { id }),
  purchase: (id) => generatePath(paths.document.purchase, { id }),
  return: (id) => generatePath(paths.document.return, { id }),
  production: (id) => generatePath(paths.document.production, { id }),
  stock_count: (id) => generatePath(paths.document.stockCount, { id }),
  counterparty: (id) => generatePath(paths.counterparty, { id }),
  debt: (_id, row) =>
    row.object_parent_id === null
      ? paths.debts
      : generatePath(paths.counterparty, { id: String(row.object_parent_id) }),
  money_transaction: transactions,
  exchange: transactions,
  user: inAdmin(paths.admin.users),
  currency: inAdmin(paths.admin.currencies),
  business: inAdmin(paths.admin.settings),
  refresh_token: () => null,
  import: inAdmin(paths.admin.import),
  recipe: (id) => generatePath(paths.catalog.recipe, { id }),
  shift: (id) => generatePath(paths.shiftCard, { id }),
};

/** Where a row's object opens, or null: gone, never a row, or no page the reader may open. */
export function objectPath(row: AuditRow, adminArea: boolean): string | null {
  if (!row.object_exists || row.entity_id === null || !isAuditEntity(row.entity)) return null;
  return PAGES[row.entity](row.entity_id, row, adminArea);
}
