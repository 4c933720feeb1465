import type { Currency, PriceType, SaleCreate, UnitMeasure, VariantPrice } from '@app/shared';
import Dexie, { type EntityTable } from 'dexie';

// What the counter keeps on the device (DESIGN.md section 23, docs/offline.md), in IndexedDB
// through Dexie: the last catalogue the seller can sell from (their own stock with its prices),
// the sales made without a connection waiting to be sent, and those the server refused.

/** A variant the seller holds, as the counter searches it offline. */
export interface CachedVariant {
  id: number;
  sku: string;
  /** Its barcode, for a scan without a connection; absent in a copy kept before barcodes were. */
  barcode?: string | null;
  label: string;
  product_name: string;
  unit: UnitMeasure;
  /** The seller's own stock at the last refresh, less the sales queued since. */
  qty: string;
}

/** One user's catalogue on this device: the stock they hold and each variant's list prices. */
export interface CatalogueSnapshot {
  user: number;
  refreshed_at: string;
  variants: CachedVariant[];
  /** By variant id: its price in each price list, as GET catalog/variants/{id}/prices/ gives. */
  prices: Record<number, VariantPrice[]>;
  /** The price lists and currencies the counter's payment needs (its currency and rates). */
  price_types?: PriceType[];
  currencies?: Currency[];
}

/** A sale made offline, waiting to be sent with `POST api/sales/?post=true`. */
export interface QueuedSale {
  /** Its order in the queue (auto-increment): sales are sent oldest first. */
  seq?: number;
  /** Its own UUID, sent as its Idempotency-Key: sent twice, it is posted once. */
  key: string;
  /** The UUID of the draft it becomes if refused, so a resent draft is created once too. */
  draft_key: string;
  /** Whose sale: only that user's session sends it. */
  user: number;
  body: SaleCreate;
  total: string;
  currency_code: string;
  created_at: string;
}

/** A queued sale the server refused: kept back as a draft on the server, with the reason. */
export interface ReturnedSale {
  key: string;
  user: number;
  reason: string;
  /** The draft it became; null when the server refused the draft too (the sale is kept here). */
  draft: { id: number; number: string } | null;
  body: SaleCreate;
  total: string;
  currency_code: string;
  created_at: string;
}

export type DeviceDb = Dexie & {
  catalogue: EntityTable<CatalogueSnapshot, 'user'>;
  queue: EntityTable<QueuedSale, 'seq'>;
  returned: EntityTable<ReturnedSale, 'key'>;
};

export const DEVICE_DB_NAME = 'backoffice-counter';

export function openDeviceDb(name = DEVICE_DB_NAME): DeviceDb {
  const db = new Dexie(name) as DeviceDb;
  db.version(1).stores({
    catalogue: 'user',
    queue: '++seq, &key, user',
    returned: 'key, user',
  });
  return db;
}

let shared: DeviceDb | null = null;

/** The page's one connection to the device database. */
export function deviceDb(): DeviceDb {
  shared ??= openDeviceDb();
  return shared;
}
