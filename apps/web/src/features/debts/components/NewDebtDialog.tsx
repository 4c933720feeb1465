import {
  CREDIT_COUNTERPARTY_MESSAGE,
  DEBT_DIRECTIONS,
  DebtCreateSchema,
  formatMoney,
  IsoDateSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createCounterparty } from '../../../api/counterparties.ts';
import { useCurrencies } from '../../../api/currencies.ts';
import { type CounterpartyOption, CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { FormDialog, useSaveError } from '../../../components/FormDialog.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { toOption, useCounterpartySearch } from '../api/counterparties.ts';
import { useCreateDebt } from '../api/debts.ts';
import { directionWithHint } from '../debt-rules.ts';

/**
 * The request schema with the form's inputs: the picker's counterparty (sent as its id; none is
 * the credit forms' text) and an empty due date meaning none.
 */
const DebtFormSchema = DebtCreateSchema.extend({
  counterparty: z
    .object({ id: z.number() })
    .nullable()
    .transform((picked, ctx) => {
      if (picked) return picked.id;
      ctx.addIssue({ code: 'custom', message: CREDIT_COUNTERPARTY_MESSAGE, input: picked });
      return z.NEVER;
    }),
  due_date: z
    .string()
    .transform((v) => v.trim() || null)
    .pipe(IsoDateSchema.nullable()),
});

interface FormValues {
  counterparty: CounterpartyOption | null;
  direction: string;
  currency: string;
  amount: string;
  due_date: string;
  reason_text: string;
}
type Body = z.output<typeof DebtFormSchema>;
type DebtForm = UseFormReturn<FormValues, unknown, Body>;

/** A new quick counterparty from the picker: a customer, named as typed. */
async function quickCounterparty(name: string, t: Translate): Promise<CounterpartyOption> {
  return toOption(await createCounterparty({ name, kind: 'CUSTOMER' }), t);
}

/**
 * "Yangi qarz" / "Qarz yozish" (DESIGN.md section 12): a debt of my department without goods, e.g.
 * a loan or a page copied from the old notebook (a past due date is allowed). With `counterparty`
 * given (its card), that one is fixed. Mounted per opening.
 */
export function NewDebtDialog({
  counterparty,
  onClose,
  onSaved,
}: {
  counterparty?: CounterpartyOption | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT();
  const { form, currencies, currencyOptions } = useDebtForm(counterparty);
  const create = useCreateDebt();
  const { error, run } = useSaveError(form.setError);

  const submit = form.handleSubmit((body) =>
    run(async () => {
      const debt = await create.mutateAsync(body);
      onSaved(
        t('debts.newDebt.saved', {
          id: String(debt.id),
          counterparty: debt.counterparty.name,
          amount: formatMoney(debt.amount),
          currency: debt.currency_code,
        }),
      );
      onClose();
    }),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={counterparty ? t('debts.common.writeDebt') : t('debts.common.newDebt')}
      description={t('debts.newDebt.description')}
      formId="new-debt-form"
      formLabel={t('debts.common.newDebt')}
      cancelLabel={t('debts.common.cancel')}
      submitLabel={t('debts.common.save')}
      pending={create.isPending}
      onSubmit={submit}
      error={error}
    >
      <CounterpartyField form={form} fixed={counterparty} />
      <DebtFields form={form} currencyOptions={currencyOptions} currenciesPending={currencies.isPending} />
    </FormDialog>
  );
}

/** The card's counterparty, fixed; else the picker, which may add a customer as typed. */
function CounterpartyField({ form, fixed }: { form: DebtForm; fixed: CounterpartyOption | undefined }) {
  const t = useT();
  const searchCounterparties = useCounterpartySearch();
  return fixed ? (
    <p className="text-sm">
      <span className="text-slate-500">{t('debts.newDebt.counterpartyFixed')}</span>
      <span className="font-medium text-slate-900">{fixed.name}</span>
    </p>
  ) : (
    <Controller
      control={form.control}
      name="counterparty"
      render={({ field }) => (
        <CounterpartyPicker
          label={t('debts.newDebt.counterpartyLabel')}
          value={field.value}
          onChange={field.onChange}
          search={searchCounterparties}
          create={(name) => quickCounterparty(name, t)}
          error={form.formState.errors.counterparty?.message}
        />
      )}
    />
  );
}

/** Direction, currency and amount, due date and note. */
function DebtFields({
  form,
  currencyOptions,
  currenciesPending,
}: {
  form: DebtForm;
  currencyOptions: { value: string; label: string }[];
  currenciesPending: boolean;
}) {
  const t = useT();
  const { errors } = form.formState;
  return (
    <>
      <Select
        label={t('debts.newDebt.directionLabel')}
        options={DEBT_DIRECTIONS.map((d) => ({ value: d, label: directionWithHint(t, d) }))}
        error={errors.direction?.message}
        {...form.register('direction')}
      />
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Select
          label={t('debts.newDebt.currencyLabel')}
          placeholder={currenciesPending ? t('debts.common.loading') : t('debts.newDebt.currencyPlaceholder')}
          options={currencyOptions}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
        <MoneyInput
          label={t('debts.newDebt.amountLabel')}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      </div>
      <DateInput
        label={t('debts.newDebt.dueDateLabel')}
        hint={t('debts.newDebt.dueDateHint')}
        error={errors.due_date?.message}
        {...form.register('due_date')}
      />
      <Input
        label={t('debts.common.note')}
        autoComplete="off"
        error={errors.reason_text?.message}
        {...form.register('reason_text')}
      />
    </>
  );
}

/** The form, with the first currency chosen once the currencies load (unless one is chosen). */
function useDebtForm(counterparty: CounterpartyOption | undefined) {
  const currencies = useCurrencies();
  const form = useForm<FormValues, unknown, Body>({
    resolver: useTranslatedResolver(
      zodResolver(DebtFormSchema) as unknown as Resolver<FormValues, unknown, Body>,
    ),
    defaultValues: {
      counterparty: counterparty ?? null,
      direction: 'RECEIVABLE',
      currency: '',
      amount: '',
      due_date: '',
      reason_text: '',
    },
  });
  const currencyOptions = (currencies.data ?? []).map((c) => ({ value: String(c.id), label: c.code }));
  const firstCurrency = currencyOptions[0]?.value;
  useEffect(() => {
    if (firstCurrency && form.getValues('currency') === '') form.setValue('currency', firstCurrency);
  }, [firstCurrency, form]);
  return { form, currencies, currencyOptions };
}
