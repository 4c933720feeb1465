import {
  type Balance,
  type Currency,
  ExchangeFormSchema,
  type ExchangeFormValues,
  type ExchangeResponse,
  formatMoney,
  RATE_STEP,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCreateExchange } from '../api/create-exchange.ts';
import { exchangeEstimate, pairedCurrency, plainRate } from '../finance-rules.ts';
import { BookingFormCard, useBookingSubmit } from './BookingFormCard.tsx';

/**
 * The form's state: picking one currency pairs the other, "all" fills the balance on hand, and a
 * save shows both legs (spec.md section 5 "Exchange").
 */
function useExchangeForm(balances: readonly Balance[]) {
  const t = useT();
  const mutation = useCreateExchange();
  const form = useForm<ExchangeFormValues, unknown, z.output<typeof ExchangeFormSchema>>({
    resolver: useTranslatedResolver(zodResolver(ExchangeFormSchema)),
    defaultValues: { from_currency: '', to_currency: '', from_amount: '', custom_rate: '' },
  });

  function choose(side: 'from_currency' | 'to_currency', value: string) {
    const other = side === 'from_currency' ? 'to_currency' : 'from_currency';
    // After a refused submit the message follows the fields, as it does for typed inputs.
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue(side, value, options);
    form.setValue(other, pairedCurrency(value, form.getValues(other)), options);
  }

  function fillAll() {
    const balance = balances.find((b) => String(b.currency) === form.getValues('from_currency'));
    if (balance)
      form.setValue('from_amount', balance.on_hand, { shouldValidate: form.formState.isSubmitted });
  }

  // spec.md section 5 "Exchange": the shared schema's texts, in the form's one error area.
  const { submit, error, done } = useBookingSubmit(form, mutation.mutateAsync, t('finance.exchange.failed'), {
    from_amount: '',
    custom_rate: '',
  });
  return { form, choose, fillAll, submit, error, done, pending: mutation.isPending };
}

/** The currency exchange form of the Balances page (spec.md section 5 "Exchange" and "Estimate"). */
export function ExchangeForm({
  currencies,
  balances,
}: {
  currencies: readonly Currency[];
  balances: readonly Balance[];
}) {
  const t = useT();
  const { form, choose, fillAll, submit, error, done, pending } = useExchangeForm(balances);
  const values = form.watch();
  const options = currencies.map((c) => ({ value: String(c.id), label: c.code }));

  return (
    <BookingFormCard
      icon={ArrowRightLeft}
      title={t('finance.exchange.title')}
      onSubmit={submit}
      error={error}
      done={done ? <ExchangeDone result={done} /> : null}
      submitLabel={t('finance.exchange.submit')}
      pending={pending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('finance.exchange.from')}
          placeholder={t('finance.choose')}
          options={options}
          value={values.from_currency}
          onChange={(e) => choose('from_currency', e.target.value)}
        />
        <Select
          label={t('finance.exchange.to')}
          placeholder={t('finance.choose')}
          options={options}
          value={values.to_currency}
          onChange={(e) => choose('to_currency', e.target.value)}
        />
      </div>
      <MoneyInput
        label={t('finance.amount')}
        {...form.register('from_amount')}
        labelAside={
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={fillAll}
            disabled={!values.from_currency}
          >
            {t('finance.exchange.all')}
          </Button>
        }
      />
      <MoneyInput
        label={t('finance.exchange.customRate')}
        step={RATE_STEP}
        {...form.register('custom_rate')}
      />
      <ExchangeEstimate currencies={currencies} values={values} />
    </BookingFormCard>
  );
}

/** spec.md section 5 "Estimate": what the exchange would give, at the custom or the listed rate. */
function ExchangeEstimate({
  currencies,
  values,
}: {
  currencies: readonly Currency[];
  values: ExchangeFormValues;
}) {
  const t = useT();
  const estimate = exchangeEstimate(
    currencies,
    values.from_currency,
    values.to_currency,
    values.from_amount,
    values.custom_rate,
  );
  return (
    <p className="text-sm text-slate-600" data-testid="exchange-estimate" aria-live="polite">
      {estimate
        ? t('finance.exchange.estimate', {
            amount: formatMoney(estimate.toAmount.toFixed(2)),
            code: estimate.code,
            rate: plainRate(estimate.rate.toFixed(6)),
          })
        : t('finance.exchange.noEstimate')}
    </p>
  );
}

/** spec.md section 8: the exchange_group and both legs with currency and rate. */
function ExchangeDone({ result }: { result: ExchangeResponse }) {
  const t = useT();
  const leg = (l: ExchangeResponse['outgoing']) =>
    `${formatMoney(l.amount.replace('-', ''))} ${l.currency_code} (1 ${l.currency_code} = ${plainRate(l.rate_to_uzs)} UZS)`;
  return (
    <SuccessMessage>
      <p className="font-medium">{t('finance.exchange.done', { group: result.exchange_group })}</p>
      <p>{t('finance.exchange.outgoing', { leg: leg(result.outgoing) })}</p>
      <p>{t('finance.exchange.incoming', { leg: leg(result.incoming) })}</p>
    </SuccessMessage>
  );
}
