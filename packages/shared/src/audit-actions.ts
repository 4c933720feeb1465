// Every action code the server writes into the audit log (DESIGN.md section 3 "Audit"), in one
// list: lib/audit.ts's writer takes only these, and History shows each as a phrase in every
// language (DESIGN.md section 16), which the web catalogues' test checks against this list.

const CATALOG_ENTITIES = ['product', 'variant', 'unit', 'size', 'color', 'location', 'price_type'] as const;
const CATALOG_ACTIONS = ['create', 'update', 'delete'] as const;
type CatalogCode = `catalog.${(typeof CATALOG_ENTITIES)[number]}.${(typeof CATALOG_ACTIONS)[number]}`;

const CATALOG_CODES = CATALOG_ENTITIES.flatMap((e) =>
  CATALOG_ACTIONS.map((a): CatalogCode => `catalog.${e}.${a}`),
);

/** Documents (DESIGN.md section 19): each kind's drafts, postings and reversals. */
export const DOCUMENT_ENTITIES = ['sale', 'purchase', 'return', 'stock_count', 'production'] as const;
const DOCUMENT_ACTIONS = ['create', 'update', 'delete', 'post', 'reverse'] as const;
type DocumentCode = `${(typeof DOCUMENT_ENTITIES)[number]}.${(typeof DOCUMENT_ACTIONS)[number]}`;
const DOCUMENT_CODES = DOCUMENT_ENTITIES.flatMap((e) =>
  DOCUMENT_ACTIONS.map((a): DocumentCode => `${e}.${a}`),
);

const OTHER_CODES = [
  'auth.login',
  'auth.login_failed',
  'auth.login_code_sent',
  'auth.refresh_reuse',
  'auth.logout',
  'auth.reset_code_requested',
  'auth.reset_code_verified',
  'auth.password_reset',
  'auth.accept_invite',
  'user.create',
  'user.invite',
  'user.update',
  'user.preferences',
  'settings.update',
  'balance.adjust',
  'currency.add',
  'currency.rate',
  'currency.import-cbu',
  'exchange.create',
  'external.income',
  'external.expense',
  'offer.create',
  'offer.submit',
  'offer.approve',
  'offer.reject',
  'offer.cancel',
  'offer.delete',
  'stock_entry.create',
  'stock_exit.create',
  'counterparty.create',
  'counterparty.update',
  'counterparty.delete',
  'debt.create',
  'debt.payment',
  'debt.cancel',
  'debt.lower',
  'debt.raise',
  'import.stage',
  'import.commit',
  'import.discard',
  'recipe.create',
  'recipe.update',
  'recipe.delete',
  'shift.open',
  'shift.close',
  'telegram.link',
  'telegram.unlink',
  'cli.create-user',
  'cli.create-business',
  'cli.reset-password',
  'cli.login-codes',
] as const;

export type AuditAction = (typeof OTHER_CODES)[number] | CatalogCode | DocumentCode;

export const AUDIT_ACTIONS: readonly AuditAction[] = [...OTHER_CODES, ...CATALOG_CODES, ...DOCUMENT_CODES];

export function isAuditAction(code: string): code is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(code);
}

/** What an audit row is about (`entity`), as the writers record it. */
export const AUDIT_ENTITIES = [
  'offer',
  'exchange',
  'money_transaction',
  'stock_entry',
  'stock_exit',
  'product',
  'variant',
  'unit',
  'size',
  'color',
  'location',
  'price_type',
  'counterparty',
  'debt',
  'currency',
  'business',
  'user',
  'refresh_token',
  'import',
  'recipe',
  'shift',
  ...DOCUMENT_ENTITIES,
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export function isAuditEntity(entity: string): entity is AuditEntity {
  return (AUDIT_ENTITIES as readonly string[]).includes(entity);
}
