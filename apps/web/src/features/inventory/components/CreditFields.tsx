import { type CounterpartyKind, formatMoney } from '@app/shared';
import type { ReactNode } from 'react';
import { type CounterpartyOption, CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { useT } from '../../../i18n/useT.ts';
import { createCounterpartyOption, searchCounterpartyOptions } from '../api/counterparties.ts';
import { creditPreview } from '../lib/credit-form.ts';

export interface CreditFieldsProps {
  /** The "Nasiyaga" checkbox, registered by the form. */
  checkbox: ReactNode;
  onCredit: boolean;
  counterparty: CounterpartyOption | null;
  onCounterpartyChange: (counterparty: CounterpartyOption | null) => void;
  /** The due date input's registration. */
  dueDate: ReactNode;
  qty: string;
  price: string;
  currencyCode: string;
  /** What a quick new counterparty is: a customer on the Sell form, a supplier on the Buy form. */
  newKind: CounterpartyKind;
}

/**
 * The credit part of the Sell and Buy forms (DESIGN.md section 12): "Nasiyaga", and then who owes
 * (or whom we owe), by when, and how much: quantity × unit price, as the server opens the debt.
 */
export function CreditFields({
  checkbox,
  onCredit,
  counterparty,
  onCounterpartyChange,
  dueDate,
  qty,
  price,
  currencyCode,
  newKind,
}: CreditFieldsProps) {
  const t = useT();
  const preview = creditPreview(qty, price);
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:col-span-2">
      <legend className="sr-only">{t('inventory.credit.legend')}</legend>
      {checkbox}
      {onCredit ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="credit-fields">
          <CounterpartyPicker
            className="sm:col-span-2"
            label={t('inventory.credit.counterparty')}
            value={counterparty}
            onChange={onCounterpartyChange}
            search={searchCounterpartyOptions}
            create={(name) => createCounterpartyOption(name, newKind)}
          />
          {dueDate}
          <Input
            label={t('inventory.credit.amount')}
            readOnly
            tabIndex={-1}
            value={preview === null ? '—' : `${formatMoney(preview)} ${currencyCode}`}
            inputClassName="border-dashed bg-slate-100! font-semibold tabular-nums shadow-none"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
