import { D, formatRate } from '@app/shared';
import { useId } from 'react';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import {
  type CounterPayment,
  PAYMENT_MODES,
  type PaymentEntry,
  type PaymentMode,
  type PaymentRates,
} from '../lib/counter-payment.ts';
import { Money } from './DocumentBits.tsx';

const MODE_LABELS: Record<PaymentMode, MessageKey> = {
  UZS: 'documents.counter.modeUzs',
  USD: 'documents.counter.modeUsd',
  MIXED: 'documents.counter.modeMixed',
  CREDIT: 'documents.counter.modeCredit',
};

export interface PaymentPanelProps {
  entry: PaymentEntry;
  onEntry: (entry: PaymentEntry) => void;
  payment: CounterPayment;
  rates: PaymentRates;
  dueDate: string;
  onDueDate: (day: string) => void;
  /** No connection: the sale will be queued, so cash only (DESIGN.md section 23). */
  offline?: boolean;
  /** The server's message for the payment, or the counter's own (a nasiya without a customer). */
  error?: string | undefined;
}

/** The counter's payment buttons (UZS, USD, mixed, nasiya) and what each one asks and shows. */
export function PaymentPanel({
  entry,
  onEntry,
  payment,
  rates,
  dueDate,
  onDueDate,
  offline = false,
  error,
}: PaymentPanelProps) {
  const t = useT();
  const typed = entry.mode === 'MIXED' || entry.mode === 'CREDIT';
  return (
    <section className="space-y-3" aria-label={t('documents.payment.title')}>
      <ModeButtons
        mode={entry.mode}
        onMode={(mode) => onEntry({ mode, uzs: '', usd: '' })}
        offline={offline}
      />
      {entry.mode === 'USD' ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-600">
            {t('documents.counter.usdDue', { rate: formatRate(rates.usd.rate) })}{' '}
            <Money value={payment.usdDue} code={rates.usd.code} className="font-semibold text-slate-900" />
          </p>
          <MoneyInput
            label={t('documents.counter.usdGiven')}
            placeholder={payment.usdDue}
            value={entry.usd}
            onChange={(e) => onEntry({ ...entry, usd: e.target.value })}
          />
        </div>
      ) : null}
      {typed ? (
        <div className="grid grid-cols-2 gap-2">
          <MoneyInput
            label={t(entry.mode === 'CREDIT' ? 'documents.counter.paidNowUzs' : 'documents.counter.cashUzs')}
            value={entry.uzs}
            onChange={(e) => onEntry({ ...entry, uzs: e.target.value })}
          />
          <MoneyInput
            label={t(entry.mode === 'CREDIT' ? 'documents.counter.paidNowUsd' : 'documents.counter.cashUsd')}
            value={entry.usd}
            onChange={(e) => onEntry({ ...entry, usd: e.target.value })}
          />
        </div>
      ) : null}
      {entry.mode === 'CREDIT' ? (
        <DateInput
          label={t('documents.payment.dueDate')}
          value={dueDate}
          onChange={(e) => onDueDate(e.target.value)}
        />
      ) : null}
      <PaymentFigures payment={payment} rates={rates} />
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="payment-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The four ways to take the money; offline, a nasiya is disabled with its reason. */
function ModeButtons({
  mode: current,
  onMode,
  offline,
}: {
  mode: PaymentMode;
  onMode: (mode: PaymentMode) => void;
  offline: boolean;
}) {
  const t = useT();
  const reasonId = useId();
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {PAYMENT_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={current === mode}
            disabled={offline && mode === 'CREDIT'}
            aria-describedby={offline && mode === 'CREDIT' ? reasonId : undefined}
            onClick={() => onMode(mode)}
            className={cn(
              'h-12 rounded-lg border px-1 text-sm font-semibold transition-colors',
              current === mode
                ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              'disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500',
            )}
          >
            {t(MODE_LABELS[mode])}
          </button>
        ))}
      </div>
      {offline ? (
        <p id={reasonId} className="text-sm text-slate-600" data-testid="credit-offline">
          {t('documents.offline.creditOffline')}
        </p>
      ) : null}
    </>
  );
}

/** What the payment leaves: missing, on credit, change. */
function PaymentFigures({ payment, rates }: { payment: CounterPayment; rates: PaymentRates }) {
  const t = useT();
  const rows: Array<[MessageKey, string, string, string]> = [];
  if (new D(payment.missing).gt(0))
    rows.push(['documents.counter.missing', payment.missing, rates.doc.code, 'text-red-700']);
  if (new D(payment.onCredit).gt(0))
    rows.push(['documents.payment.onCredit', payment.onCredit, rates.doc.code, 'text-amber-700']);
  if (new D(payment.changeUzs).gt(0))
    rows.push(['documents.payment.change', payment.changeUzs, rates.uzs.code, 'text-emerald-700']);
  if (rows.length === 0) return null;
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
      {rows.map(([label, value, code, tone]) => (
        <div key={label} className="flex justify-between gap-3" data-testid="payment-figure">
          <dt className="text-slate-600">{t(label)}</dt>
          <dd className={cn('text-lg font-semibold', tone)}>
            <Money value={value} code={code} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
