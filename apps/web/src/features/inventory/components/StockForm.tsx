import { ENTRY_TYPES, type EXIT_TYPES, MANUAL_EXIT_TYPES } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useState } from 'react';
import { type Control, Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
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
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useCreateStockEntry } from '../api/stock-entries.ts';
import { useCreateStockExit } from '../api/stock-exits.ts';
import { creditBody, StockEntryCreditFormSchema, StockExitCreditFormSchema } from '../lib/credit-form.ts';
import { keepDecimalChars } from '../lib/inventory-table.ts';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import {
  CURRENCY_OPTIONS,
  currencyCode,
  findVariantOptionByBarcode,
  searchVariantOptions,
} from '../lib/variant-options.ts';
import { CreditFields } from './CreditFields.tsx';
import { LocationField } from './LocationField.tsx';

// The stock entry and exit forms are one form configured by kind (DESIGN.md section 15): the
// fields are the same, under the names each request body gives them (spec.md section 5).

export type StockKind = 'entry' | 'exit';

/** The pickers hold the variant and the counterparty they show; the schema sends their ids. */
type StockFormValues = {
  variant: VariantOption | null;
  currency: string;
  type: string;
  location: string;
  on_credit: boolean;
  counterparty: CounterpartyOption | null;
  due_date: string;
} & Partial<
  Record<'qty_received' | 'unit_cost' | 'reason_text' | 'qty_issued' | 'unit_price' | 'note', string>
>;
type EntryBody = z.output<typeof StockEntryCreditFormSchema>;
type ExitBody = z.output<typeof StockExitCreditFormSchema>;
type Body = EntryBody | ExitBody;

interface SaveError {
  message: string;
  /** A field the server refused or the server's reason (e.g. the stock on hand), shown under the message. */
  detail?: string | undefined;
}

interface FormKind {
  formId: string;
  titleKey: MessageKey;
  qty: 'qty_received' | 'qty_issued';
  price: 'unit_cost' | 'unit_price';
  note: 'reason_text' | 'note';
  priceLabel: MessageKey;
  types: readonly (typeof ENTRY_TYPES)[number][] | readonly (typeof EXIT_TYPES)[number][];
  defaultType: string;
  newKind: 'SUPPLIER' | 'CUSTOMER';
  resolver: Resolver<StockFormValues, unknown, Body>;
  /** The save call; the resolver is the kind's schema, so the body is the kind's. */
  useSave: () => { save: (body: Body) => Promise<unknown>; isPending: boolean };
  saveError: (err: unknown, t: Translate) => SaveError;
}

// The schema reads only the picked ids; its input type cannot know the pickers' objects.
const resolverOf = (schema: typeof StockEntryCreditFormSchema | typeof StockExitCreditFormSchema) =>
  zodResolver(schema) as unknown as Resolver<StockFormValues, unknown, Body>;

const FORM_KINDS: Record<StockKind, FormKind> = {
  // '+ Yangi Kirim' (spec.md section 5, Stock entry). A PURCHASE may go on credit ("Nasiyaga",
  // DESIGN.md section 12): from a counterparty, by a due date.
  entry: {
    formId: 'stock-entry-form',
    titleKey: 'inventory.entries.formTitle',
    qty: 'qty_received',
    price: 'unit_cost',
    note: 'reason_text',
    priceLabel: 'inventory.form.unitCost',
    types: ENTRY_TYPES,
    defaultType: 'PURCHASE',
    newKind: 'SUPPLIER',
    resolver: resolverOf(StockEntryCreditFormSchema),
    useSave: () => {
      const mutation = useCreateStockEntry();
      return {
        save: (body) => mutation.mutateAsync(creditBody(body as EntryBody)),
        isPending: mutation.isPending,
      };
    },
    // spec.md section 8: the server detail, else 'Failed to save entry' (with its first field error).
    saveError: (err, t) => {
      const detail = errorDetail(err);
      return detail
        ? { message: detail }
        : { message: t('inventory.entries.saveError'), detail: Object.values(fieldErrors(err))[0] };
    },
  },
  // '+ New Exit' (spec.md section 5, Stock exit). A SALE may go on credit ("Nasiyaga", DESIGN.md
  // section 12): to a counterparty, with a price, by a due date.
  exit: {
    formId: 'stock-exit-form',
    titleKey: 'inventory.exits.formTitle',
    qty: 'qty_issued',
    price: 'unit_price',
    note: 'note',
    priceLabel: 'inventory.form.salePrice',
    types: MANUAL_EXIT_TYPES,
    defaultType: 'SALE',
    newKind: 'CUSTOMER',
    resolver: resolverOf(StockExitCreditFormSchema),
    useSave: () => {
      const mutation = useCreateStockExit();
      return {
        save: (body) => mutation.mutateAsync(creditBody(body as ExitBody)),
        isPending: mutation.isPending,
      };
    },
    // The server's reason: its detail, else its first field error ({field: [message]}).
    saveError: (err, t) => ({
      message: t('inventory.exits.saveError'),
      detail: errorDetail(err) ?? Object.values(fieldErrors(err))[0],
    }),
  },
};

