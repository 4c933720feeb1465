import {
  type Currency,
  D,
  type PriceType,
  readWeightCode,
  type StockBalance,
  VARIANT_PICKER_MAX_RESULTS,
  type VariantPrice,
  type WeighedScan,
  type WeightBarcodeMode,
  weighedScan,
} from '@app/shared';
import type { CachedVariant, CatalogueSnapshot, DeviceDb } from './device-db.ts';

// The catalogue the counter searches and prices from when there is no connection (DESIGN.md
// section 23): the variants the seller holds (GET inventory/stocks/my-balance/, the only ones a
// sale of theirs can take), their list prices, refreshed while online (docs/offline.md).

const empty = (user: number): CatalogueSnapshot => ({ user, refreshed_at: '', variants: [], prices: {} });

/** Replaces the user's stock by the server's answer; the prices already kept stay. */
export async function saveStock(db: DeviceDb, user: number, rows: readonly StockBalance[], now = new Date()) {
  await db.transaction('rw', db.catalogue, async () => {
    const before = (await db.catalogue.get(user)) ?? empty(user);
    const variants: CachedVariant[] = rows.map((r) => ({
      id: r.variant.id,
      sku: r.variant.sku,
      barcode: r.variant.barcode,
      label: r.variant.label,
      product_name: r.variant.product_name,
      unit: r.variant.unit,
      qty: r.qty_on_hand,
    }));
    await db.catalogue.put({ ...before, variants, refreshed_at: now.toISOString() });
  });
}

/** Keeps these variants' prices (each variant's whole list replaced). */
export async function savePrices(db: DeviceDb, user: number, prices: Record<number, VariantPrice[]>) {
  await db.transaction('rw', db.catalogue, async () => {
    const before = (await db.catalogue.get(user)) ?? empty(user);
    await db.catalogue.put({ ...before, prices: { ...before.prices, ...prices } });
  });
}

/** Keeps the price lists and currencies (the counter's currency and rates offline). */
export async function saveLists(
  db: DeviceDb,
  user: number,
  price_types: PriceType[],
  currencies: Currency[],
) {
  await db.transaction('rw', db.catalogue, async () => {
    const before = (await db.catalogue.get(user)) ?? empty(user);
    await db.catalogue.put({ ...before, price_types, currencies });
  });
}

/** The kept price lists and currencies, or null before the first refresh. */
export async function keptLists(db: DeviceDb, user: number) {
  const snapshot = await db.catalogue.get(user);
  return snapshot?.price_types && snapshot.currencies
    ? { price_types: snapshot.price_types, currencies: snapshot.currencies }
    : null;
}

/**
 * The variants whose name, label or SKU holds every word typed, with stock left, at most as
 * many as the online search gives.
 */
export async function searchCatalogue(db: DeviceDb, user: number, text: string): Promise<CachedVariant[]> {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const snapshot = await db.catalogue.get(user);
  if (!snapshot) return [];
  return snapshot.variants
    .filter((v) => new D(v.qty).gt(0))
    .filter((v) => {
      const haystack = `${v.product_name} ${v.label} ${v.sku}`.toLocaleLowerCase();
      return words.every((w) => haystack.includes(w));
    })
    .slice(0, VARIANT_PICKER_MAX_RESULTS);
}

/**
 * A scan read from the kept stock, as the server's `?barcode=` reads it (DESIGN.md sections 18
 * and 23): the variant with this barcode, else, for a scale's weight code when the business's
 * scales print them (`scales`, who-am-I's weight_barcodes), its item's variant and what the code
 * carries. Found whatever the kept quantity says: the item is in the seller's hand, and the
 * server decides when the sale is sent.
 */
export async function scanCatalogue(
  db: DeviceDb,
  user: number,
  code: string,
  scales: WeightBarcodeMode,
): Promise<{ variant: CachedVariant; scanned: WeighedScan | null } | null> {
  const snapshot = await db.catalogue.get(user);
  if (!snapshot) return null;
  const withBarcode = (barcode: string) => snapshot.variants.find((v) => v.barcode === barcode);
  const exact = withBarcode(code);
  if (exact) return { variant: exact, scanned: null };
  if (scales === 'off') return null;
  const weighed = readWeightCode(code);
  const item = weighed ? withBarcode(weighed.itemCode) : undefined;
  return weighed && item ? { variant: item, scanned: weighedScan(weighed, scales) } : null;
}

/** A variant's kept prices, or null when the device has none for it. */
export async function cachedPrices(
  db: DeviceDb,
  user: number,
  variant: number,
): Promise<VariantPrice[] | null> {
  return (await db.catalogue.get(user))?.prices[variant] ?? null;
}

/** A sale queued offline takes its quantities from the kept stock, so the next search shows what is left. */
export async function takeFromCatalogue(
  db: DeviceDb,
  user: number,
  lines: ReadonlyArray<{ variant: number; qty: string }>,
) {
  await db.transaction('rw', db.catalogue, async () => {
    const snapshot = await db.catalogue.get(user);
    if (!snapshot) return;
    const variants = snapshot.variants.map((v) => {
      const taken = lines.filter((l) => l.variant === v.id).reduce((s, l) => s.plus(l.qty), new D(0));
      return taken.isZero() ? v : { ...v, qty: D.max(new D(v.qty).minus(taken), 0).toString() };
    });
    await db.catalogue.put({ ...snapshot, variants });
  });
}
