import {
  COUNTERPARTY_KINDS,
  DEBT_DIRECTIONS,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  ENTRY_TYPES,
  EXIT_TYPES,
  IMPORT_KINDS,
  IMPORT_STATUSES,
  LOCATION_KINDS,
  NOTIFICATION_KINDS,
  OFFER_KINDS,
  OFFER_STATUSES,
  PRICE_SOURCES,
  PRODUCT_TYPES,
  RATE_SOURCES,
  RETURN_REFUNDS,
  ROLES,
  STOCK_COUNT_SCOPES,
  TX_TYPES,
  UNIT_MEASURES,
  WEIGHT_BARCODE_MODES,
} from '@app/shared';

// One definition per enum (DESIGN.md section 15): the values a CHECK (column IN (...)) of the
// migrations allows are these constants; the Kysely table types (db/tables) take their unions
// from them, and schema-enums.test.ts holds the migrated database's lists equal to them.

/** stock_moves.kind: the stock ledger's kinds of move (migration 0005). */
export const STOCK_MOVE_KINDS = [
  'ENTRY',
  'EXIT',
  'OFFER_OUT',
  'OFFER_IN',
  'EXIT_REVERSAL',
  'ENTRY_REVERSAL',
] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** one_time_codes.purpose: a password reset's code or a sign-in's (DESIGN.md section 5). */
export const ONE_TIME_CODE_PURPOSES = ['RESET', 'LOGIN'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/** imports.status as stored: READING until the file is read and checked (migration 0024). */
export const IMPORT_STORED_STATUSES = ['READING', ...IMPORT_STATUSES] as const;
export type ImportStoredStatus = (typeof IMPORT_STORED_STATUSES)[number];

/** import_rows.action: what posting a staged row does (DESIGN.md section 17). */
export const IMPORT_ROW_ACTIONS = ['create', 'update'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

/** Each `table.column` with a CHECK list, and its constant. */
export const DB_ENUMS: Readonly<Record<string, readonly string[]>> = {
  'users.role': ROLES,
  'businesses.weight_barcodes': WEIGHT_BARCODE_MODES,
  'one_time_codes.purpose': ONE_TIME_CODE_PURPOSES,
  'units.measure': UNIT_MEASURES,
  'products.type': PRODUCT_TYPES,
  'offers.kind': OFFER_KINDS,
  'offers.status': OFFER_STATUSES,
  'stock_entries.type': ENTRY_TYPES,
  'stock_exits.type': EXIT_TYPES,
  'stock_moves.kind': STOCK_MOVE_KINDS,
  'locations.kind': LOCATION_KINDS,
  'currency_rates.source': RATE_SOURCES,
  'counterparties.kind': COUNTERPARTY_KINDS,
  'debts.direction': DEBT_DIRECTIONS,
  'money_transactions.tx_type': TX_TYPES,
  'notifications.kind': NOTIFICATION_KINDS,
  'imports.kind': IMPORT_KINDS,
  'imports.status': IMPORT_STORED_STATUSES,
  'import_rows.action': IMPORT_ROW_ACTIONS,
  'documents.kind': DOCUMENT_KINDS,
  'documents.status': DOCUMENT_STATUSES,
  'document_lines.price_source': PRICE_SOURCES,
  'documents.refund': RETURN_REFUNDS,
  'documents.count_scope': STOCK_COUNT_SCOPES,
  'documents.count_product_type': PRODUCT_TYPES,
};
