import type { Document } from '@app/shared';
import { Plus, X } from 'lucide-react';
import { useCurrencies } from '../../../api/currencies.ts';
import { CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { VariantPicker } from '../../../components/VariantPicker.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useCounterpartyOptions } from '../api/counterparties.ts';
import {
  findUnitVariantByBarcode,
  searchUnitVariants,
  type UnitVariantOption,
  usePaymentRates,
} from '../api/prices.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import type { CashRow } from '../lib/document-body.ts';
import { type EditLine, linesTotal } from '../lib/lines.ts';
import { fieldsUnder } from '../lib/server-errors.ts';
import { useDocumentForm } from '../lib/use-document-form.ts';
import { Money } from './DocumentBits.tsx';
import { FormButtons } from './FormButtons.tsx';
import { LinesEditor } from './LinesEditor.tsx';

/**
 * A document typed in full (DESIGN.md section 19): a new purchase, or any kind's draft changed.
 * The counterparty, the lines (scan or search to add), the payment (cash per currency and/or on
 * credit with its due date); saved as a draft or posted.
 */
export function DocumentForm({
  kind,
  draft,
  onDone,
  onCancel,
}: {
  kind: DocumentKindConfig;
  draft?: Document | undefined;
  onDone: (doc: Document) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const form = useDocumentForm(kind, draft, onDone);
  const { state, change, errors } = form;
  const searchParties = useCounterpartyOptions();
  const rates = usePaymentRates();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.save(true);
      }}
    >
      <Card className="space-y-4 p-4">
        <CounterpartyPicker
          label={t(kind.words.counterparty)}
          value={state.counterparty}
          onChange={(c) => change({ counterparty: c })}
          search={searchParties}
          error={errors.fields.counterparty}
        />
        <VariantPicker
          label={t('documents.counter.add')}
          value={null}
          onChange={(v) => v && form.addVariant(v as UnitVariantOption)}
          search={searchUnitVariants}
          findByBarcode={findUnitVariantByBarcode}
        />
      </Card>
      <LinesEditor
        lines={state.lines}
        onChange={(lines) => change({ lines })}
        currencyCode={draft?.currency_code ?? rates?.doc.code ?? ''}
        priceLabel={kind.words.price}
        errors={errors.lines}
      />
      <FormTotal lines={state.lines} code={draft?.currency_code ?? rates?.doc.code ?? ''} />
      {fieldsUnder(errors.fields, 'lines') ? (
        <ErrorMessage>{fieldsUnder(errors.fields, 'lines')}</ErrorMessage>
      ) : null}
      <FormPayment
        cash={state.cash}
        onCash={(cash) => change({ cash })}
        onCredit={state.onCredit}
        dueDate={state.dueDate}
        onChange={change}
        error={fieldsUnder(errors.fields, 'payment')}
      />
      <Card className="p-4">
        <Input
          label={t('documents.common.note')}
          value={state.note}
          maxLength={1000}
          onChange={(e) => change({ note: e.target.value })}
        />
      </Card>
      {errors.detail ? <ErrorMessage>{errors.detail}</ErrorMessage> : null}
      <FormButtons
        pending={form.pending}
        empty={state.lines.length === 0}
        onDraft={() => void form.save(false)}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The payment typed: cash per currency (rows), what goes on credit and when it is due. */
function FormPayment({
  cash,
  onCash,
  onCredit,
  dueDate,
  onChange,
  error,
}: {
  cash: CashRow[];
  onCash: (cash: CashRow[]) => void;
  onCredit: string;
  dueDate: string;
  onChange: (patch: { onCredit?: string; dueDate?: string }) => void;
  error: string | undefined;
}) {
  const t = useT();
  const currencies = useCurrencies().data ?? [];
  const options = [
    { value: '', label: '—' },
    ...currencies.map((c) => ({ value: String(c.id), label: c.code })),
  ];
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">{t('documents.payment.title')}</h2>
      {cash.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
        <div key={i} className="flex items-end gap-2" data-testid="cash-row">
          <Select
            label={t('documents.payment.currency')}
            className="w-28"
            value={row.currency}
            options={options}
            onChange={(e) => onCash(cash.map((r, j) => (j === i ? { ...r, currency: e.target.value } : r)))}
          />
          <MoneyInput
            label={t('documents.payment.cashAmount')}
            className="min-w-0 flex-1"
            value={row.amount}
            onChange={(e) => onCash(cash.map((r, j) => (j === i ? { ...r, amount: e.target.value } : r)))}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('documents.payment.removeCash')}
            onClick={() => onCash(cash.filter((_, j) => j !== i))}
            icon={<X aria-hidden="true" className="h-4 w-4" />}
          />
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onCash([...cash, { currency: '', amount: '' }])}
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
      >
        {t('documents.payment.addCash')}
      </Button>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyInput
          label={t('documents.payment.onCredit')}
          value={onCredit}
          onChange={(e) => onChange({ onCredit: e.target.value })}
        />
        <DateInput
          label={t('documents.payment.dueDate')}
          value={dueDate}
          onChange={(e) => onChange({ dueDate: e.target.value })}
        />
      </div>
      <p className="text-xs text-slate-500">{t('documents.payment.formHint')}</p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/** The lines' total at their typed prices. */
function FormTotal({ lines, code }: { lines: EditLine[]; code: string }) {
  const t = useT();
  if (lines.length === 0) return null;
  return (
    <p
      className="flex justify-between rounded-xl bg-slate-100 p-3 font-semibold text-slate-900"
      data-testid="form-total"
    >
      {t('documents.common.total')}
      <Money value={linesTotal(lines, (l) => l.price.trim() || null)} code={code} />
    </p>
  );
}
