import { type MoneyOfferFormValues, moneyOfferFormSchema, type OfferCreateBodySchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCreateMoneyOffer, useOfferCurrencies } from '../api/offers.ts';
import { useBusinessUsers } from '../api/product-offers.ts';
import { OfferFormEnd, OtherDepartmentSelect, useOfferSubmit } from './OfferFormParts.tsx';

/** The new-money form: income asks another department for money, outcome sends mine. */
export function MoneyOfferForm({
  mode,
  onDone,
  onCancel,
}: {
  mode: 'income' | 'outcome';
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const me = useCurrentUser().data?.id;
  const users = useBusinessUsers();
  const currencies = useOfferCurrencies();
  const mutation = useCreateMoneyOffer();
  const others = (users.data ?? []).filter((u) => u.id !== me);
  // spec.md section 5 "Money offer": the shared schema checks the fields and builds the body.
  const form = useForm<MoneyOfferFormValues, unknown, z.output<typeof OfferCreateBodySchema>>({
    resolver: useTranslatedResolver(
      zodResolver(
        moneyOfferFormSchema(
          mode,
          me,
          others.map((u) => u.id),
        ),
      ),
    ),
    defaultValues: { other: '', currency: '', amount: '', reason_text: '' },
  });
  const { submit, end } = useOfferSubmit(form, mutation, 'offers.moneyForm.failed', onDone);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('offers.moneyForm.title')}>
      <OtherDepartmentSelect mode={mode} others={others} field={form.register('other')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('offers.form.currency')}
          placeholder={t('offers.form.choose')}
          options={(currencies.data ?? []).map((c) => ({ value: c.id, label: c.code }))}
          hint={
            currencies.isPending
              ? t('offers.form.currenciesLoading')
              : currencies.data?.length === 0
                ? t('offers.form.noCurrencies')
                : undefined
          }
          {...form.register('currency')}
        />
        <MoneyInput label={t('offers.field.amount')} {...form.register('amount')} />
      </div>
      <OfferFormEnd reason={form.register('reason_text')} {...end} onCancel={onCancel} />
    </form>
  );
}
