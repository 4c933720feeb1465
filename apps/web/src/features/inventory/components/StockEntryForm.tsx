import { ENTRY_TYPES, type StockEntryFormValues } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useCreateStockEntry } from '../api/stock-entries.ts';
import { creditBody, StockEntryCreditFormSchema } from '../lib/credit-form.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import { CURRENCY_OPTIONS, currencyCode, searchVariantOptions } from '../lib/variant-options.ts';
import { CreditFields } from './CreditFields.tsx';
import { LocationField } from './LocationField.tsx';

/** The pickers hold the variant and the counterparty they show; the schema sends their ids. */
type EntryForm = Omit<StockEntryFormValues, 'variant' | 'counterparty' | 'due_date' | 'on_credit'> & {
  variant: VariantOption | null;
  on_credit: boolean;
  counterparty: CounterpartyOption | null;
  due_date: string;
};
type Body = z.output<typeof StockEntryCreditFormSchema>;

const DEFAULTS: EntryForm = {
  variant: null,
  qty_received: '',
  unit_cost: '',
  currency: '1',
  type: 'PURCHASE',
  location: '',
  reason_text: '',
  on_credit: false,
  counterparty: null,
  due_date: '',
};

interface SaveError {
  message: string;
  /** A field the server refused ({field: [message]}), shown under the message. */
  detail?: string | undefined;
}

/**
 * '+ Yangi Kirim' (spec.md section 5, Stock entry). After a save: close, reset, reload the list. A
 * PURCHASE may go on credit ("Nasiyaga", DESIGN.md section 12): from a counterparty, by a due date.
 */
export function StockEntryForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  // spec.md section 5 "Stock entry": the shared schema's texts, in the form's one error area.
  const form = useForm<EntryForm, unknown, Body>({
    // The schema reads only the picked ids; its input type cannot know the pickers' objects.
    resolver: useTranslatedResolver(
      zodResolver(StockEntryCreditFormSchema) as unknown as Resolver<EntryForm, unknown, Body>,
    ),
    defaultValues: DEFAULTS,
  });
  const t = useT();
  const mutation = useCreateStockEntry();
  const [error, setError] = useState<SaveError | null>(null);

  function close() {
    form.reset(DEFAULTS);
    setError(null);
    onClose();
  }

  const submit = form.handleSubmit(
    async (body) => {
      setError(null);
      try {
        await mutation.mutateAsync(creditBody(body));
        close();
      } catch (err) {
        const detail = errorDetail(err);
        // spec.md section 8: the server detail, else 'Failed to save entry' (with its first field error).
        setError(
          detail
            ? { message: detail }
            : { message: t('inventory.entries.saveError'), detail: Object.values(fieldErrors(err))[0] },
        );
      }
    },
    () => setError(null),
  );
  const invalid = firstErrorMessage(form.formState.errors);
  const shown: SaveError | null = error ?? (invalid ? { message: invalid } : null);
  const [onCredit, qty, cost, currency] = form.watch(['on_credit', 'qty_received', 'unit_cost', 'currency']);

  const strip = (field: 'qty_received' | 'unit_cost') => ({
    ...form.register(field),
    onChange: async (e: ChangeEvent<HTMLInputElement>) => {
      form.setValue(field, keepDecimalChars(e.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('inventory.entries.formTitle')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" form="stock-entry-form" loading={mutation.isPending}>
            {t('inventory.actions.save')}
          </Button>
        </>
      }
    >
      <form id="stock-entry-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="variant"
            render={({ field }) => (
              <VariantPicker
                label={t('inventory.form.variant')}
                value={field.value}
                onChange={field.onChange}
                search={searchVariantOptions}
              />
            )}
          />
        </div>
        <Input
          label={t('inventory.form.qty')}
          inputMode="decimal"
          placeholder="0.000"
          {...strip('qty_received')}
        />
        <Input
          label={t('inventory.form.unitCost')}
          inputMode="decimal"
          placeholder="0.00"
          {...strip('unit_cost')}
        />
        <Select
          label={t('inventory.form.currency')}
          options={CURRENCY_OPTIONS}
          {...form.register('currency')}
        />
        <Select
          label={t('inventory.form.type')}
          options={ENTRY_TYPES.map((type) => ({ value: type, label: t(STOCK_TYPE_LABELS[type]) }))}
          {...form.register('type')}
        />
        <LocationField {...form.register('location')} />
        <Input label={t('inventory.form.note')} {...form.register('reason_text')} />
        <Controller
          control={form.control}
          name="counterparty"
          render={({ field }) => (
            <CreditFields
              checkbox={<Checkbox label={t('inventory.credit.onCredit')} {...form.register('on_credit')} />}
              onCredit={onCredit}
              counterparty={field.value}
              onCounterpartyChange={field.onChange}
              dueDate={<DateInput label={t('inventory.credit.dueDate')} {...form.register('due_date')} />}
              qty={qty}
              price={cost}
              currencyCode={currencyCode(currency)}
              newKind="SUPPLIER"
            />
          )}
        />
        {shown ? (
          <ErrorMessage className="sm:col-span-2">
            {shown.message}
            {shown.detail ? <span className="mt-1 block text-xs text-red-700">{shown.detail}</span> : null}
          </ErrorMessage>
        ) : null}
      </form>
    </Modal>
  );
}
