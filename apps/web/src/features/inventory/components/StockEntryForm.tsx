import { ENTRY_TYPES, type EntryType } from '@app/shared';
import { type ChangeEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCreateStockEntry } from '../api/stock-entries.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { CURRENCY_OPTIONS, searchVariantOptions } from '../lib/variant-options.ts';

interface EntryForm {
  variant: VariantOption | null;
  qty_received: string;
  unit_cost: string;
  currency: string;
  type: EntryType;
  location: string;
  reason_text: string;
}

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
  const form = useForm<EntryForm>({ defaultValues: DEFAULTS });
  const mutation = useCreateStockEntry();
  const [message, setMessage] = useState<string | null>(null);

  function close() {
    form.reset(DEFAULTS);
    setMessage(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    if (!values.variant || !values.qty_received || !values.unit_cost || !values.currency) {
      setMessage('Fill all required fields *');
      return;
    }
    setMessage(null);
    try {
      await mutation.mutateAsync({
        variant: values.variant.id,
        qty_received: values.qty_received,
        unit_cost: values.unit_cost,
        currency: Number(values.currency),
        type: values.type,
        location: values.location,
        reason_text: values.reason_text,
      });
      close();
    } catch (err) {
      setMessage(errorDetail(err) ?? 'Failed to save entry');
    }
  });

  const strip = (field: 'qty_received' | 'unit_cost') => ({
    ...form.register(field),
    onChange: async (e: ChangeEvent<HTMLInputElement>) => {
      form.setValue(field, keepDecimalChars(e.target.value));
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
        <Input label="Joylashuv" {...form.register('location')} />
        <Input label="Izoh" {...form.register('reason_text')} />
        {message ? <ErrorMessage className="sm:col-span-2">{message}</ErrorMessage> : null}
      </form>
    </Modal>
  );
}
