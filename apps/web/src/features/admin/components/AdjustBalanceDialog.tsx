import {
  type BalanceAdjustBody,
  BalanceAdjustBodySchema,
  type BalanceGrid,
  formatMoney,
  MONEY_STEP,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
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
  const [idempotencyKey] = useState(newIdempotencyKey);
  const adjust = useAdjustBalance(idempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof BalanceAdjustBodySchema>>({
    resolver: zodResolver(
      BalanceAdjustBodySchema as unknown as z.ZodType<z.output<typeof BalanceAdjustBodySchema>, FormValues>,
    ),
    defaultValues: {
      user: String(userId),
      currency: String(grid.currencies[0]?.id ?? ''),
      amount: '',
      reason_text: '',
    },
  });
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const done = await adjust.mutateAsync(body satisfies BalanceAdjustBody);
      onDone(
        `${formatMoney(done.amount)} ${done.currency_code} yozildi: endi ${formatMoney(done.on_hand)} ${done.currency_code}.`,
      );
      onClose();
    } catch (err) {
      setError(applyServerErrors(form.setError, err));
    }
  });
  const { errors } = form.formState;
  return (
    <Modal
      open
      onClose={onClose}
      title="Balansni tuzatish"
      description="Boshlang'ich qoldiq yoki tuzatish: musbat summa qo'shadi, manfiy summa ayiradi. Balans manfiy bo'la olmaydi."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Bekor qilish
          </Button>
          <Button type="submit" form="adjust-balance" loading={adjust.isPending}>
            Yozish
          </Button>
        </>
      }
    >
      <form id="adjust-balance" onSubmit={submit} noValidate className="space-y-4">
        <Select
          label="Bo'lim"
          options={grid.rows.map((r) => ({ value: String(r.user.id), label: displayName(r.user) }))}
          error={errors.user?.message}
          {...form.register('user')}
        />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Select
            label="Valyuta"
            options={grid.currencies.map((c) => ({ value: String(c.id), label: c.code }))}
            error={errors.currency?.message}
            {...form.register('currency')}
          />
          <Input
            label="Summa"
            type="number"
            step={MONEY_STEP}
            inputMode="decimal"
            hint="Masalan 1500 yoki -250.50"
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        </div>
        <Input
          label="Sabab"
          placeholder="Kamida 8 ta belgi"
          error={errors.reason_text?.message}
          {...form.register('reason_text')}
        />
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </Modal>
  );
}
