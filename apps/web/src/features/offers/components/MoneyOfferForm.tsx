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
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useCreateMoneyOffer, useOfferCurrencies } from '../api/offers.ts';
import { useBusinessUsers } from '../api/product-offers.ts';

// spec.md section 8 "Offer creation".
const FALLBACK = 'Xatolik yuz berdi';

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
  const me = useCurrentUser().data?.id;
  const users = useBusinessUsers();
  const currencies = useOfferCurrencies();
  const mutation = useCreateMoneyOffer();
  const [message, setMessage] = useState<string | null>(null);
  const others = (users.data ?? []).filter((u) => u.id !== me);
  // spec.md section 5 "Money offer": the shared schema checks the fields and builds the body.
  const form = useForm<MoneyOfferFormValues, unknown, z.output<typeof OfferCreateBodySchema>>({
    resolver: zodResolver(
      moneyOfferFormSchema(
        mode,
        me,
        others.map((u) => u.id),
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
        setMessage(errorDetail(err) ?? FALLBACK);
      }
    },
    () => setMessage(null),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Yangi pul taklifi">
      <Select
        label={mode === 'income' ? "Yuboruvchi bo'lim" : "Qabul qiluvchi bo'lim"}
        placeholder="Tanlang..."
        options={others.map((u) => ({
          value: u.id,
          label: `${u.code} — ${u.first_name} ${u.last_name}`.trim(),
        }))}
        {...form.register('other')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Valyuta"
          placeholder="Tanlang..."
          options={(currencies.data ?? []).map((c) => ({ value: c.id, label: c.code }))}
          hint={
            currencies.isPending
              ? 'Yuklanyapti...'
              : currencies.data?.length === 0
                ? 'Valyutalar topilmadi.'
                : undefined
          }
          {...form.register('currency')}
        />
        <Input
          label="Summa"
          type="number"
          min="0"
          step={MONEY_STEP}
          inputMode="decimal"
          {...form.register('amount')}
        />
      </div>
      <Input label="Sabab" placeholder="Kamida 8 ta belgi" {...form.register('reason_text')} />
      <ErrorMessage>{message ?? firstErrorMessage(form.formState.errors)}</ErrorMessage>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Bekor qilish
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Yuborish
        </Button>
      </div>
    </form>
  );
}
