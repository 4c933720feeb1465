import type { SaleCreate, VariantPrice, WeightBarcodeMode } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { currenciesQueryKey, getCurrencies, useCurrencies } from '../../../api/currencies.ts';
import { priceTypesQueryKey, usePriceTypes } from '../../../api/price-types.ts';
import type { ScanMatch } from '../../../components/VariantPicker.tsx';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { findUnitVariantByBarcode, searchUnitVariants, type UnitVariantOption } from '../api/prices.ts';
import type { CachedVariant, ReturnedSale } from './device-db.ts';
import { onQueueChanged, queueChanged } from './queue-events.ts';
import { useOnline } from './use-online.ts';

// The counter's side of the offline mode (DESIGN.md section 23, docs/offline.md): the connection,
// the sales waiting and given back, the kept catalogue for search and prices, and queuing a sale.
// The device's store (Dexie) is imported lazily: the counter paints without it.

const loadStore = () => import('./store.ts').then((m) => m.store);
const loadApi = () => import('./offline-api.ts');

/** A sale as the queue keeps it, before its keys and its user are added. */
export interface SaleToQueue {
  key: string;
  body: SaleCreate;
  total: string;
  currency_code: string;
}

function useQueueState(user: number | undefined) {
  const [waiting, setWaiting] = useState(0);
  const [returned, setReturned] = useState<ReturnedSale[]>([]);
  useEffect(() => {
    if (user === undefined) return;
    let active = true;
    const load = async () => {
      const store = await loadStore();
      const [w, r] = await Promise.all([store.waiting(user), store.returned(user)]);
      if (active) {
        setWaiting(w.length);
        setReturned(r);
      }
    };
    void load().catch(() => undefined);
    const off = onQueueChanged(() => void load().catch(() => undefined));
    return () => {
      active = false;
      off();
    };
  }, [user]);
  return { waiting, returned };
}

/** While the server gives no answer and the browser says online, it is asked again this often. */
const RECHECK_MS = 10_000;
/** The lists' first request unanswered this long counts as no answer (a network that drops it). */
const LISTS_WAIT_MS = 8_000;

/** A request that got no answer: fetch's TypeError, not a refusal (ApiError) or a bad answer. */
const noAnswer = (reason: unknown) => reason instanceof TypeError;

/**
 * Whether the server answers: the browser says it has a connection, and the price lists' and
 * currencies' requests, which every counter makes, got an answer. `navigator.onLine` alone can
 * say online where nothing answers (a network without the internet, one that drops every
 * request; Chromium after a reload without a connection), and the counter would wait for its
 * lists for ever. Once they get none, the counter sells from the device until the server answers
 * again: asked every 10 s for the currencies, with a time limit, by a request of its own.
 */
function useReachable(): boolean {
  const client = useQueryClient();
  const online = useOnline();
  const types = usePriceTypes();
  const currencies = useCurrencies();
  const [unanswered, setUnanswered] = useState(false);
  const failed = noAnswer(types.failureReason) || noAnswer(currencies.failureReason);
  const waiting = types.data === undefined || currencies.data === undefined;
  useEffect(() => {
    if (failed) setUnanswered(true);
  }, [failed]);
  // The connection back (the `online` event): the lists are asked again as the browser reconnects.
  useEffect(() => {
    if (online) setUnanswered(false);
  }, [online]);
  useEffect(() => {
    if (!online || !waiting) return;
    const timer = window.setTimeout(() => setUnanswered(true), LISTS_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [online, waiting]);
  useEffect(() => {
    if (!online || !unanswered) return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await getCurrencies(AbortSignal.timeout(RECHECK_MS - 1000));
        if (stopped) return;
        client.setQueryData(currenciesQueryKey, answer);
        void client.invalidateQueries({ queryKey: priceTypesQueryKey });
        setUnanswered(false);
      } catch (err) {
        // A refusal is an answer; no answer is asked again at the next tick.
        if (err instanceof ApiError && !stopped) setUnanswered(false);
      }
    };
    const timer = window.setInterval(() => void ask(), RECHECK_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [client, online, unanswered]);
  return online && !unanswered;
}

/**
 * Offline, the price lists and currencies the counter's payment reads come from the device when
 * the page has none in memory (it was opened without a connection).
 */
function useKeptLists(user: number | undefined, online: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (user === undefined || online) return;
    if (client.getQueryData(priceTypesQueryKey) && client.getQueryData(currenciesQueryKey)) return;
    void loadStore()
      .then((store) => store.lists(user))
      .then((lists) => {
        if (!lists) return;
        client.setQueryData(priceTypesQueryKey, lists.price_types);
        client.setQueryData(currenciesQueryKey, lists.currencies);
      })
      .catch(() => undefined);
  }, [client, user, online]);
}

