import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentShift } from '../../../api/shifts.ts';
import { CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { VariantPicker } from '../../../components/VariantPicker.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCounterpartyOptions } from '../api/counterparties.ts';
import type { UnitVariantOption } from '../api/prices.ts';
import { CounterResult } from '../components/CounterResult.tsx';
import { Money } from '../components/DocumentBits.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { LinesEditor } from '../components/LinesEditor.tsx';
import { OfflineStatus } from '../components/OfflineStatus.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';
import { QueuedResult } from '../components/QueuedResult.tsx';
import { SALE_KIND } from '../kinds.ts';
import { fieldsUnder } from '../lib/server-errors.ts';
import { useCounter } from '../lib/use-counter.ts';

/** /sell/new: the counter (DESIGN.md section 19), phone-first, for those who sell. */
export function CounterPage() {
  return (
    <DocumentGuard kind={SALE_KIND} write>
      <Counter />
    </DocumentGuard>
  );
}

function Counter() {
  const t = useT();
  const c = useCounter();
  const searchCustomers = useCounterpartyOptions();
  if (c.result || c.queued) return <CounterDone c={c} />;
  const paymentError =
    fieldsUnder(c.errors.fields, 'payment') ??
    (c.needsCustomer ? t('documents.counter.customerNeeded') : undefined);
  return (
    <div className="mx-auto max-w-2xl space-y-4 pb-28">
      <h1 className="text-xl font-semibold text-slate-900">{t('documents.counter.title')}</h1>
      <ShiftNotice />
      <OfflineStatus offline={c.offline} />
      <VariantPicker
        label={t('documents.counter.add')}
        value={null}
        onChange={(v) => v && c.pick(v as UnitVariantOption)}
        onScanned={(v, qty) => c.scanned(v as UnitVariantOption, qty)}
        search={c.offline.search}
        findByBarcode={c.offline.findByBarcode}
      />
      <LinesEditor
        lines={c.lines}
        onChange={c.setLines}
        currencyCode={c.rates?.doc.code ?? ''}
        listPrice={(line) => c.prices.get(line.variant.id)}
        priceLabel="documents.line.price"
        errors={c.errors.lines}
      />
      <CounterpartyPicker
        label={t(
          c.entry.mode === 'CREDIT' ? 'documents.counter.customer' : 'documents.counter.customerOptional',
        )}
        value={c.customer}
        onChange={c.setCustomer}
        search={searchCustomers}
        error={c.errors.fields.counterparty}
      />
      <div className="rounded-xl bg-slate-900 p-4 text-white" data-testid="counter-total">
        <p className="text-sm text-slate-300">{t('documents.common.total')}</p>
        <p className="text-4xl font-bold tracking-tight tabular-nums">
          <Money value={c.total} code={c.rates?.doc.code ?? ''} className="[&_span]:text-slate-300" />
        </p>
      </div>
      {c.rates && c.payment ? (
        <PaymentPanel
          entry={c.entry}
          onEntry={c.setEntry}
          payment={c.payment}
          rates={c.rates}
          dueDate={c.dueDate}
          onDueDate={c.setDueDate}
          offline={!c.offline.online}
          error={paymentError}
        />
      ) : (
        <LoadingText />
      )}
      {c.errors.detail ? <ErrorMessage>{c.errors.detail}</ErrorMessage> : null}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 backdrop-blur md:static md:border-0 md:bg-transparent md:p-0">
        <Button
          size="lg"
          className="h-14 w-full text-lg"
          disabled={!c.ready}
          loading={c.pending}
          onClick={c.sell}
          icon={<Check aria-hidden="true" className="h-5 w-5" />}
        >
          {t('documents.counter.sell')}
        </Button>
      </div>
    </div>
  );
}

/** DESIGN.md section 22: when sales need an open shift and the seller has none, a word and a link. */
function ShiftNotice() {
  const t = useT();
  const current = useCurrentShift().data;
  if (!current?.sales_need_shift || current.shift) return null;
  return (
    <div
      role="status"
      data-testid="shift-needed"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <span>{t('documents.counter.shiftNeeded')}</span>
      <Link to={paths.shift} className="font-semibold text-amber-900 underline underline-offset-2">
        {t('documents.counter.openShift')}
      </Link>
    </div>
  );
}

/** A sale done: posted (its number, "Chek") or queued without a connection. */
function CounterDone({ c }: { c: ReturnType<typeof useCounter> }) {
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <OfflineStatus offline={c.offline} />
      {c.result ? (
        <CounterResult sale={c.result} onNext={c.next} />
      ) : c.queued ? (
        <QueuedResult sale={c.queued} onNext={c.next} />
      ) : null}
    </div>
  );
}
