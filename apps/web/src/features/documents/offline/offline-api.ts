import {
  DocumentSchema,
  type StockBalance,
  VARIANT_PRICES_MAX,
  type VariantPrice,
  VariantPricesListSchema,
} from '@app/shared';
import { getCurrencies } from '../../../api/currencies.ts';
import { getPriceTypes } from '../../../api/price-types.ts';
import { ApiError, api, errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import type { QueuedSale } from './device-db.ts';
import type { DraftResult, Sender, SendResult } from './sale-queue.ts';
import { store } from './store.ts';

// The queue's and the kept catalogue's calls to the server (DESIGN.md section 23, docs/offline.md).

/** An answer that settles a sale: the server looked at it and said no (not 401, 408, 429, 5xx). */
function refusal(err: unknown): boolean {
  return (
    err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status)
  );
}

/** No connection (fetch's TypeError), or the browser knows it is offline. */
export function isNetworkError(err: unknown): boolean {
  return !(err instanceof ApiError) || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/** The server's reason in the reader's language: its detail, else its field messages. */
function reasonOf(err: unknown, fallback: string): string {
  const fields = Object.values(fieldErrors(err));
  return errorDetail(err) ?? (fields.length > 0 ? fields.join(' ') : fallback);
}

/**
 * Posts a queued sale with its key, and makes a refused one a draft (`POST api/sales/`, no post)
 * with the same lines and `noteFor(reason)` as its note, under the sale's draft key.
 */
export function apiSender(noteFor: (reason: string) => string, fallbackReason: string): Sender {
  return {
    async post(sale: QueuedSale): Promise<SendResult> {
      try {
        await api.post('sales/', sale.body, {
          query: { post: 'true' },
          idempotencyKey: sale.key,
          schema: DocumentSchema,
        });
        return { kind: 'posted' };
      } catch (err) {
        return refusal(err)
          ? { kind: 'refused', reason: reasonOf(err, fallbackReason) }
          : { kind: 'unreachable' };
      }
    },
    async draft(sale: QueuedSale, reason: string): Promise<DraftResult> {
      const note = noteFor(reason).slice(0, 1000);
      try {
        const doc = await api.post(
          'sales/',
          { ...sale.body, note },
          { idempotencyKey: sale.draft_key, schema: DocumentSchema },
        );
        return { kind: 'created', id: doc.id, number: doc.number };
      } catch (err) {
        return refusal(err) ? { kind: 'refused' } : { kind: 'unreachable' };
      }
    },
  };
}

/** Most variants whose prices the counter keeps: beyond it, the rest price only online. */
const PRICED_VARIANTS = 5000;

/**
 * Refreshes what the device keeps for the counter: the seller's stock (GET
 * inventory/stocks/my-balance/, revalidated by its ETag) and, with `prices`, the price lists, the
 * currencies and the held variants' prices (GET catalog/variant-prices/, 500 variants a call).
 * Fails quietly: the device keeps its last copy.
 */
export async function refreshCatalogue(user: number, opts: { prices: boolean }): Promise<void> {
  const rows = await api.get<StockBalance[]>('inventory/stocks/my-balance/');
  await store.saveStock(user, rows);
  if (!opts.prices) return;
  await store.saveLists(user, await getPriceTypes(), await getCurrencies());
  const ids = [...new Set(rows.map((r) => r.variant.id))].slice(0, PRICED_VARIANTS);
  const prices: Record<number, VariantPrice[]> = {};
  for (let from = 0; from < ids.length; from += VARIANT_PRICES_MAX) {
    const { variants } = await api.get('catalog/variant-prices/', {
      query: { variants: ids.slice(from, from + VARIANT_PRICES_MAX).join(',') },
      schema: VariantPricesListSchema,
    });
    for (const v of variants) prices[v.variant] = v.prices;
  }
  await store.savePrices(user, prices);
}
