import { isDecimalString, MONEY_STEP, ReasonSchema } from '@app/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCreateMoneyOffer, useOfferCurrencies } from '../api/offers.ts';
import { useBusinessUsers } from '../api/product-offers.ts';

interface Values {
  other: string;
  currency: string;
  amount: string;
  reason_text: string;
}

// spec.md section 5 "Money offer" and section 8 "Offer creation".
const FILL_ALL = "Barcha maydonlarni to'ldiring.";
const USER_NOT_FOUND = 'User topilmadi';
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
  const form = useForm<Values>({ defaultValues: { other: '', currency: '', amount: '', reason_text: '' } });
  const others = (users.data ?? []).filter((u) => u.id !== me);

  const submit = form.handleSubmit(async (v) => {
    const problem = checkForm(
      mode,
      v,
      others.map((u) => u.id),
    );
    if (problem || !me) {
      setMessage(problem ?? USER_NOT_FOUND);
      return;
    }
    setMessage(null);
    const other = Number(v.other);
    try {
      await mutation.mutateAsync({
        from_user: mode === 'income' ? other : me,
        to_user: mode === 'income' ? me : other,
        money_lines: [{ currency: Number(v.currency), amount: v.amount.trim() }],
        reason_text: v.reason_text.trim(),
      });
      form.reset();
      onDone();
    } catch (err) {
      setMessage(errorDetail(err) ?? FALLBACK);
    }
  });

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
      <ErrorMessage>{message}</ErrorMessage>
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

/** The checks of spec.md section 5, in order; null when the form may be sent. */
function checkForm(mode: 'income' | 'outcome', v: Values, userIds: number[]): string | null {
  if (!v.amount.trim() || !v.currency || !v.other) return FILL_ALL;
  if (mode === 'outcome' && !userIds.includes(Number(v.other))) return USER_NOT_FOUND;
  if (!isDecimalString(v.amount) || v.amount.trim().startsWith('-')) return FILL_ALL;
  const reason = ReasonSchema.safeParse(v.reason_text);
  return reason.success ? null : (reason.error.issues[0]?.message ?? FALLBACK);
}
