import 'fake-indexeddb/auto';
import type { StockBalance } from '@app/shared';
import { inStoreCode, withCheckDigit } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cachedPrices,
  savePrices,
  saveStock,
  scanCatalogue,
  searchCatalogue,
  takeFromCatalogue,
} from './catalogue.ts';
import { type DeviceDb, openDeviceDb } from './device-db.ts';

let db: DeviceDb;
let n = 0;
afterEach(async () => {
  await db.delete();
});

const row = (
  id: number,
  name: string,
  sku: string,
  qty: string,
  barcode: string | null = null,
): StockBalance => ({
  id,
  qty_on_hand: qty,
  updated_at: '2026-01-01T00:00:00Z',
  variant: {
    id,
    product: id,
    sku,
    barcode,
    label: `${name} ${sku}`,
    unit: 'D',
    product_name: name,
    product_code: id,
    color_name: null,
    color_code: null,
    size_label: null,
  },
});

describe('the catalogue kept on the device (DESIGN.md section 23)', () => {
  it('searches the seller’s own stock by every word typed, and prices from the kept lists', async () => {
    db = openDeviceDb(`catalogue-test-${n++}`);
    await saveStock(db, 7, [row(1, 'Ko‘ylak', 'KY-01', '3'), row(2, 'Shim', 'SH-02', '1')]);
    await savePrices(db, 7, { 1: [{ price_type: 1, price: '120000.00' }] });
    expect((await searchCatalogue(db, 7, 'ky-01')).map((v) => v.id)).toEqual([1]);
    expect((await searchCatalogue(db, 7, 'shim sh')).map((v) => v.id)).toEqual([2]);
    expect(await searchCatalogue(db, 8, 'shim')).toEqual([]);
    expect(await cachedPrices(db, 7, 1)).toEqual([{ price_type: 1, price: '120000.00' }]);
    expect(await cachedPrices(db, 7, 2)).toBeNull();
    // A refresh of the stock keeps the prices.
    await saveStock(db, 7, [row(1, 'Ko‘ylak', 'KY-01', '2')]);
    expect(await cachedPrices(db, 7, 1)).toEqual([{ price_type: 1, price: '120000.00' }]);
  });

  it('takes a queued sale’s quantities from the kept stock; what is gone is no longer offered', async () => {
    db = openDeviceDb(`catalogue-test-${n++}`);
    await saveStock(db, 7, [row(1, 'Shim', 'SH-01', '1.5')]);
    await takeFromCatalogue(db, 7, [{ variant: 1, qty: '1' }]);
    expect((await searchCatalogue(db, 7, 'shim'))[0]?.qty).toBe('0.5');
    await takeFromCatalogue(db, 7, [{ variant: 1, qty: '1' }]);
    expect(await searchCatalogue(db, 7, 'shim')).toEqual([]);
  });

  it('reads a scan from the kept stock as the server does: a barcode, else a weight code as the scales print it', async () => {
    db = openDeviceDb(`catalogue-test-${n++}`);
    // Item 42's in-store code; its scale prints 22 + 00042 + five digits + a check digit.
    await saveStock(db, 7, [
      row(1, 'Shim', 'SH-01', '2', '4006381333931'),
      row(2, 'Guruch', 'GR-01', '0', inStoreCode(42)),
    ]);
    const weighed = withCheckDigit('220004201250');
    const found = async (code: string, scales: 'off' | 'weight' | 'price') => {
      const scan = await scanCatalogue(db, 7, code, scales);
      return scan && { id: scan.variant.id, scanned: scan.scanned };
    };
    expect(await found('4006381333931', 'off')).toEqual({ id: 1, scanned: null });
    // None left on the device: found all the same, the server decides when the sale is sent.
    expect(await found(inStoreCode(42), 'off')).toEqual({ id: 2, scanned: null });
    expect(await found(weighed, 'weight')).toEqual({ id: 2, scanned: { qty: '1.250', price: null } });
    expect(await found(weighed, 'price')).toEqual({ id: 2, scanned: { qty: null, price: '1250.00' } });
    expect(await found(weighed, 'off')).toBeNull();
    // An item the seller does not hold, a code nobody has, another user's device copy.
    expect(await found(withCheckDigit('220004301250'), 'weight')).toBeNull();
    expect(await found('96385074', 'weight')).toBeNull();
    expect(await scanCatalogue(db, 8, '4006381333931', 'weight')).toBeNull();
  });
});
