import { D, type Document, type SaleCreate } from '@app/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCreateDocument } from '../api/documents.ts';
import { type UnitVariantOption, useListPrices, usePaymentRates } from '../api/prices.ts';
import { SALE_KIND } from '../kinds.ts';
import { type OfflineCounter, type SaleToQueue, useOfflineCounter } from '../offline/use-offline-counter.ts';
import {
  type CounterPayment,
  counterPayment,
  type PaymentEntry,
  type PaymentRates,
} from './counter-payment.ts';
import { addVariant, type EditLine, linesTotal } from './lines.ts';
import { isValidQuantity } from './quantity.ts';
import { type DocumentErrors, documentErrors } from './server-errors.ts';

const NO_ERRORS: DocumentErrors = { lines: {}, fields: {} };

/** A sale queued without a connection, as the counter shows it (DESIGN.md section 23). */
export interface QueuedView {
  total: string;
  code: string;
}

/** Lines with quantities their units allow, and a payment that covers the total. */
function readyToSell(lines: readonly EditLine[], payment: CounterPayment | null): payment is CounterPayment {
  return (
    lines.length > 0 &&
    lines.every((l) => isValidQuantity(l.qty, l.variant.unit)) &&
    payment !== null &&
    new D(payment.missing).isZero()
  );
}

/** The sale as the counter posts it (`POST api/sales/?post=true`). */
function saleBody(c: {
  customer: CounterpartyOption | null;
  rates: PaymentRates | undefined;
  lines: EditLine[];
  payment: CounterPayment;
  entry: PaymentEntry;
  dueDate: string;
}) {
  return {
    counterparty: c.customer?.id ?? null,
    // The currency the counter priced and counted in, whatever the default meanwhile.
    currency: c.rates?.doc.id,
    lines: c.lines.map((l) => ({ variant: l.variant.id, qty: l.qty.trim() })),
    payment: {
      cash: c.payment.cash,
      on_credit: c.payment.onCredit,
      due_date: c.entry.mode === 'CREDIT' && c.dueDate ? c.dueDate : null,
    },
  };
}

/**
 * The counter's state (DESIGN.md section 19 "The counter"): the lines, the customer, the payment,
 * and the sale created and posted in one call (`POST api/sales/?post=true`) with one
 * Idempotency-Key per attempt to sell (the same key when it is tried again after no answer).
 */
export function useCounter() {
  const { lines, setLines, pick, scanned } = useCounterLines(() => setErrors(NO_ERRORS));
  const [customer, setCustomer] = useState<CounterpartyOption | null>(null);
  const [entry, setEntry] = useState<PaymentEntry>({ mode: 'UZS', uzs: '', usd: '' });
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<DocumentErrors & { detail?: string | undefined }>(NO_ERRORS);
  const [result, setResult] = useState<Document | null>(null);
  const [queued, setQueued] = useState<QueuedView | null>(null);
  const offline = useOfflineCounter();
  const rates = usePaymentRates(customer?.priceType);
  const prices = useListPrices(
    lines.map((l) => l.variant.id),
    customer?.priceType,
    offline.keptPrices,
  );
  // Offline sales are cash only: a nasiya needs the server's debt book.
  const creditOffline = !offline.online && entry.mode === 'CREDIT';
  useEffect(() => {
    if (creditOffline) setEntry({ mode: 'UZS', uzs: '', usd: '' });
  }, [creditOffline]);
  const total = linesTotal(lines, (l) => prices.get(l.variant.id) ?? null);
  const payment = useMemo(() => (rates ? counterPayment(total, entry, rates) : null), [total, entry, rates]);
  const needsCustomer = entry.mode === 'CREDIT' && customer === null;
  const ready = readyToSell(lines, payment) && !needsCustomer;

  const { sell, create } = useSell(
    () => (payment && ready ? saleBody({ customer, rates, lines, payment, entry, dueDate }) : null),
    {
      onSold: (sale) => {
        setResult(sale);
        offline.afterSale();
      },
      onRefused: setErrors,
      offline,
      toQueue: (sale, key, asSent) =>
        entry.mode === 'CREDIT' ? null : toQueue({ sale, key, asSent }, prices, total, rates),
      onQueued: setQueued,
    },
  );

  return {
    lines,
    setLines,
    pick,
    scanned,
    prices,
    customer,
    setCustomer,
    entry,
    setEntry,
    dueDate,
    setDueDate,
    rates,
    total,
    payment,
    needsCustomer,
    ready,
    errors,
    result,
    queued,
    offline,
    pending: create.isPending,
    sell,
    next() {
      setLines([]);
      setCustomer(null);
      setEntry({ mode: 'UZS', uzs: '', usd: '' });
      setDueDate('');
      setErrors(NO_ERRORS);
      setResult(null);
      setQueued(null);
      create.reset();
    },
  };
}

