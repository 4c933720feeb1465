// The numbers of spec.md section 9 and DESIGN.md section 5, in one place for both sides.

export const ACCESS_REFRESH_INTERVAL_MS = 240_000;
export const RESEND_COUNTDOWN_SECONDS = 60;

export const REASON_MIN = 8;
export const REASON_MAX = 500;
export const REASON_PREVIEW_LENGTH = 8;

export const MONEY_STEP = '0.01';
export const QUANTITY_STEP = '0.001';
export const RATE_STEP = '0.000001';
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;
export const RATE_SCALE = 6;

/** Currency ids are fixed: spec.md section 9. UZS is the pivot. */
export const CURRENCY_IDS = { USD: 1, UZS: 2 } as const;

export const OFFER_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer moves money or goods (spec.md section 3). */
export const OFFER_KINDS = ['MONEY', 'PRODUCT'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const TRANSACTIONS_PAGE_SIZE = 20;
export const PAGINATION_ALL_PAGES_UP_TO = 7;
export const JUMP_TO_PAGE_ABOVE = 10;

export const INVENTORY_PAGE_SIZES = [10, 20, 50] as const;
export const INVENTORY_DEFAULT_PAGE_SIZE = 10;

export const VARIANT_PICKER_MAX_RESULTS = 20;
export const VARIANT_PICKER_MIN_CHARS = 2;
export const COPY_CONFIRM_MS = 1200;

export const ENTRY_TYPES = ['PURCHASE', 'PRODUCTION', 'RETURN', 'ADJUSTMENT', 'OTHER'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
/** The exit types a person records by hand. */
export const MANUAL_EXIT_TYPES = [
  'SALE',
  'PRODUCTION',
  'WRITE_OFF',
  'RETURN',
  'ADJUSTMENT',
  'OTHER',
] as const;
/** Every exit type: a transit loss is written only by an approval (DESIGN.md section 20). */
export const EXIT_TYPES = [...MANUAL_EXIT_TYPES, 'TRANSIT_LOSS'] as const;
export type ExitType = (typeof EXIT_TYPES)[number];

export const PRODUCT_TYPES = ['RAW', 'SEMI', 'FINISHED'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  RAW: 'Hom-Ashyo',
  SEMI: 'Yarim-tayyor',
  FINISHED: 'Tayyor',
};

export const UNIT_MEASURES = ['KG', 'M', 'D'] as const;
export type UnitMeasure = (typeof UNIT_MEASURES)[number];
export const UNIT_MEASURE_LABELS: Record<UnitMeasure, string> = { KG: 'Kilogram', M: 'Meter', D: 'Dona' };

export const HEX_COLOR_PATTERN = /^#?[0-9a-fA-F]{6}$/;

export const TX_TYPES = [
  'EXCHANGE',
  'OFFER',
  'EXTERNAL',
  'ADJUSTMENT',
  'DEBT',
  'SALE',
  'PURCHASE',
  'SHIFT_DIFF',
] as const;
export type TxType = (typeof TX_TYPES)[number];

/**
 * Cash shifts (DESIGN.md section 22): the notes and coins a drawer is counted in, per currency
 * code, largest first. A currency not listed is counted as one amount.
 */
export const SHIFT_DENOMINATIONS: Readonly<Record<string, readonly string[]>> = {
  UZS: ['200000', '100000', '50000', '20000', '10000', '5000', '2000', '1000', '500', '200', '100'],
  USD: ['100', '50', '20', '10', '5', '2', '1'],
  EUR: ['500', '200', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.20', '0.10', '0.05', '0.02', '0.01'],
  RUB: ['5000', '2000', '1000', '500', '200', '100', '50', '10', '5', '2', '1'],
};
export const SHIFT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** Documents (DESIGN.md section 19): the kinds on the one skeleton, and their states. */
export const DOCUMENT_KINDS = ['SALE', 'PURCHASE', 'RETURN', 'STOCK_COUNT', 'PRODUCTION'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_STATUSES = ['DRAFT', 'POSTED', 'REVERSED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** The path segment of each kind: `api/sales/`, `api/purchases/`. */
export const DOCUMENT_PATHS = {
  SALE: 'sales',
  PURCHASE: 'purchases',
  RETURN: 'returns',
  STOCK_COUNT: 'stock-counts',
  PRODUCTION: 'production-orders',
} as const;

/** A document's number: its kind's prefix and six digits at least, `S-000123`; a production order's is IC (ishlab chiqarish). */
export const DOCUMENT_PREFIXES = {
  SALE: 'S',
  PURCHASE: 'P',
  RETURN: 'R',
  STOCK_COUNT: 'C',
  PRODUCTION: 'IC',
} as const;
/** Where a sale line's price came from: the counterparty's price type, the default one, or typed. */
export const PRICE_SOURCES = ['COUNTERPARTY', 'DEFAULT', 'MANUAL'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/** How a return is refunded (DESIGN.md section 20): cash, or the source's debt lowered. */
export const RETURN_REFUNDS = ['CASH', 'DEBT'] as const;
export type ReturnRefund = (typeof RETURN_REFUNDS)[number];
export const DOCUMENTS_PAGE_SIZE = 20;
/** A document's lines at most: a long purchase invoice, never an unbounded body. */
export const DOCUMENT_MAX_LINES = 500;
/** A stock count's lines at most (DESIGN.md section 20): a whole department's variants. */
export const STOCK_COUNT_MAX_LINES = 5000;
/** What a stock count covers (DESIGN.md section 20): all the department holds, a product type, a list. */
export const STOCK_COUNT_SCOPES = ['ALL', 'TYPE', 'LIST'] as const;
export type StockCountScope = (typeof STOCK_COUNT_SCOPES)[number];

/**
 * The kinds a user may also have sent by e-mail (users.email_notifications, migration 0018); here,
 * not beside the notifications' schemas, so that the web's who-am-I check reads it without zod.
 */
export const EMAIL_NOTIFICATION_KINDS = ['OFFER_PENDING', 'DEBT_OVERDUE'] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** One-time codes: DESIGN.md section 5. */
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;

/** A debt's way (DESIGN.md section 12): RECEIVABLE they owe us, PAYABLE we owe them. */
export const DEBT_DIRECTIONS = ['RECEIVABLE', 'PAYABLE'] as const;
export type DebtDirection = (typeof DEBT_DIRECTIONS)[number];
