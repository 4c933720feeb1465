import { EXIT_TYPES, StockExitFormSchema, type StockExitFormValues } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useCreateStockExit } from '../api/stock-exits.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { CURRENCY_OPTIONS, searchVariantOptions } from '../lib/variant-options.ts';
import { LocationField } from './LocationField.tsx';

/** The picker holds the variant it shows; the shared schema sends its id. */
type ExitForm = Omit<StockExitFormValues, 'variant'> & { variant: VariantOption | null };
type Body = z.output<typeof StockExitFormSchema>;

const DEFAULTS: ExitForm = {
  variant: null,
  qty_issued: '',
  unit_price: '',
  currency: '1',
  type: 'SALE',
  location: '',
  note: '',
};

interface SaveError {
  message: string;
  /** The server's reason (e.g. the stock on hand), shown under spec.md's message. */
  detail?: string | undefined;
}

/** '+ New Exit' (spec.md section 5, Stock exit). After a save: close, reset, reload the list. */
export function StockExitForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  // spec.md section 5 "Stock exit": the shared schema's texts, in the form's one error area.
  const form = useForm<ExitForm, unknown, Body>({
    // The schema reads only the picked variant's id; its input type cannot know the picker's object.
    resolver: zodResolver(StockExitFormSchema) as Resolver<ExitForm, unknown, Body>,
    defaultValues: DEFAULTS,
  });
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
        await mutation.mutateAsync(body);
        close();
      } catch (err) {
        setError({ message: 'Failed to save exit', detail: errorDetail(err) });
      }
    },
    () => setError(null),
  );
  const invalid = firstErrorMessage(form.formState.errors);
  const shown: SaveError | null = error ?? (invalid ? { message: invalid } : null);

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
      title="New Exit"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button type="submit" form="stock-exit-form" loading={mutation.isPending}>
            Saqlash
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
                label="Variant *"
                value={field.value}
                onChange={field.onChange}
                search={searchVariantOptions}
              />
            )}
          />
        </div>
        <Input label="Miqdor *" inputMode="decimal" placeholder="0.000" {...strip('qty_issued')} />
        <Input
          label="Sotish narxi (birlik)"
          inputMode="decimal"
          placeholder="0.00"
          {...strip('unit_price')}
        />
        <Select label="Valyuta *" options={CURRENCY_OPTIONS} {...form.register('currency')} />
        <Select
          label="Turi"
          options={EXIT_TYPES.map((t) => ({ value: t, label: t }))}
          {...form.register('type')}
        />
        <LocationField {...form.register('location')} />
        <Input label="Izoh" {...form.register('note')} />
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
