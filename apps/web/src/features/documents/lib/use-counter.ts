import { D, type Document, type SaleCreate } from '@app/shared';
import { useMemo, useRef, useState } from 'react';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCreateDocument } from '../api/documents.ts';
import { type UnitVariantOption, useListPrices, usePaymentRates } from '../api/prices.ts';
import { SALE_KIND } from '../kinds.ts';
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
  const [lines, setLines] = useState<EditLine[]>([]);
  const [customer, setCustomer] = useState<CounterpartyOption | null>(null);
  const [entry, setEntry] = useState<PaymentEntry>({ mode: 'UZS', uzs: '', usd: '' });
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<DocumentErrors & { detail?: string | undefined }>(NO_ERRORS);
  const [result, setResult] = useState<Document | null>(null);
  const rates = usePaymentRates(customer?.priceType);
  const prices = useListPrices(
    lines.map((l) => l.variant.id),
    customer?.priceType,
  );
  const total = linesTotal(lines, (l) => prices.get(l.variant.id) ?? null);
  const payment = useMemo(() => (rates ? counterPayment(total, entry, rates) : null), [total, entry, rates]);
  // A scale's code comes as a pick (one more) and then its weight: the weight replaces that one.
  const lastPick = useRef<{ id: number; before: EditLine[] } | null>(null);

  const needsCustomer = entry.mode === 'CREDIT' && customer === null;
  const ready = readyToSell(lines, payment) && !needsCustomer;

  const { sell, create } = useSell(
    () => (payment && ready ? saleBody({ customer, rates, lines, payment, entry, dueDate }) : null),
    setResult,
    setErrors,
  );

  return {
    lines,
    setLines: (next: EditLine[]) => {
      setLines(next);
      setErrors(NO_ERRORS);
    },
    pick(variant: UnitVariantOption) {
      setLines((before) => {
        lastPick.current = { id: variant.id, before };
        return addVariant(before, variant);
      });
      setErrors(NO_ERRORS);
    },
    scanned(variant: UnitVariantOption, qty: string | null) {
      const pick = lastPick.current;
      if (qty && pick?.id === variant.id) setLines(addVariant(pick.before, variant, qty));
    },
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
    pending: create.isPending,
    sell,
    next() {
      setLines([]);
      setCustomer(null);
      setEntry({ mode: 'UZS', uzs: '', usd: '' });
      setDueDate('');
      setErrors(NO_ERRORS);
      setResult(null);
      create.reset();
    },
  };
}

/** Creates and posts the sale in one call, one Idempotency-Key per attempt to sell. */
function useSell(
  body: () => SaleCreate | null,
  onSold: (sale: Document) => void,
  onRefused: (errors: DocumentErrors & { detail?: string | undefined }) => void,
) {
  const create = useCreateDocument(SALE_KIND);
  const actionKey = useActionKey();
  const sell = () => {
    const sale = body();
    if (!sale) return;
    create.mutate(
      { body: sale, post: true, key: actionKey.key() },
      {
        onSuccess: (posted) => {
          actionKey.done();
          onSold(posted);
        },
        onError: (err) => {
          actionKey.done(err);
          onRefused({ ...documentErrors(err), detail: errorDetail(err) ?? (err as Error).message });
        },
      },
    );
  };
  return { sell, create };
}
