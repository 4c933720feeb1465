import {
  type Currency,
  type CurrencyCreateBody,
  CurrencyCreateBodySchema,
  formatRate,
  RATE_STEP,
  type RateCreateBody,
  RateCreateBodySchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAddCurrency, useSetRate } from '../api/rates.ts';

/** Add a currency to the business at a rate (POST finance/currencies/). */
export function AddCurrencyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddCurrency();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CurrencyCreateBody, unknown, z.output<typeof CurrencyCreateBodySchema>>({
    resolver: zodResolver(CurrencyCreateBodySchema),
    defaultValues: { code: '', name: '', rate_to_uzs: '' },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await add.mutateAsync(body);
      close();
    } catch (err) {
      setError(applyServerErrors(form.setError, err));
    }
  });
  const { errors } = form.formState;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Valyuta qo'shish"
      description="Biznes bu valyutada pul saqlashi va almashtirishi mumkin bo'ladi."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button type="submit" form="add-currency" loading={add.isPending}>
            Qo'shish
          </Button>
        </>
      }
    >
      <form id="add-currency" onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Input
            label="Kodi"
            placeholder="EUR"
            maxLength={3}
            autoCapitalize="characters"
            error={errors.code?.message}
            {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })}
          />
          <Input label="Nomi" placeholder="Yevro" error={errors.name?.message} {...form.register('name')} />
        </div>
        <Input
          label="Kursi (1 birlik = ? UZS)"
          type="number"
          min="0"
          step={RATE_STEP}
          inputMode="decimal"
          error={errors.rate_to_uzs?.message}
          {...form.register('rate_to_uzs')}
        />
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </Modal>
  );
}

/** A new rate from now for one currency (POST finance/currencies/{id}/rates/). */
export function SetRateDialog({ currency, onClose }: { currency: Currency | null; onClose: () => void }) {
  const setRate = useSetRate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RateCreateBody, unknown, z.output<typeof RateCreateBodySchema>>({
    resolver: zodResolver(RateCreateBodySchema),
    values: { rate_to_uzs: currency?.rate_to_uzs ?? '' },
  });
  const close = () => {
    setError(null);
    form.clearErrors();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    if (!currency) return;
    setError(null);
    try {
      await setRate.mutateAsync({ currencyId: currency.id, body });
      close();
    } catch (err) {
      setError(applyServerErrors(form.setError, err));
    }
  });
  return (
    <Modal
      open={currency !== null}
      onClose={close}
      size="sm"
      title={currency ? `${currency.code} kursi` : ''}
      description={
        currency
          ? `Hozirgi kurs: 1 ${currency.code} = ${formatRate(currency.rate_to_uzs)} UZS. Yangi kurs hozirdan amal qiladi.`
          : ''
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button type="submit" form="set-rate" loading={setRate.isPending}>
            Saqlash
          </Button>
        </>
      }
    >
      <form id="set-rate" onSubmit={submit} noValidate className="space-y-4">
        <Input
          label={currency ? `1 ${currency.code} = ? UZS` : 'Kurs'}
          type="number"
          min="0"
          step={RATE_STEP}
          inputMode="decimal"
          error={form.formState.errors.rate_to_uzs?.message}
          {...form.register('rate_to_uzs')}
        />
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </Modal>
  );
}
