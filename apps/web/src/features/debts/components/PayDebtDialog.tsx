import { type Debt, DebtPaymentCreateSchema, formatMoney } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDebt } from '../api/debt.ts';
import { useDebtPayments, usePayDebt } from '../api/payments.ts';
import { formatDay } from '../debt-params.ts';
import { DIRECTION_HINTS, directionWithHint } from '../debt-rules.ts';
import { DebtStatusBadge, Money } from './DebtBadges.tsx';

interface FormValues {
  amount: string;
  reason_text: string;
}
type Body = z.output<typeof DebtPaymentCreateSchema>;

/**
 * A payment of a debt (DESIGN.md section 12), in the debt's currency: the amount starts at what
 * remains, the reason is optional. A receivable's payment comes into the payer's balance, a
 * payable's goes out of it. The server's 409 (more than remains, beyond the balance, already
 * paid) shows here as it came. Mounted per opening.
 */
export function PayDebtDialog({
  debt: shown,
  onClose,
  onPaid,
}: {
  debt: Debt;
  onClose: () => void;
  onPaid: (message: string) => void;
}) {
  const t = useT();
  const debt = useDebt(shown.id, shown).data ?? shown;
  const { form, submit, error, pending } = usePaymentForm(debt, shown.remaining, onPaid, onClose);
  const incoming = debt.direction === 'RECEIVABLE';
  const { errors } = form.formState;

  return (
    <Modal
      open
      onClose={onClose}
      title={incoming ? t('debts.pay.titleIncoming') : t('debts.pay.titleOutgoing')}
      description={t('debts.pay.description', { counterparty: debt.counterparty.name, id: String(debt.id) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('debts.common.cancel')}
          </Button>
          <Button type="submit" form="pay-debt-form" loading={pending}>
            {t('debts.common.save')}
          </Button>
        </>
      }
    >
      <DebtFacts debt={debt} />

      <form
        id="pay-debt-form"
        onSubmit={submit}
        noValidate
        aria-label={t('debts.pay.formLabel')}
        className="space-y-4"
      >
        <MoneyInput
          label={t('debts.pay.amountLabel', { currency: debt.currency_code })}
          data-autofocus
          hint={incoming ? t('debts.pay.hintIncoming') : t('debts.pay.hintOutgoing')}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <Input
          label={t('debts.pay.reasonLabel')}
          autoComplete="off"
          error={errors.reason_text?.message}
          {...form.register('reason_text')}
        />
        <ErrorMessage>{error}</ErrorMessage>
      </form>

      <PreviousPayments id={shown.id} />
    </Modal>
  );
}

/** What the debt is: direction, amount, paid, remaining, due date, status. */
function DebtFacts({ debt }: { debt: Debt }) {
  const t = useT();
  return (
    <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.direction')}</dt>
        <dd title={t(DIRECTION_HINTS[debt.direction])}>{directionWithHint(t, debt.direction)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.amount')}</dt>
        <dd>
          <Money value={debt.amount} code={debt.currency_code} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.paid')}</dt>
        <dd>
          <Money value={debt.paid} code={debt.currency_code} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.remaining')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="pay-remaining">
          <Money value={debt.remaining} code={debt.currency_code} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.due')}</dt>
        <dd>{formatDay(debt.due_date)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('debts.common.status')}</dt>
        <dd>
          <DebtStatusBadge status={debt.status} />
        </dd>
      </div>
    </dl>
  );
}

/** The payments made so far, oldest first (none shown while there are none). */
function PreviousPayments({ id }: { id: number }) {
  const t = useT();
  const payments = useDebtPayments(id);
  return payments.data && payments.data.length > 0 ? (
    <section aria-label={t('debts.pay.previous')} className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('debts.pay.previous')}</h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {payments.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2">
            <span className="text-slate-600">{formatDateTime(p.created_at)}</span>
            <Money value={p.amount} code={p.currency_code} />
            <span className="w-full truncate text-xs text-slate-500">
              {p.created_by.email}
              {p.reason ? ` · ${p.reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  ) : null;
}

/** The form, starting at what remained when the dialog opened; a payment made is told in one line, then it closes. */
function usePaymentForm(
  debt: Debt,
  remaining: string,
  onPaid: (message: string) => void,
  onClose: () => void,
) {
  const t = useT();
  const pay = usePayDebt();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, Body>({
    resolver: useTranslatedResolver(
      zodResolver(DebtPaymentCreateSchema) as unknown as Resolver<FormValues, unknown, Body>,
    ),
    defaultValues: { amount: remaining, reason_text: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const done = await pay.mutateAsync({ id: debt.id, body });
      onPaid(
        t('debts.pay.saved', {
          amount: formatMoney(done.amount),
          currency: done.currency_code,
          counterparty: debt.counterparty.name,
          id: String(debt.id),
        }),
      );
      onClose();
    } catch (err) {
      setError(applyServerErrors(form.setError, err, t('debts.pay.failed')));
    }
  });
  return { form, submit, error, pending: pay.isPending };
}