/**
 * `online()` while the browser has a connection; without one, or when it gets no answer,
 * `device()` (none without a known user: a lookup that got no answer then fails as it did).
 */
async function onlineElseDevice<T>(
  online: () => Promise<T>,
  device: (() => Promise<T>) | null,
  none: T,
): Promise<T> {
  if (navigator.onLine) {
    try {
      return await online();
    } catch (err) {
      if (!device || !(await loadApi()).isNetworkError(err)) throw err;
    }
  }
  return device ? device() : none;
}

/** A kept variant as the counter's picker shows it. */
const asOption = ({ id, label, sku, unit }: CachedVariant): UnitVariantOption => ({ id, label, sku, unit });

/** The counter's search, scans and prices: online, else from the catalogue kept on the device. */
function useDeviceLookups(user: number | undefined, scales: WeightBarcodeMode) {
  /** The online search, else the kept catalogue's. */
  const search = useCallback(
    (text: string, signal: AbortSignal): Promise<UnitVariantOption[]> =>
      onlineElseDevice(
        () => searchUnitVariants(text, signal),
        user === undefined ? null : async () => (await (await loadStore()).search(user, text)).map(asOption),
        [],
      ),
    [user],
  );

  /** A scan looked up online, else in the kept catalogue, read as the server reads it. */
  const findByBarcode = useCallback(
    (code: string, signal: AbortSignal): Promise<ScanMatch | null> =>
      onlineElseDevice(
        () => findUnitVariantByBarcode(code, signal),
        user === undefined
          ? null
          : async () => {
              const found = await (await loadStore()).scan(user, code, scales);
              return found && { variant: asOption(found.variant), qty: found.scanned?.qty ?? null };
            },
        null,
      ),
    [user, scales],
  );

  /** A variant's kept prices, for the price query when it gets no answer. */
  const keptPrices = useCallback(
    async (variant: number): Promise<VariantPrice[] | null> =>
      user === undefined ? null : (await loadStore()).prices(user, variant),
    [user],
  );
  return { search, findByBarcode, keptPrices };
}

export function useOfflineCounter() {
  const online = useReachable();
  const me = useCurrentUser().data;
  const user = me?.id;
  const { waiting, returned } = useQueueState(user);
  const { search, findByBarcode, keptPrices } = useDeviceLookups(user, me?.weight_barcodes ?? 'off');

  useKeptLists(user, online);

  // Opening the counter online refreshes the kept stock and prices (quietly: the last copy stays),
  // and the stock again whenever the queue moves (sent sales took theirs on the server).
  useEffect(() => {
    if (user === undefined || !online) return;
    const refresh = (prices: boolean) =>
      void loadApi()
        .then((m) => m.refreshCatalogue(user, { prices }))
        .catch(() => undefined);
    refresh(true);
    return onQueueChanged(() => {
      if (navigator.onLine) refresh(false);
    });
  }, [user, online]);

  return {
    online,
    waiting,
    returned,
    search,
    findByBarcode,
    keptPrices,
    dismiss: async (key: string) => {
      await (await loadStore()).dismiss(key);
      queueChanged();
    },
    /** Queues a cash sale made without a connection; false when no user is known to send it. */
    async queue(sale: SaleToQueue): Promise<boolean> {
      if (user === undefined) return false;
      await (await loadStore()).queue({ ...sale, draft_key: newIdempotencyKey(), user });
      queueChanged();
      return true;
    },
    /** After a sale posted online: the kept stock follows. */
    afterSale() {
      if (user === undefined) return;
      void loadApi()
        .then((m) => m.refreshCatalogue(user, { prices: false }))
        .catch(() => undefined);
    },
  };
}

export type OfflineCounter = ReturnType<typeof useOfflineCounter>;