function defaultsOf(kind: FormKind): StockFormValues {
  return {
    variant: null,
    [kind.qty]: '',
    [kind.price]: '',
    currency: '1',
    type: kind.defaultType,
    location: '',
    [kind.note]: '',
    on_credit: false,
    counterparty: null,
    due_date: '',
  };
}

/** The form's state and its submit: after a save, close, reset and reload the list (spec.md section 5). */
function useStockForm(kind: FormKind, onClose: () => void) {
  // spec.md section 5: the shared schema's texts, in the form's one error area.
  const form = useForm<StockFormValues, unknown, Body>({
    resolver: useTranslatedResolver(kind.resolver),
    defaultValues: defaultsOf(kind),
  });
  const t = useT();
  const { save, isPending } = kind.useSave();
  const [error, setError] = useState<SaveError | null>(null);

  function close() {
    form.reset(defaultsOf(kind));
    setError(null);
    onClose();
  }

  const submit = form.handleSubmit(
    async (body) => {
      setError(null);
      try {
        await save(body);
        close();
      } catch (err) {
        setError(kind.saveError(err, t));
      }
    },
    () => setError(null),
  );
  const invalid = firstErrorMessage(form.formState.errors);
  const shown: SaveError | null = error ?? (invalid ? { message: invalid } : null);
  return { form, close, submit, shown, isPending };
}

/** The stock entry ('+ Yangi Kirim') or exit ('+ New Exit') form, in a modal (spec.md section 5). */
export function StockForm({ kind, open, onClose }: { kind: StockKind; open: boolean; onClose: () => void }) {
  const config = FORM_KINDS[kind];
  const t = useT();
  const { form, close, submit, shown, isPending } = useStockForm(config, onClose);

  return (
    <Modal
      open={open}
      onClose={close}
      title={t(config.titleKey)}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" form={config.formId} loading={isPending}>
            {t('inventory.actions.save')}
          </Button>
        </>
      }
    >
      <form id={config.formId} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <StockFields kind={config} form={form} />
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

function StockFields({
  kind,
  form,
}: {
  kind: FormKind;
  form: UseFormReturn<StockFormValues, unknown, Body>;
}) {
  const t = useT();
  const strip = (field: FormKind['qty'] | FormKind['price']) => ({
    ...form.register(field),
    onChange: async (e: ChangeEvent<HTMLInputElement>) => {
      form.setValue(field, keepDecimalChars(e.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <>
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
              findByBarcode={findVariantOptionByBarcode}
              // A scale's weight code carries the quantity (DESIGN.md section 18).
              onScanned={(_, qty) => {
                if (qty) form.setValue(kind.qty, qty, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          )}
        />
      </div>
      <Input label={t('inventory.form.qty')} inputMode="decimal" placeholder="0.000" {...strip(kind.qty)} />
      <Input label={t(kind.priceLabel)} inputMode="decimal" placeholder="0.00" {...strip(kind.price)} />
      <Select
        label={t('inventory.form.currency')}
        options={CURRENCY_OPTIONS}
        {...form.register('currency')}
      />
      <Select
        label={t('inventory.form.type')}
        options={kind.types.map((type) => ({ value: type, label: t(STOCK_TYPE_LABELS[type]) }))}
        {...form.register('type')}
      />
      <LocationField {...form.register('location')} />
      <Input label={t('inventory.form.note')} {...form.register(kind.note)} />
      <StockCreditFields kind={kind} form={form} control={form.control} />
    </>
  );
}

/** "Nasiyaga" (DESIGN.md section 12): the counterparty, the due date and the amount it will owe. */
function StockCreditFields({
  kind,
  form,
  control,
}: {
  kind: FormKind;
  form: UseFormReturn<StockFormValues, unknown, Body>;
  control: Control<StockFormValues, unknown, Body>;
}) {
  const t = useT();
  const [onCredit, qty, price, currency] = form.watch(['on_credit', kind.qty, kind.price, 'currency']);
  return (
    <Controller
      control={control}
      name="counterparty"
      render={({ field }) => (
        <CreditFields
          checkbox={<Checkbox label={t('inventory.credit.onCredit')} {...form.register('on_credit')} />}
          onCredit={onCredit}
          counterparty={field.value}
          onCounterpartyChange={field.onChange}
          dueDate={<DateInput label={t('inventory.credit.dueDate')} {...form.register('due_date')} />}
          qty={qty ?? ''}
          price={price ?? ''}
          currencyCode={currencyCode(currency)}
          newKind={kind.newKind}
        />
      )}
    />
  );
}
