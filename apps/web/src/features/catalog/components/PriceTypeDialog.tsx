import { type Currency, type PriceType, PriceTypeCreateSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSavePriceType } from '../api/prices.ts';
import { isCurrencyLocked, type PriceTypeDraft, priceTypeDraft, priceTypePatch } from '../price-rules.ts';

type PriceTypeForm = z.output<typeof PriceTypeCreateSchema>;

/**
 * A new price type, or one renamed, moved to another currency or made the default (DESIGN.md
 * section 19). The shared create schema checks the form (one definition of its rules); an edit
 * sends only what changed. The server's refusals go under their fields, in the reader's language.
 */
export function PriceTypeDialog({
  type,
  currencies,
  count,
  onClose,
}: {
  /** The price type edited; undefined for a new one. */
  type: PriceType | undefined;
  currencies: readonly Currency[];
  /** How many price types there are: the first one is the default. */
  count: number;
  onClose: () => void;
}) {
  const t = useT();
  const formId = useId();
  const save = useSavePriceType();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PriceTypeDraft, unknown, PriceTypeForm>({
    resolver: useTranslatedResolver(
      zodResolver(PriceTypeCreateSchema) as Resolver<PriceTypeDraft, unknown, PriceTypeForm>,
    ),
    defaultValues: priceTypeDraft(type, currencies, count),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    if (save.isPending) return;
    setError(null);
    const write = type ? { id: type.id, body: priceTypePatch(type, body) } : { body };
    save.mutate(write, {
      onSuccess: onClose,
      onError: (err) => {
        if (isCurrencyLocked(err)) {
          form.setError('currency', { message: errorDetail(err) ?? t('catalog.form.saveFailed') });
          return;
        }
        setError(applyServerErrors(form.setError, err, t('catalog.form.saveFailed')));
      },
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      title={type ? t('catalog.actions.editTitle', { name: type.name }) : t('catalog.priceTypes.newTitle')}
      formId={formId}
      cancelLabel={t('catalog.actions.cancel')}
      submitLabel={t('catalog.actions.save')}
      pending={save.isPending}
      onSubmit={submit}
      error={error}
    >
      <Input
        label={t('catalog.field.name')}
        placeholder={t('catalog.priceTypes.namePlaceholder')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Select
        label={t('catalog.priceTypes.currency')}
        hint={type ? t('catalog.priceTypes.currencyHint') : undefined}
        options={currencies.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }))}
        error={errors.currency?.message}
        {...form.register('currency')}
      />
      <div>
        <Checkbox
          label={t('catalog.priceTypes.isDefault')}
          {...form.register('is_default')}
          // A business keeps one default: it moves by making another the default, never by unticking.
          disabled={type?.is_default === true || count === 0}
        />
        <p className="mt-1 pl-6 text-xs text-slate-500">
          {type?.is_default ? t('catalog.priceTypes.defaultStays') : t('catalog.priceTypes.defaultHint')}
        </p>
      </div>
    </FormDialog>
  );
}
