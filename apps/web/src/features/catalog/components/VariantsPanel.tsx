import {
  type Color,
  formatQuantity,
  type Product,
  type Size,
  type Variant,
  VariantFormSchema,
  VariantUpdateSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type BaseSyntheticEvent, useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCreateVariant, useDeleteVariant, useUpdateVariant } from '../api/variants.ts';
import { ColorSwatch } from './ColorSwatch.tsx';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';

export interface VariantsPanelProps {
  product: Product;
  variants: Variant[];
  colors: Color[];
  sizes: Size[];
  canWrite: boolean;
}

/**
 * Both variant forms hold text: '' for no colour, size or low-stock threshold, which the shared
 * schemas send as null.
 */
interface Draft {
  color: string;
  size: string;
  sku: string;
  min_qty: string;
}
const EMPTY: Draft = { color: '', size: '', sku: '', min_qty: '' };

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
    </>
  );
}

/** The variants of one product (spec.md section 2): add, inline edit, delete, or 'Variantlar yoq.'. */
export function VariantsPanel({ product, variants, colors, sizes, canWrite }: VariantsPanelProps) {
  const t = useT();
  const createVariant = useCreateVariant();
  const { addForm, editForm } = useVariantForms();
  const [error, setError] = useState<string | null>(null);
  const edit = useVariantEdit(editForm, setError);
  const remove = useVariantDelete();

  const add = addForm.handleSubmit((body) => {
    if (createVariant.isPending) return;
    setError(null);
    createVariant.mutate(
      { product: product.id, ...body },
      { onSuccess: () => addForm.reset(EMPTY), onError: () => setError(t('catalog.variants.createError')) },
    );
  });

  return (
    // On phones the table scrolls sideways; the panel stays in view at the left edge.
    <div
      className="sticky left-0 max-w-[calc(100vw-2rem)] space-y-3 bg-slate-50/70 px-4 py-4 sm:max-w-none"
      data-testid={`variants-${product.id}`}
    >
      {variants.length === 0 ? (
        <p className="text-sm text-slate-500">{t('catalog.variants.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {variants.map((v) =>
            edit.editing === v.id ? (
              <EditVariantLine
                key={v.id}
                v={v}
                form={editForm}
                colors={colors}
                sizes={sizes}
                onSubmit={edit.save}
                saving={edit.saving}
                onCancel={() => edit.setEditing(null)}
              />
            ) : (
              <VariantLine key={v.id} v={v} canWrite={canWrite} onEdit={edit.start} onDelete={remove.ask} />
            ),
          )}
        </ul>
      )}
      {canWrite ? (
        <AddVariantForm
          form={addForm}
          colors={colors}
          sizes={sizes}
          onSubmit={add}
          adding={createVariant.isPending}
        />
      ) : null}
      <ErrorMessage>{error}</ErrorMessage>
      <ConfirmDeleteModal
        item={remove.toDelete?.sku ?? null}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
        busy={remove.busy}
        error={remove.error}
      />
    </div>
  );
}

/** A variant being edited, in place. */
function EditVariantLine({
  v,
  form,
  colors,
  sizes,
  onSubmit,
  saving,
  onCancel,
}: {
  v: Variant;
  form: UseFormReturn<Draft, unknown, z.output<typeof VariantUpdateSchema>>;
  colors: VariantsPanelProps['colors'];
  sizes: VariantsPanelProps['sizes'];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  saving: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <li className="p-3">
      <form
        onSubmit={onSubmit}
        className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
        aria-label={t('catalog.actions.editItem', { name: v.sku })}
      >
        <VariantFields form={form} colors={colors} sizes={sizes} />
        <div className="flex gap-2">
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

/** A variant: colour, size, SKU, minimum, and for the writing roles edit and delete. */
function VariantLine({
  v,
  canWrite,
  onEdit,
  onDelete,
}: {
  v: Variant;
  canWrite: boolean;
  onEdit: (v: Variant) => void;
  onDelete: (v: Variant) => void;
}) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-1 px-3 py-2 text-sm" data-variant-sku={v.sku}>
      <span className="inline-flex min-w-28 items-center gap-2 text-slate-700">
        {v.color_code ? <ColorSwatch code={v.color_code} /> : null}
        {v.color_name ?? '—'}
      </span>
      <span className="min-w-16 text-slate-700">{v.size_label ?? '—'}</span>
      <span className="font-mono text-slate-900">{v.sku}</span>
      {v.min_qty !== null ? (
        <span className="text-slate-500">
          {t('catalog.variants.minQtyValue', { qty: formatQuantity(v.min_qty) })}
        </span>
      ) : null}
      {canWrite ? (
        <span className="ml-auto flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onEdit(v)}
          >
            {t('catalog.actions.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700"
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onDelete(v)}
          >
            {t('catalog.actions.delete')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * spec.md section 5, Variant: the shared schemas, SKU required on create. Draft is the schemas'
 * input with text in the selects; their input types say unknown there.
 */
function useVariantForms() {
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

/** A new variant of the product, under the list. */
function AddVariantForm({
  form,
  colors,
  sizes,
  onSubmit,
  adding,
}: {
  form: UseFormReturn<Draft, unknown, z.output<typeof VariantFormSchema>>;
  colors: VariantsPanelProps['colors'];
  sizes: VariantsPanelProps['sizes'];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  adding: boolean;
}) {
  const t = useT();
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
      aria-label={t('catalog.variants.add')}
    >
      <VariantFields form={form} colors={colors} sizes={sizes} />
      <Button type="submit" loading={adding} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
        {t('catalog.variants.add')}
      </Button>
    </form>
  );
}

/** Editing a variant in place: one at a time, its draft from what it is now. */
function useVariantEdit(
  editForm: UseFormReturn<Draft, unknown, z.output<typeof VariantUpdateSchema>>,
  setError: (error: string | null) => void,
) {
  const t = useT();
  const updateVariant = useUpdateVariant();
  const [editing, setEditing] = useState<number | null>(null);
  const save = editForm.handleSubmit((body) => {
    if (editing === null) return;
    setError(null);
    updateVariant.mutate(
      { id: editing, body },
      { onSuccess: () => setEditing(null), onError: () => setError(t('catalog.variants.updateError')) },
    );
  });
  function start(v: Variant) {
    editForm.reset({
      sku: v.sku,
      color: v.color ? String(v.color) : '',
      size: v.size ? String(v.size) : '',
      min_qty: v.min_qty ?? '',
    });
    setEditing(v.id);
  }
  return { editing, setEditing, save, saving: updateVariant.isPending, start };
}

/** Deleting a variant after a confirmation; a refusal shows in the confirmation. */
function useVariantDelete() {
  const t = useT();
  const deleteVariant = useDeleteVariant();
  const [toDelete, setToDelete] = useState<Variant | null>(null);
  const [error, setError] = useState<string | null>(null);
  function ask(v: Variant) {
    setError(null);
    setToDelete(v);
  }
  function confirm() {
    if (!toDelete) return;
    setError(null);
    deleteVariant.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: () => setError(t('catalog.variants.deleteError')),
    });
  }
  return { toDelete, ask, cancel: () => setToDelete(null), confirm, busy: deleteVariant.isPending, error };
}
