import {
  type Currency,
  ExternalTransactionFormSchema,
  type ExternalTransactionFormValues,
  type ExternalTransactionResponse,
  formatMoney,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCreateExternalTransaction } from '../api/create-external-transaction.ts';
import { BookingFormCard, useBookingSubmit } from './BookingFormCard.tsx';

/** The form's state and its submit; a save shows what was booked (spec.md section 8). */
function useExternalForm() {
  const t = useT();
  const mutation = useCreateExternalTransaction();
  const form = useForm<
    ExternalTransactionFormValues,
    unknown,
    z.output<typeof ExternalTransactionFormSchema>
  >({
    resolver: useTranslatedResolver(zodResolver(ExternalTransactionFormSchema)),
    defaultValues: { currency: '', amount: '', reason_text: '', is_income: true },
  });

  // spec.md section 8 "External transaction".
  const { submit, error, done } = useBookingSubmit(form, mutation.mutateAsync, t('finance.external.failed'), {
    amount: '',
    reason_text: '',
  });
  return { form, submit, error, done, pending: mutation.isPending };
}

/** The Kassir's external income or expense (spec.md section 6: only Kassir sees it). */
export function ExternalTransactionForm({ currencies }: { currencies: readonly Currency[] }) {
  const t = useT();
  const { form, submit, error, done, pending } = useExternalForm();
  const isIncome = form.watch('is_income');
  const setIsIncome = (income: boolean) => form.setValue('is_income', income);
  // spec.md section 5: the button is disabled unless the amount passes the shared amount rule.
  const positive = ExternalTransactionFormSchema.shape.amount.safeParse(form.watch('amount')).success;

  return (
    <BookingFormCard
      icon={Landmark}
      title={t('finance.external.title')}
      onSubmit={submit}
      error={error}
      done={done ? <ExternalDone done={done} /> : null}
      submitLabel={t('finance.external.submit')}
      submitDisabled={!positive}
      pending={pending}
    >
      <fieldset className="flex gap-1 rounded-lg border-0 bg-slate-100 p-1">
        <legend className="sr-only">{t('finance.external.kind')}</legend>
        <KindToggle
          income
          selected={isIncome}
          onSelect={setIsIncome}
          label={t('finance.external.incoming')}
        />
        <KindToggle
          income={false}
          selected={isIncome}
          onSelect={setIsIncome}
          label={t('finance.external.outgoing')}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('finance.external.currency')}
          placeholder={t('finance.choose')}
          options={currencies.map((c) => ({ value: c.code, label: c.code }))}
          {...form.register('currency')}
        />
        <MoneyInput label={t('finance.amount')} {...form.register('amount')} />
      </div>
      <Input
        label={t('finance.external.reason')}
        placeholder={t('finance.external.reasonPlaceholder')}
        {...form.register('reason_text')}
      />
    </BookingFormCard>
  );
}

/** One side of the income / expense switch, green or red when chosen. */
function KindToggle({
  income,
  selected,
  onSelect,
  label,
}: {
  income: boolean;
  selected: boolean;
  onSelect: (income: boolean) => void;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected === income}
      onClick={() => onSelect(income)}
      className={cn(
        'h-9 flex-1 rounded-md px-4 text-sm font-medium transition-colors',
        selected === income
          ? income
            ? 'bg-emerald-600 text-white shadow-sm'
            : 'bg-red-600 text-white shadow-sm'
          : 'text-slate-700 hover:bg-white',
      )}
    >
      {label}
    </button>
  );
}

/** spec.md section 8 "External transaction": what was booked. */
function ExternalDone({ done }: { done: ExternalTransactionResponse }) {
  const t = useT();
  return (
    <SuccessMessage>
      <p className="font-medium">{t('finance.external.done', { id: String(done.id) })}</p>
      <p>{t('finance.external.department', { department: String(done.department) })}</p>
      <p>{t('finance.external.amount', { amount: formatMoney(done.amount), currency: done.currency })}</p>
      <p>{t('finance.external.amountInUzs', { amount: formatMoney(done.amount_in_uzs) })}</p>
      <p>{t('finance.external.time', { time: formatDateTime(done.created_at) })}</p>
    </SuccessMessage>
  );
}
