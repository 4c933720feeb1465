import type { Currency, PriceType, StockBalance, VariantPrice, WeightBarcodeMode } from '@app/shared';
import {
  cachedPrices,
  keptLists,
  saveLists,
  savePrices,
  saveStock,
  scanCatalogue,
  searchCatalogue,
  takeFromCatalogue,
} from './catalogue.ts';
import { deviceDb } from './device-db.ts';
import {
  dismissReturned,
  enqueueSale,
  type FlushSummary,
  flushQueue,
  type NewSale,
  returnedSales,
  type Sender,
  waitingSales,
} from './sale-queue.ts';

// The device's store bound to the page's database: the counter and the queue's runner import it
// lazily (`import('./store.ts')`), so Dexie is not in any page's first load (DESIGN.md section 23).

export const store = {
  saveStock: (user: number, rows: readonly StockBalance[]) => saveStock(deviceDb(), user, rows),
  savePrices: (user: number, prices: Record<number, VariantPrice[]>) => savePrices(deviceDb(), user, prices),
  saveLists: (user: number, types: PriceType[], currencies: Currency[]) =>
    saveLists(deviceDb(), user, types, currencies),
  lists: (user: number) => keptLists(deviceDb(), user),
  search: (user: number, text: string) => searchCatalogue(deviceDb(), user, text),
  scan: (user: number, code: string, scales: WeightBarcodeMode) =>
    scanCatalogue(deviceDb(), user, code, scales),
  prices: (user: number, variant: number) => cachedPrices(deviceDb(), user, variant),
  async queue(sale: NewSale) {
    const db = deviceDb();
    // Asks the browser not to evict the device's data under storage pressure (granted to an
    // installed app); a refusal changes nothing else.
    void navigator.storage?.persist?.().catch(() => false);
    await enqueueSale(db, sale);
    const lines = sale.body.lines.map((l) => ({ variant: Number(l.variant), qty: String(l.qty) }));
    await takeFromCatalogue(db, sale.user, lines);
  },
  waiting: (user: number) => waitingSales(deviceDb(), user),
  returned: (user: number) => returnedSales(deviceDb(), user),
  dismiss: (key: string) => dismissReturned(deviceDb(), key),
  flush: (user: number, sender: Sender): Promise<FlushSummary> => flushQueue(deviceDb(), user, sender),
};
