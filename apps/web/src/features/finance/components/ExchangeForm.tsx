import {
  type Balance,
  type Currency,
  type ExchangeResponse,
  formatMoney,
  MONEY_STEP,
  RATE_STEP,
} from '@app/shared';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCreateExchange } from '../api/create-exchange.ts';
import { exchangeEstimate, pairedCurrency, plainRate, positiveDecimal } from '../finance-rules.ts';

interface Values {
  from_currency: string;
  to_currency: string;
  from_amount: string;
  custom_rate: string;
}

const REQUIRED = 'Please fill required fields.';
const FAILED = 'Exchange failed.';

/** The currency exchange form of the Balances page (spec.md section 5 "Exchange" and "Estimate"). */
export function ExchangeForm({
  currencies,
  balances,
}: {
  currencies: readonly Currency[];
  balances: readonly Balance[];
}) {
  const mutation = useCreateExchange();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ExchangeResponse | null>(null);
  const form = useForm<Values>({
    defaultValues: { from_currency: '', to_currency: '', from_amount: '', custom_rate: '' },
  });
  const values = form.watch();
  const estimate = exchangeEstimate(
    currencies,
    values.from_currency,
    values.to_currency,
    values.from_amount,
    values.custom_rate,
  );
  const options = currencies.map((c) => ({ value: String(c.id), label: c.code }));

  function choose(side: 'from_currency' | 'to_currency', value: string) {
    const other = side === 'from_currency' ? 'to_currency' : 'from_currency';
    form.setValue(side, value);
    form.setValue(other, pairedCurrency(value, form.getValues(other)));
  }

  function fillAll() {
    const balance = balances.find((b) => String(b.currency) === form.getValues('from_currency'));
    if (balance) form.setValue('from_amount', balance.on_hand);
  }

  const submit = form.handleSubmit(async (v) => {
    setDone(null);
    if (!v.from_currency || !v.to_currency || !positiveDecimal(v.from_amount)) {
      setError(REQUIRED);
      return;
    }
    setError(null);
    try {
      const result = await mutation.mutateAsync({
        from_currency: Number(v.from_currency),
        to_currency: Number(v.to_currency),
        from_amount: v.from_amount.trim(),
        ...(v.custom_rate.trim() ? { custom_rate: v.custom_rate.trim() } : {}),
      });
      setDone(result);
      form.reset({ ...v, from_amount: '', custom_rate: '' });
    } catch (err) {
      setError(failureMessage(err, FAILED));
    }
  });

  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ArrowRightLeft aria-hidden="true" className="h-4 w-4 text-brand-700" />
        Valyuta almashtirish
      </h2>
      <form onSubmit={submit} noValidate aria-label="Valyuta almashtirish" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Qaysi valyutadan"
            placeholder="Tanlang..."
            options={options}
            value={values.from_currency}
            onChange={(e) => choose('from_currency', e.target.value)}
          />
          <Select
            label="Qaysi valyutaga"
            placeholder="Tanlang..."
            options={options}
            value={values.to_currency}
            onChange={(e) => choose('to_currency', e.target.value)}
          />
        </div>
        <Input
          label="Summa"
          type="number"
          min="0"
          step={MONEY_STEP}
          inputMode="decimal"
          {...form.register('from_amount')}
          labelAside={
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={fillAll}
              disabled={!values.from_currency}
            >
              Hammasi
            </Button>
          }
        />
        <Input
          label="Maxsus kurs (ixtiyoriy)"
          type="number"
          min="0"
          step={RATE_STEP}
          inputMode="decimal"
          {...form.register('custom_rate')}
        />
        <p className="text-sm text-slate-600" data-testid="exchange-estimate" aria-live="polite">
          {estimate
            ? `Taxminan: ${formatMoney(estimate.toAmount.toFixed(2))} ${estimate.code} (kurs ${plainRate(estimate.rate.toFixed(6))})`
            : 'Taxminan: —'}
        </p>
        <ErrorMessage>{error}</ErrorMessage>
        {done ? <ExchangeDone result={done} /> : null}
        <Button type="submit" loading={mutation.isPending} className="w-full sm:w-auto">
          Almashtirish
        </Button>
      </form>
    </Card>
  );
}

/** spec.md section 8: the exchange_group and both legs with currency and rate. */
function ExchangeDone({ result }: { result: ExchangeResponse }) {
  const leg = (l: ExchangeResponse['outgoing']) =>
    `${formatMoney(l.amount.replace('-', ''))} ${l.currency_code} (1 ${l.currency_code} = ${plainRate(l.rate_to_uzs)} UZS)`;
  return (
    <SuccessMessage>
      <p className="font-medium">Almashtirish bajarildi. Guruh: {result.exchange_group}</p>
      <p>Chiqim: {leg(result.outgoing)}</p>
      <p>Kirim: {leg(result.incoming)}</p>
    </SuccessMessage>
  );
}
