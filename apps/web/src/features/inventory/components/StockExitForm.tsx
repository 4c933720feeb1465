import { EXIT_TYPES, type StockExitFormValues } from '@app/shared';
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
import { useCreateStockExit } from '../api/stock-exits.ts';
import { creditBody, StockExitCreditFormSchema } from '../lib/credit-form.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import { CURRENCY_OPTIONS, currencyCode, searchVariantOptions } from '../lib/variant-options.ts';
import { CreditFields } from './CreditFields.tsx';
import { LocationField } from './LocationField.tsx';

/** The pickers hold the variant and the counterparty they show; the schema sends their ids. */
type ExitForm = Omit<StockExitFormValues, 'variant' | 'counterparty' | 'due_date' | 'on_credit'> & {
  variant: VariantOption | null;
  on_credit: boolean;
  counterparty: CounterpartyOption | null;
  due_date: string;
};
type Body = z.output<typeof StockExitCreditFormSchema>;

const DEFAULTS: ExitForm = {
  variant: null,
  qty_issued: '',
  unit_price: '',
  currency: '1',
  type: 'SALE',
  location: '',
  note: '',
  on_credit: false,
  counterparty: null,
  due_date: '',
};

interface SaveError {
  message: string;
  /** The server's reason (e.g. the stock on hand), shown under spec.md's message. */
  detail?: string | undefined;
}

/**
 * '+ New Exit' (spec.md section 5, Stock exit). After a save: close, reset, reload the list. A SALE
 * may go on credit ("Nasiyaga", DESIGN.md section 12): to a counterparty, with a price, by a due date.
 */
export function StockExitForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  // spec.md section 5 "Stock exit": the shared schema's texts, in the form's one error area.
  const form = useForm<ExitForm, unknown, Body>({
    // The schema reads only the picked ids; its input type cannot know the pickers' objects.
    resolver: useTranslatedResolver(
      zodResolver(StockExitCreditFormSchema) as unknown as Resolver<ExitForm, unknown, Body>,
    ),
    defaultValues: DEFAULTS,
  });
  const t = useT();
  const mutation = useCreateStockExit();
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
        // The server's reason: its detail, else its first field error ({field: [message]}).
        setError({
          message: t('inventory.exits.saveError'),
          detail: errorDetail(err) ?? Object.values(fieldErrors(err))[0],
        });
      }
    },
    () => setError(null),
  );
  const invalid = firstErrorMessage(form.formState.errors);
  const shown: SaveError | null = error ?? (invalid ? { message: invalid } : null);
  const [onCredit, qty, price, currency] = form.watch(['on_credit', 'qty_issued', 'unit_price', 'currency']);

  const strip = (field: 'qty_issued' | 'unit_price') => ({
    ...form.register(field),
    onChange: async (e: ChangeEvent<HTMLInputElement>) => {
      form.setValue(field, keepDecimalChars(e.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('inventory.exits.formTitle')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" form="stock-exit-form" loading={mutation.isPending}>
            {t('inventory.actions.save')}
          </Button>
        </>
      }
    >
      <form id="stock-exit-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
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
          {...strip('qty_issued')}
        />
        <Input
          label={t('inventory.form.salePrice')}
          inputMode="decimal"
          placeholder="0.00"
          {...strip('unit_price')}
        />
        <Select
          label={t('inventory.form.currency')}
          options={CURRENCY_OPTIONS}
          {...form.register('currency')}
        />
        <Select
          label={t('inventory.form.type')}
          options={EXIT_TYPES.map((type) => ({ value: type, label: t(STOCK_TYPE_LABELS[type]) }))}
          {...form.register('type')}
        />
        <LocationField {...form.register('location')} />
        <Input label={t('inventory.form.note')} {...form.register('note')} />
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
              price={price ?? ''}
              currencyCode={currencyCode(currency)}
              newKind="CUSTOMER"
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
