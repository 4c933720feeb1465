import {
  type OfferCreateBodySchema,
  type ProductOfferFormValues,
  productOfferFormSchema,
  QUANTITY_STEP,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import {
  findOfferVariantByBarcode,
  searchOfferVariants,
  useBusinessUsers,
  useCreateProductOffer,
} from '../api/product-offers.ts';
import { OfferFormEnd, OtherDepartmentSelect, useOfferSubmit } from './OfferFormParts.tsx';

export interface ProductOfferFormProps {
  /** income: I ask another department to send me goods; outcome: I send mine. */
  mode: 'income' | 'outcome';
  /** Called after the offer is created. */
  onDone: () => void;
  onCancel?: () => void;
}

type Body = z.output<typeof OfferCreateBodySchema>;

/** The picker holds the variant it shows; the shared schema sends its id. */
type FormValues = Omit<ProductOfferFormValues, 'lines'> & {
  lines: Array<{ variant: VariantOption | null; quantity: string }>;
};

/** The offer's variants search; a failed search says so until one succeeds (spec.md section 8). */
function useOfferVariantSearch() {
  const [variantsFailed, setVariantsFailed] = useState(false);
  const onSearchError = useCallback(() => setVariantsFailed(true), []);
  const search = useCallback(
    (text: string, signal: AbortSignal) =>
      searchOfferVariants(text, signal).then((found) => {
        setVariantsFailed(false);
        return found;
      }),
    [],
  );
  return { search, onSearchError, variantsFailed };
}

/** The new-product offer form of the Income and Outcome pages. */
export function ProductOfferForm({ mode, onDone, onCancel }: ProductOfferFormProps) {
  const t = useT();
  const me = useCurrentUser().data?.id;
  const users = useBusinessUsers();
  const mutation = useCreateProductOffer();
  // spec.md section 5 "Product offers": the shared schema checks the fields and builds the body.
  const form = useForm<FormValues, unknown, Body>({
    // The schema reads only the picked variant's id; its input type cannot know the picker's object.
    resolver: useTranslatedResolver(
      zodResolver(productOfferFormSchema(mode, me)) as Resolver<FormValues, unknown, Body>,
    ),
    defaultValues: { other: '', lines: [{ variant: null, quantity: '' }], reason_text: '' },
  });
  const { submit, end } = useOfferSubmit(form, mutation, 'offers.productForm.failed', onDone);

  const others = (users.data ?? []).filter((u) => u.id !== me);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('offers.productForm.title')}>
      <OtherDepartmentSelect mode={mode} others={others} field={form.register('other')} />
      <ProductLines form={form} />
      <OfferFormEnd reason={form.register('reason_text')} {...end} onCancel={onCancel} />
    </form>
  );
}

/** The offer's lines: a variant and a quantity each, at least one. */
function ProductLines({ form }: { form: UseFormReturn<FormValues, unknown, Body> }) {
  const t = useT();
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { search, onSearchError, variantsFailed } = useOfferVariantSearch();
  return (
    <div className="space-y-3">
      {lines.fields.map((line, index) => (
        <div
          key={line.id}
          className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
        >
          <Controller
            control={form.control}
            name={`lines.${index}.variant`}
            render={({ field }) => (
              <VariantPicker
                value={field.value}
                onChange={field.onChange}
                search={search}
                onSearchError={onSearchError}
                findByBarcode={findOfferVariantByBarcode}
                // A scale's weight code carries the line's quantity (DESIGN.md section 18).
                onScanned={(_, qty) => {
                  if (qty) form.setValue(`lines.${index}.quantity`, qty);
                }}
              />
            )}
          />
          <Input
            label={t('offers.form.quantity')}
            type="number"
            step={QUANTITY_STEP}
            min="0"
            inputMode="decimal"
            {...form.register(`lines.${index}.quantity`)}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('offers.form.removeLine')}
            disabled={lines.fields.length === 1}
            onClick={() => lines.remove(index)}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          />
        </div>
      ))}
      {variantsFailed ? <ErrorMessage>{t('offers.form.variantsFailed')}</ErrorMessage> : null}
      <Button
        variant="secondary"
        size="sm"
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        onClick={() => lines.append({ variant: null, quantity: '' })}
      >
        {t('offers.form.addLine')}
      </Button>
    </div>
  );
}
