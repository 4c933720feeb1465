import { type PriceType, VariantPricesWriteSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { usePriceTypes } from '../../../api/price-types.ts';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { variantPricesQueryOptions } from '../api/prices.ts';
import { type PricesDraft, pricesDraft, priceTypeLabel } from '../price-rules.ts';

export type PricesBody = z.output<typeof VariantPricesWriteSchema>;
export type PricesForm = UseFormReturn<PricesDraft, unknown, PricesBody>;

/**
 * A variant's prices being edited (DESIGN.md section 19): an input per price type, validated by
 * the PUT's own shared schema, so the client's rules and the server's field paths
 * (`prices.N.price`) are one definition. `changed()` says whether a PUT is needed at all.
 */
export function useVariantPricesForm(variant: number) {
  const types = usePriceTypes();
  const prices = useQuery(variantPricesQueryOptions(variant));
  const form: PricesForm = useForm<PricesDraft, unknown, PricesBody>({
    resolver: useTranslatedResolver(
      zodResolver(VariantPricesWriteSchema) as Resolver<PricesDraft, unknown, PricesBody>,
    ),
    defaultValues: { prices: [] },
  });
  const initial = useRef<PricesDraft>({ prices: [] });
  useEffect(() => {
    if (!types.data || !prices.data) return;
    initial.current = pricesDraft(types.data, prices.data.prices);
    form.reset(initial.current);
  }, [types.data, prices.data, form]);

  function changed(): boolean {
    const now = form.getValues().prices;
    return initial.current.prices.some((p, i) => (now[i]?.price ?? '').trim() !== p.price);
  }
  const status = types.isError || prices.isError ? 'error' : types.data && prices.data ? 'ready' : 'loading';
  return { form, types: types.data ?? [], status, changed } as const;
}

export type VariantPricesState = ReturnType<typeof useVariantPricesForm>;

/** "Narxlar": the inputs, or why there are none yet (with the way to the price types page). */
export function VariantPricesFields({ state }: { state: VariantPricesState }) {
  const t = useT();
  return (
    <fieldset className="space-y-2 sm:col-span-3" data-testid="variant-prices">
      <legend className="mb-1 text-sm font-semibold text-slate-800">
        {t('catalog.variantPrices.title')}
      </legend>
      {state.status === 'error' ? (
        <ErrorMessage>{t('catalog.variantPrices.loadError')}</ErrorMessage>
      ) : state.status === 'loading' ? (
        <LoadingText />
      ) : state.types.length === 0 ? (
        <p className="text-sm text-slate-500">
          {t('catalog.variantPrices.noTypes')}{' '}
          <Link to={paths.catalog.priceTypes} className="font-medium text-brand-700 hover:underline">
            {t('catalog.priceTypes.title')}
          </Link>
        </p>
      ) : (
        <PriceInputs form={state.form} types={state.types} />
      )}
    </fieldset>
  );
}

/**
 * One line per price type: its name, currency and the default's mark on the left, the amount on
 * the right, so a long name wraps in its own column and the inputs stay in one line up and down
 * (on a phone, the name above its input).
 */
function PriceInputs({ form, types }: { form: PricesForm; types: PriceType[] }) {
  const t = useT();
  const baseId = useId();
  const { errors } = form.formState;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {types.map((type, i) => (
        <li
          key={type.id}
          className="grid items-start gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_14rem]"
        >
          <label
            htmlFor={`${baseId}-${type.id}`}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:pt-2.5"
          >
            <span className="font-medium break-words text-slate-800">{type.name}</span>
            <span className="font-mono text-xs text-slate-500">{type.currency_code}</span>
            {type.is_default ? <Badge tone="emerald">{t('catalog.priceTypes.default')}</Badge> : null}
          </label>
          <MoneyInput
            id={`${baseId}-${type.id}`}
            // One stable name, "Chakana (UZS)", whatever the marks beside it.
            aria-label={priceTypeLabel(type)}
            placeholder={t('catalog.variantPrices.none')}
            autoComplete="off"
            inputClassName="text-right tabular-nums"
            error={errors.prices?.[i]?.price?.message}
            {...form.register(`prices.${i}.price`)}
          />
        </li>
      ))}
    </ul>
  );
}
