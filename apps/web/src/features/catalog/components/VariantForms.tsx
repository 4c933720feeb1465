import { type Color, type Size, type Variant, VariantFormSchema, VariantUpdateSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import type { BaseSyntheticEvent } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { fieldErrors } from '../../../lib/api-client.ts';
import {
  type PricesBody,
  type PricesForm,
  useVariantPricesForm,
  VariantPricesFields,
} from './VariantPrices.tsx';

/**
 * Both variant forms hold text: '' for no colour, size, low-stock threshold or barcode, which the
 * shared schemas send as null.
 */
export interface Draft {
  color: string;
  size: string;
  sku: string;
  min_qty: string;
  barcode: string;
}
export const EMPTY: Draft = { color: '', size: '', sku: '', min_qty: '', barcode: '' };

export type AddForm = UseFormReturn<Draft, unknown, z.output<typeof VariantFormSchema>>;
export type EditForm = UseFormReturn<Draft, unknown, z.output<typeof VariantUpdateSchema>>;

/** A variant as its edit form starts. */
export function draftOf(v: Variant): Draft {
  return {
    sku: v.sku,
    color: v.color ? String(v.color) : '',
    size: v.size ? String(v.size) : '',
    min_qty: v.min_qty ?? '',
    barcode: v.barcode ?? '',
  };
}

const DRAFT_FIELDS = new Set<string>(Object.keys(EMPTY));

/**
 * A refused save's field errors under their fields (a barcode another variant has: DESIGN.md
 * section 18); the form's error line keeps spec.md's text. True when there were any.
 */
export function showFieldErrors(form: AddForm | EditForm, err: unknown): boolean {
  const fields = Object.entries(fieldErrors(err)).filter(([name]) => DRAFT_FIELDS.has(name));
  for (const [name, message] of fields) (form as AddForm).setError(name as keyof Draft, { message });
  return fields.length > 0;
}

function VariantFields<Body>({
  form,
  colors,
  sizes,
}: {
  form: UseFormReturn<Draft, unknown, Body>;
  colors: Color[];
  sizes: Size[];
}) {
  const { errors } = form.formState;
  const t = useT();
  return (
    <>
      <Select
        aria-label={t('catalog.field.color')}
        placeholder={t('catalog.variants.colorPlaceholder')}
        options={colors.map((c) => ({ value: c.id, label: c.name }))}
        error={errors.color?.message}
        {...form.register('color')}
      />
      <Select
        aria-label={t('catalog.field.size')}
        placeholder={t('catalog.variants.sizePlaceholder')}
        options={sizes.map((s) => ({ value: s.id, label: s.label ? `${s.size} (${s.label})` : s.size }))}
        error={errors.size?.message}
        {...form.register('size')}
      />
      <Input
        aria-label={t('catalog.variants.sku')}
        placeholder={t('catalog.variants.skuPlaceholder')}
        autoComplete="off"
        error={errors.sku?.message}
        {...form.register('sku')}
      />
      <Input
        aria-label={t('catalog.variants.minQty')}
        placeholder={t('catalog.variants.minQtyPlaceholder')}
        title={t('catalog.variants.minQtyHint')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.min_qty?.message}
        {...form.register('min_qty')}
      />
      <Input
        aria-label={t('catalog.variants.barcode')}
        placeholder={t('catalog.variants.barcodePlaceholder')}
        title={t('catalog.variants.barcodeHint')}
        autoComplete="off"
        spellCheck={false}
        inputClassName="font-mono placeholder:font-sans"
        error={errors.barcode?.message}
        {...form.register('barcode')}
      />
    </>
  );
}

/**
 * spec.md section 5, Variant: the shared schemas, SKU required on create. Draft is the schemas'
 * input with text in the selects; their input types say unknown there.
 */
export function useVariantForms() {
  const addForm = useForm<Draft, unknown, z.output<typeof VariantFormSchema>>({
    resolver: useTranslatedResolver(
      zodResolver(VariantFormSchema) as Resolver<Draft, unknown, z.output<typeof VariantFormSchema>>,
    ),
    defaultValues: EMPTY,
  });
  const editForm = useForm<Draft, unknown, z.output<typeof VariantUpdateSchema>>({
    resolver: useTranslatedResolver(
      zodResolver(VariantUpdateSchema) as Resolver<Draft, unknown, z.output<typeof VariantUpdateSchema>>,
    ),
    defaultValues: EMPTY,
  });
  return { addForm, editForm };
}

export type VariantUpdateBody = z.output<typeof VariantUpdateSchema>;

/**
 * A variant being edited, in place, with its prices (DESIGN.md section 19). Save checks both forms
 * first; `onSave` gets the prices' PUT body only when one of them changed.
 */
export function EditVariantLine({
  v,
  form,
  colors,
  sizes,
  onSave,
  saving,
  onCancel,
}: {
  v: Variant;
  form: EditForm;
  colors: Color[];
  sizes: Size[];
  onSave: (body: VariantUpdateBody, prices: PricesBody | null, pricesForm: PricesForm) => Promise<void>;
  saving: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const prices = useVariantPricesForm(v.id);
  const submit = form.handleSubmit((body) =>
    prices.form.handleSubmit((pricesBody) =>
      onSave(body, prices.status === 'ready' && prices.changed() ? pricesBody : null, prices.form),
    )(),
  );
  return (
    <li className="p-3">
      {/* noValidate: the shared schema's message in the chosen language, not the browser's bubble. */}
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-2 sm:grid-cols-3"
        aria-label={t('catalog.actions.editItem', { name: v.sku })}
      >
        <VariantFields form={form} colors={colors} sizes={sizes} />
        <VariantPricesFields state={prices} />
        <div className="flex gap-2 sm:col-span-3 sm:justify-end">
          <Button type="submit" size="md" loading={saving}>
            {t('catalog.actions.save')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('catalog.actions.cancel')}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** A new variant of the product, under the list. */
export function AddVariantForm({
  form,
  colors,
  sizes,
  onSubmit,
  adding,
}: {
  form: AddForm;
  colors: Color[];
  sizes: Size[];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  adding: boolean;
}) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-3" aria-label={t('catalog.variants.add')}>
      <VariantFields form={form} colors={colors} sizes={sizes} />
      <Button type="submit" loading={adding} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
        {t('catalog.variants.add')}
      </Button>
    </form>
  );
}
