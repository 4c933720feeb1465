import type { Currency, Product, RecipeCreateSchema, Variant } from '@app/shared';
import { Plus, X } from 'lucide-react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { searchVariantOptions } from '../../../api/variants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { VariantPicker } from '../../../components/VariantPicker.tsx';
import { useT } from '../../../i18n/useT.ts';
import { emptyInput, type RecipeDraft, variantText } from '../recipe-rules.ts';

export type RecipeForm = UseFormReturn<RecipeDraft, unknown, z.output<typeof RecipeCreateSchema>>;

/**
 * The recipe editor's fields (DESIGN.md section 21): the output (fixed once the recipe exists: a
 * change is a new version of the same recipe), the inputs per one unit of output, overhead, note.
 */
export function RecipeFields({
  form,
  products,
  variants,
  currencies,
  fixedOutput,
}: {
  form: RecipeForm;
  /** The SEMI and FINISHED products. */
  products: readonly Pick<Product, 'id' | 'name' | 'model'>[];
  /** The chosen product's variants. */
  variants: readonly Variant[];
  currencies: readonly Currency[];
  fixedOutput: boolean;
}) {
  const t = useT();
  const { errors } = form.formState;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('catalog.recipes.product')}
          placeholder={t('catalog.form.choose')}
          disabled={fixedOutput}
          options={products.map((p) => ({ value: String(p.id), label: `${p.name} ${p.model}`.trim() }))}
          error={errors.product?.message}
          {...form.register('product', { onChange: () => form.setValue('variant', '') })}
        />
        <Select
          label={t('catalog.recipes.variant')}
          hint={t('catalog.recipes.variantHint')}
          disabled={fixedOutput}
          options={[
            { value: '', label: t('catalog.recipes.allVariants') },
            ...variants.map((v) => ({ value: String(v.id), label: variantText(v) })),
          ]}
          error={errors.variant?.message}
          {...form.register('variant')}
        />
      </div>
      <InputRows form={form} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Input
          label={t('catalog.recipes.overheadPerUnit')}
          inputMode="decimal"
          autoComplete="off"
          error={errors.overhead?.message}
          {...form.register('overhead')}
        />
        <Select
          label={t('catalog.recipes.currency')}
          options={currencies.map((c) => ({ value: String(c.id), label: c.code }))}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
      </div>
      <Input
        label={t('catalog.recipes.note')}
        autoComplete="off"
        error={errors.note?.message}
        {...form.register('note')}
      />
    </div>
  );
}

/** The inputs: a variant and its quantity per one unit of output each, at least one. */
function InputRows({ form }: { form: RecipeForm }) {
  const t = useT();
  const rows = useFieldArray({ control: form.control, name: 'inputs' });
  const { errors } = form.formState;
  const listError = errors.inputs?.root?.message ?? errors.inputs?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('catalog.recipes.inputs')}</legend>
      {rows.fields.map((row, index) => (
        <div
          key={row.id}
          data-testid="recipe-input-row"
          className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        >
          <Controller
            control={form.control}
            name={`inputs.${index}.variant`}
            render={({ field }) => (
              <VariantPicker
                label={t('catalog.recipes.inputNo', { n: index + 1 })}
                value={field.value}
                onChange={field.onChange}
                search={searchVariantOptions}
                error={errors.inputs?.[index]?.variant?.message}
              />
            )}
          />
          <Input
            label={t('catalog.recipes.qtyPerUnit')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.inputs?.[index]?.qty?.message}
            {...form.register(`inputs.${index}.qty`)}
          />
          <Button
            variant="ghost"
            className="sm:mt-6"
            icon={<X aria-hidden="true" className="h-4 w-4" />}
            aria-label={t('catalog.recipes.removeInput', { n: index + 1 })}
            disabled={rows.fields.length === 1}
            onClick={() => rows.remove(index)}
          />
        </div>
      ))}
      <ErrorMessage>{listError}</ErrorMessage>
      <Button
        variant="secondary"
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        onClick={() => rows.append(emptyInput())}
      >
        {t('catalog.recipes.addInput')}
      </Button>
    </fieldset>
  );
}
