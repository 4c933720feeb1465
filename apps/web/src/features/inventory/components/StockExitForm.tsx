import { EXIT_TYPES, type ExitType } from '@app/shared';
import { type ChangeEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCreateStockExit } from '../api/stock-exits.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { CURRENCY_OPTIONS, searchVariantOptions } from '../lib/variant-options.ts';

interface ExitForm {
  variant: VariantOption | null;
  qty_issued: string;
  unit_price: string;
  currency: string;
  type: ExitType;
  location: string;
  note: string;
}

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
  const form = useForm<ExitForm>({ defaultValues: DEFAULTS });
  const mutation = useCreateStockExit();
  const [error, setError] = useState<SaveError | null>(null);

  function close() {
    form.reset(DEFAULTS);
    setError(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    if (!values.variant || !values.qty_issued || !values.currency) {
      setError({ message: 'Fill all required fields *' });
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync({
        variant: values.variant.id,
        qty_issued: values.qty_issued,
        unit_price: values.unit_price === '' ? null : values.unit_price,
        currency: Number(values.currency),
        type: values.type,
        location: values.location,
        note: values.note,
      });
      close();
    } catch (err) {
      setError({ message: 'Failed to save exit', detail: errorDetail(err) });
    }
  });

  const strip = (field: 'qty_issued' | 'unit_price') => ({
    ...form.register(field),
    onChange: async (e: ChangeEvent<HTMLInputElement>) => {
      form.setValue(field, keepDecimalChars(e.target.value));
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
        <Input label="Joylashuv" {...form.register('location')} />
        <Input label="Izoh" {...form.register('note')} />
        {error ? (
          <ErrorMessage className="sm:col-span-2">
            {error.message}
            {error.detail ? <span className="mt-1 block text-xs text-red-700">{error.detail}</span> : null}
          </ErrorMessage>
        ) : null}
      </form>
    </Modal>
  );
}