/** The counter's lines; `changed` is told of every change the seller makes. */
function useCounterLines(changed: () => void) {
  const [lines, setLines] = useState<EditLine[]>([]);
  // A scale's code comes as a pick (one more) and then its weight: the weight replaces that one.
  const lastPick = useRef<{ id: number; before: EditLine[] } | null>(null);
  return {
    lines,
    setLines: (next: EditLine[]) => {
      setLines(next);
      changed();
    },
    pick(variant: UnitVariantOption) {
      setLines((before) => {
        lastPick.current = { id: variant.id, before };
        return addVariant(before, variant);
      });
      changed();
    },
    scanned(variant: UnitVariantOption, qty: string | null) {
      const pick = lastPick.current;
      if (qty && pick?.id === variant.id) setLines(addVariant(pick.before, variant, qty));
    },
  };
}

/**
 * A cash sale as the offline queue keeps it (docs/offline.md): made offline, dated the day it was
 * made, each line with the price the customer paid, whatever the list says when it is sent. A
 * sale whose call got no answer (`asSent`) is kept exactly as it was sent under its key, so that,
 * if that call did post it, the resend is answered with it instead of refused as another body.
 */
function toQueue(
  { sale, key, asSent }: { sale: SaleCreate; key: string; asSent: boolean },
  prices: Map<number, string | null | undefined>,
  total: string,
  rates: PaymentRates | undefined,
): SaleToQueue {
  const lines = sale.lines.map((l) => ({ ...l, price: prices.get(Number(l.variant)) ?? null }));
  const body = asSent ? sale : { ...sale, date: localDay(), lines };
  return { key, body, total, currency_code: rates?.doc.code ?? '' };
}

/** The device's day, YYYY-MM-DD: a queued sale belongs to the day it was made. */
function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface SellHandlers {
  onSold: (sale: Document) => void;
  onRefused: (errors: DocumentErrors & { detail?: string | undefined }) => void;
  offline: OfflineCounter;
  /** The sale as the offline queue keeps it, or null when it may not be queued (a nasiya). */
  toQueue: (sale: SaleCreate, key: string, asSent: boolean) => SaleToQueue | null;
  onQueued: (view: QueuedView) => void;
}

/**
 * Creates and posts the sale in one call, one Idempotency-Key per attempt to sell. Without a
 * connection (or when the call gets no answer) a cash sale is queued under that same key
 * (DESIGN.md section 23): if the lost call did post it, the queue's resend is answered, not posted.
 */
function useSell(body: () => SaleCreate | null, h: SellHandlers) {
  const create = useCreateDocument(SALE_KIND);
  const actionKey = useActionKey();
  const queue = (sale: SaleCreate, key: string, err?: unknown) => {
    const queued = h.toQueue(sale, key, err !== undefined);
    if (!queued) return false;
    void h.offline.queue(queued).then((done) => {
      if (!done) return h.onRefused({ ...NO_ERRORS, detail: (err as Error | undefined)?.message });
      actionKey.done();
      h.onQueued({ total: queued.total, code: queued.currency_code });
    });
    return true;
  };
  const sell = () => {
    const sale = body();
    if (!sale) return;
    const key = actionKey.key();
    if (!navigator.onLine && queue(sale, key)) return;
    create.mutate(
      { body: sale, post: true, key },
      {
        onSuccess: (posted) => {
          actionKey.done();
          h.onSold(posted);
        },
        onError: (err) => {
          if (!(err instanceof ApiError) && queue(sale, key, err)) return;
          actionKey.done(err);
          h.onRefused({ ...documentErrors(err), detail: errorDetail(err) ?? (err as Error).message });
        },
      },
    );
  };
  return { sell, create };
}
