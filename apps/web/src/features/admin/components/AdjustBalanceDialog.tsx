import {
  type BalanceAdjustBody,
  BalanceAdjustBodySchema,
  type BalanceGrid,
  formatMoney,
  MONEY_STEP,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, useSaveError } from '../../../components/FormDialog.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { useAdjustBalance } from '../api/balances.ts';

type FormValues = { user: string; currency: string; amount: string; reason_text: string };

function displayName(u: BalanceGrid['rows'][number]['user']): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${u.email})` : u.email;
}

/**
 * An opening balance or a correction (DESIGN.md section 9): a signed amount and a reason, one
 * ADJUSTMENT ledger row. Mounted per opening, so each opening has its own Idempotency-Key.
 */
export function AdjustBalanceDialog({
  grid,
  userId,
  onClose,
  onDone,
}: {
  grid: BalanceGrid;
  userId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const adjust = useAdjustBalance(idempotencyKey);
  const form = useForm<FormValues, unknown, z.output<typeof BalanceAdjustBodySchema>>({
    resolver: useTranslatedResolver(
      zodResolver(
        BalanceAdjustBodySchema as unknown as z.ZodType<z.output<typeof BalanceAdjustBodySchema>, FormValues>,
      ),
    ),
    defaultValues: {
      user: String(userId),
      currency: String(grid.currencies[0]?.id ?? ''),
      amount: '',
      reason_text: '',
    },
  });
  const { error, run } = useSaveError(form.setError);
  const submit = form.handleSubmit((body) =>
    run(async () => {
      const done = await adjust.mutateAsync(body satisfies BalanceAdjustBody);
      onDone(
        t('admin.adjust.done', {
          amount: formatMoney(done.amount),
          currency: done.currency_code,
          onHand: formatMoney(done.on_hand),
        }),
      );
      onClose();
    }),
  );
  return (
    <FormDialog
      onClose={onClose}
      title={t('admin.adjust.title')}
      description={t('admin.adjust.description')}
      formId="adjust-balance"
      cancelLabel={t('admin.action.cancel')}
      submitLabel={t('admin.adjust.submit')}
      pending={adjust.isPending}
      onSubmit={submit}
      error={error}
    >
      <AdjustFields form={form} grid={grid} />
    </FormDialog>
  );
}

/** Department, currency, signed amount and reason. */
function AdjustFields({
  form,
  grid,
}: {
  form: UseFormReturn<FormValues, unknown, z.output<typeof BalanceAdjustBodySchema>>;
  grid: BalanceGrid;
}) {
  const t = useT();
  const { errors } = form.formState;
  return (
    <>
      <Select
        label={t('admin.adjust.department')}
        options={grid.rows.map((r) => ({ value: String(r.user.id), label: displayName(r.user) }))}
        error={errors.user?.message}
        {...form.register('user')}
      />
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Select
          label={t('admin.adjust.currency')}
          options={grid.currencies.map((c) => ({ value: String(c.id), label: c.code }))}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
        <Input
          label={t('admin.adjust.amount')}
          type="number"
          step={MONEY_STEP}
          inputMode="decimal"
          hint={t('admin.adjust.amountHint')}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      </div>
      <Input
        label={t('admin.adjust.reason')}
        placeholder={t('admin.adjust.reasonPlaceholder')}
        error={errors.reason_text?.message}
        {...form.register('reason_text')}
      />
    </>
  );
}
