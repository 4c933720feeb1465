import { COUNTERPARTY_KINDS, type Counterparty, CounterpartyCreateSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePriceTypes } from '../../../api/price-types.ts';
import { FormDialog, useSaveError } from '../../../components/FormDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { controlClasses, Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import {
  useCreateCounterparty,
  useDeleteCounterparty,
  useUpdateCounterparty,
} from '../api/counterparties.ts';
import { KIND_LABELS, priceTypeChoices } from '../debt-rules.ts';

interface FormValues {
  name: string;
  kind: string;
  phone: string;
  tin: string;
  note: string;
  /** '' for none: the business's default price type applies (DESIGN.md section 19). */
  price_type: string;
}
type Body = z.output<typeof CounterpartyCreateSchema>;

/**
 * A new counterparty, or an existing one's details (DESIGN.md section 12): every user of the
 * business adds and edits them. Editing sends every field, so one schema checks both. The shared
 * schema's messages show under their fields, and so do the server's field errors.
 */
export function CounterpartyFormDialog({
  counterparty,
  onClose,
  onSaved,
}: {
  /** undefined: a new one. */
  counterparty?: Counterparty | undefined;
  onClose: () => void;
  onSaved: (saved: Counterparty) => void;
}) {
  const t = useT();
  const create = useCreateCounterparty();
  const update = useUpdateCounterparty();
  const form = useForm<FormValues, unknown, Body>({
    resolver: useTranslatedResolver(
      zodResolver(CounterpartyCreateSchema) as unknown as Resolver<FormValues, unknown, Body>,
    ),
    defaultValues: {
      name: counterparty?.name ?? '',
      kind: counterparty?.kind ?? 'CUSTOMER',
      phone: counterparty?.phone ?? '',
      tin: counterparty?.tin ?? '',
      note: counterparty?.note ?? '',
      price_type: counterparty?.price_type == null ? '' : String(counterparty.price_type),
    },
  });
  const { error, run } = useSaveError(form.setError);
  const submit = form.handleSubmit((body) =>
    run(async () => {
      const saved = counterparty
        ? await update.mutateAsync({ id: counterparty.id, body })
        : await create.mutateAsync(body);
      onSaved(saved);
      onClose();
    }),
  );
  return (
    <FormDialog
      onClose={onClose}
      title={counterparty ? t('debts.counterpartyForm.editTitle') : t('debts.counterpartyForm.newTitle')}
      description={counterparty ? counterparty.name : t('debts.counterpartyForm.newDescription')}
      formId="counterparty-form"
      formLabel={t('debts.common.counterparty')}
      cancelLabel={t('debts.common.cancel')}
      submitLabel={t('debts.common.save')}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      error={error}
    >
      <CounterpartyFields form={form} />
    </FormDialog>
  );
}

/**
 * Delete a counterparty (administrators; DESIGN.md section 12) after a confirmation. While it has
 * debts the server refuses with 409 and its reason, shown here.
 */
export function DeleteCounterpartyDialog({
  counterparty,
  onClose,
  onDeleted,
}: {
  counterparty: Counterparty;
  onClose: () => void;
  onDeleted: (name: string) => void;
}) {
  const t = useT();
  const remove = useDeleteCounterparty();
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(counterparty.id);
      onDeleted(counterparty.name);
      onClose();
    } catch (err) {
      setError(failureMessage(err, t('debts.counterpartyDelete.failed')));
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('debts.counterpartyDelete.title')}
      description={t('debts.counterpartyDelete.description', { name: counterparty.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {t('debts.common.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending} data-autofocus>
            {t('debts.common.delete')}
          </Button>
        </>
      }
    >
      <ErrorMessage>{error}</ErrorMessage>
    </Modal>
  );
}

/** Name, kind, phone and STIR, its price type when the business has any, and a note. */
function CounterpartyFields({ form }: { form: UseFormReturn<FormValues, unknown, Body> }) {
  const t = useT();
  const { errors } = form.formState;
  const { data: priceTypes = [] } = usePriceTypes();
  return (
    <>
      <Input
        label={t('debts.counterpartyForm.nameLabel')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Select
        label={t('debts.common.kind')}
        options={COUNTERPARTY_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
        error={errors.kind?.message}
        {...form.register('kind')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('debts.common.phone')}
          type="tel"
          autoComplete="off"
          placeholder="+998 90 123-45-67"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Input
          label={t('debts.common.tin')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('debts.counterpartyForm.tinPlaceholder')}
          error={errors.tin?.message}
          {...form.register('tin')}
        />
      </div>
      {priceTypes.length > 0 ? (
        <Select
          label={t('debts.counterpartyForm.priceType')}
          hint={t('debts.counterpartyForm.priceTypeHint')}
          options={priceTypeChoices(t, priceTypes)}
          error={errors.price_type?.message}
          {...form.register('price_type')}
        />
      ) : null}
      <Field id="counterparty-note" label={t('debts.common.note')} error={errors.note?.message}>
        <textarea
          id="counterparty-note"
          rows={3}
          aria-invalid={errors.note ? true : undefined}
          className={`${controlClasses} py-2`}
          {...form.register('note')}
        />
      </Field>
    </>
  );
}
