import {
  type Currency,
  type CurrencyCreateBody,
  CurrencyCreateBodySchema,
  formatRate,
  RATE_STEP,
  type RateCreateBody,
  RateCreateBodySchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, useSaveError } from '../../../components/FormDialog.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useAddCurrency, useSetRate } from '../api/rates.ts';

/** Add a currency to the business at a rate (POST finance/currencies/). */
export function AddCurrencyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const add = useAddCurrency();
  const form = useForm<CurrencyCreateBody, unknown, z.output<typeof CurrencyCreateBodySchema>>({
    resolver: useTranslatedResolver(zodResolver(CurrencyCreateBodySchema)),
    defaultValues: { code: '', name: '', rate_to_uzs: '' },
  });
  const { error, setError, run } = useSaveError(form.setError);
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    run(async () => {
      await add.mutateAsync(body);
      close();
    }),
  );
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('admin.addCurrency.title')}
      description={t('admin.addCurrency.description')}
      formId="add-currency"
      cancelLabel={t('admin.action.cancel')}
      submitLabel={t('admin.addCurrency.submit')}
      pending={add.isPending}
      onSubmit={submit}
      error={error}
    >
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Input
          label={t('admin.addCurrency.code')}
          placeholder={t('admin.addCurrency.codePlaceholder')}
          maxLength={3}
          autoCapitalize="characters"
          error={errors.code?.message}
          {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })}
        />
        <Input
          label={t('admin.addCurrency.name')}
          placeholder={t('admin.addCurrency.namePlaceholder')}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <MoneyInput
        label={t('admin.addCurrency.rate')}
        step={RATE_STEP}
        error={errors.rate_to_uzs?.message}
        {...form.register('rate_to_uzs')}
      />
    </FormDialog>
  );
}

/** A new rate from now for one currency (POST finance/currencies/{id}/rates/). */
export function SetRateDialog({ currency, onClose }: { currency: Currency | null; onClose: () => void }) {
  const t = useT();
  const setRate = useSetRate();
  const form = useForm<RateCreateBody, unknown, z.output<typeof RateCreateBodySchema>>({
    resolver: useTranslatedResolver(zodResolver(RateCreateBodySchema)),
    values: { rate_to_uzs: currency?.rate_to_uzs ?? '' },
  });
  const { error, setError, run } = useSaveError(form.setError);
  const close = () => {
    setError(null);
    form.clearErrors();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    if (!currency) return;
    await run(async () => {
      await setRate.mutateAsync({ currencyId: currency.id, body });
      close();
    });
  });
  return (
    <FormDialog
      open={currency !== null}
      onClose={close}
      size="sm"
      title={currency ? t('admin.setRate.title', { code: currency.code }) : ''}
      description={
        currency
          ? t('admin.setRate.description', { code: currency.code, rate: formatRate(currency.rate_to_uzs) })
          : ''
      }
      formId="set-rate"
      cancelLabel={t('admin.action.cancel')}
      submitLabel={t('admin.action.save')}
      pending={setRate.isPending}
      onSubmit={submit}
      error={error}
    >
      <MoneyInput
        label={
          currency ? t('admin.setRate.label', { code: currency.code }) : t('admin.setRate.labelNoCurrency')
        }
        step={RATE_STEP}
        error={form.formState.errors.rate_to_uzs?.message}
        {...form.register('rate_to_uzs')}
      />
    </FormDialog>
  );
}
