import { ENTRY_TYPES, StockEntryFormSchema, type StockEntryFormValues } from '@app/shared';
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
import { useCreateStockEntry } from '../api/stock-entries.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { CURRENCY_OPTIONS, searchVariantOptions } from '../lib/variant-options.ts';
import { LocationField } from './LocationField.tsx';

/** The picker holds the variant it shows; the shared schema sends its id. */
type EntryForm = Omit<StockEntryFormValues, 'variant'> & { variant: VariantOption | null };
type Body = z.output<typeof StockEntryFormSchema>;

const DEFAULTS: EntryForm = {
  variant: null,
  qty_received: '',
  unit_cost: '',
  currency: '1',
  type: 'PURCHASE',
  location: '',
  reason_text: '',
};

/** '+ Yangi Kirim' (spec.md section 5, Stock entry). After a save: close, reset, reload the list. */
export function StockEntryForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  // spec.md section 5 "Stock entry": the shared schema's texts, in the form's one error area.
  const form = useForm<EntryForm, unknown, Body>({
    // The schema reads only the picked variant's id; its input type cannot know the picker's object.
    resolver: zodResolver(StockEntryFormSchema) as Resolver<EntryForm, unknown, Body>,
    defaultValues: DEFAULTS,
  });
  const mutation = useCreateStockEntry();
  const [message, setMessage] = useState<string | null>(null);

  function close() {
    form.reset(DEFAULTS);
    setMessage(null);
    onClose();
  }

  const submit = form.handleSubmit(
    async (body) => {
      setMessage(null);
      try {
        await mutation.mutateAsync(body);
        close();
      } catch (err) {
        setMessage(errorDetail(err) ?? 'Failed to save entry');
      }
    },
    () => setMessage(null),
  );

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
      title="Yangi Kirim"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button type="submit" form="stock-entry-form" loading={mutation.isPending}>
            Saqlash
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
                label="Variant *"
                value={field.value}
                onChange={field.onChange}
                search={searchVariantOptions}
              />
            )}
          />
        </div>
        <Input label="Miqdor *" inputMode="decimal" placeholder="0.000" {...strip('qty_received')} />
        <Input label="Tannarx (birlik) *" inputMode="decimal" placeholder="0.00" {...strip('unit_cost')} />
        <Select label="Valyuta *" options={CURRENCY_OPTIONS} {...form.register('currency')} />
        <Select
          label="Turi"
          options={ENTRY_TYPES.map((t) => ({ value: t, label: t }))}
          {...form.register('type')}
        />
        <LocationField {...form.register('location')} />
        <Input label="Izoh" {...form.register('reason_text')} />
        <ErrorMessage className="sm:col-span-2">
          {message ?? firstErrorMessage(form.formState.errors)}
        </ErrorMessage>
      </form>
    </Modal>
  );
}
