import {
  MONEY_STEP,
  type MoneyOfferFormValues,
  moneyOfferFormSchema,
  type OfferCreateBodySchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useCreateMoneyOffer, useOfferCurrencies } from '../api/offers.ts';
import { useBusinessUsers } from '../api/product-offers.ts';

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
  const [message, setMessage] = useState<string | null>(null);
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

  const submit = form.handleSubmit(
    async (body) => {
      setMessage(null);
      try {
        await mutation.mutateAsync(body);
        form.reset();
        onDone();
      } catch (err) {
        // spec.md section 8 "Offer creation".
        setMessage(errorDetail(err) ?? t('offers.moneyForm.failed'));
      }
    },
    () => setMessage(null),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('offers.moneyForm.title')}>
      <Select
        label={t(mode === 'income' ? 'offers.form.senderDepartment' : 'offers.form.receiverDepartment')}
        placeholder={t('offers.form.choose')}
        options={others.map((u) => ({
          value: u.id,
          label: `${u.code} — ${u.first_name} ${u.last_name}`.trim(),
        }))}
        {...form.register('other')}
      />
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
        <Input
          label={t('offers.field.amount')}
          type="number"
          min="0"
          step={MONEY_STEP}
          inputMode="decimal"
          {...form.register('amount')}
        />
      </div>
      <Input
        label={t('offers.field.reason')}
        placeholder={t('offers.form.reasonPlaceholder')}
        {...form.register('reason_text')}
      />
      <ErrorMessage>{message ?? firstErrorMessage(form.formState.errors)}</ErrorMessage>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('offers.action.cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {t('offers.action.submit')}
        </Button>
      </div>
    </form>
  );
}
