import { type Color, formatQuantity, type Product, type Size, type Variant } from '@app/shared';
import { Barcode, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useGenerateBarcode } from '../api/barcodes.ts';
import { useSaveVariantPrices } from '../api/prices.ts';
import { useCreateVariant, useDeleteVariant, useUpdateVariant } from '../api/variants.ts';
import { ColorSwatch } from './ColorSwatch.tsx';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import {
  AddVariantForm,
  draftOf,
  type EditForm,
  EditVariantLine,
  EMPTY,
  showFieldErrors,
  useVariantForms,
  type VariantUpdateBody,
} from './VariantForms.tsx';
import type { PricesBody, PricesForm } from './VariantPrices.tsx';

/** The variants chosen on the page for the bulk actions (barcodes, labels: DESIGN.md section 18). */
export interface VariantSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
}

export interface VariantsPanelProps {
  product: Product;
  variants: Variant[];
  colors: Color[];
  sizes: Size[];
  canWrite: boolean;
  selection: VariantSelection;
}

/** The variants of one product (spec.md section 2): add, inline edit, delete, or 'Variantlar yoq.'. */
export function VariantsPanel({ product, variants, colors, sizes, canWrite, selection }: VariantsPanelProps) {
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
      {
        onSuccess: () => addForm.reset(EMPTY),
        onError: (err) => {
          showFieldErrors(addForm, err);
          setError(t('catalog.variants.createError'));
        },
      },
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
                onSave={edit.save}
                saving={edit.saving}
                onCancel={() => edit.setEditing(null)}
              />
            ) : (
              <VariantLine
                key={v.id}
                v={v}
                canWrite={canWrite}
                selected={selection.selected.has(v.id)}
                onSelect={(on) => selection.toggle(v.id, on)}
                onEdit={edit.start}
                onDelete={remove.ask}
                onError={setError}
              />
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

/**
 * A variant: a box to choose it for the bulk actions, colour, size, SKU, barcode, minimum, and for
 * the writing roles edit and delete.
 */
function VariantLine({
  v,
  canWrite,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onError,
}: {
  v: Variant;
  canWrite: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: (v: Variant) => void;
  onDelete: (v: Variant) => void;
  /** Where a refused barcode generation is told (null: the line starts again). */
  onError: (error: string | null) => void;
}) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-x-5 gap-y-1 px-3 py-2 text-sm" data-variant-sku={v.sku}>
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 accent-brand-700"
        aria-label={t('catalog.barcodes.choose', { sku: v.sku })}
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
      />
      <span className="inline-flex min-w-28 items-center gap-2 text-slate-700">
        {v.color_code ? <ColorSwatch code={v.color_code} /> : null}
        {v.color_name ?? '—'}
      </span>
      <span className="min-w-16 text-slate-700">{v.size_label ?? '—'}</span>
      {/* Widths that keep the barcodes in a column whatever the SKU's length, up to a point. */}
      <span className="min-w-32 font-mono text-slate-900">{v.sku}</span>
      <BarcodeCell v={v} canWrite={canWrite} onError={onError} />
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
 * The variant's barcode, or for the writing roles a button giving it an in-store code of its own
 * (DESIGN.md section 18), where the code will show.
 */
function BarcodeCell({
  v,
  canWrite,
  onError,
}: {
  v: Variant;
  canWrite: boolean;
  onError: (error: string | null) => void;
}) {
  const t = useT();
  const generate = useGenerateBarcode();
  function generateBarcode() {
    onError(null);
    generate.mutate(v.id, {
      onError: (err) => onError(failureMessage(err, t('catalog.barcodes.generateError'))),
    });
  }
  return (
    <span className="inline-flex min-w-36 items-center gap-1 text-xs text-slate-600">
      <Barcode aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      {v.barcode === null && canWrite ? (
        <Button variant="link" className="text-xs" loading={generate.isPending} onClick={generateBarcode}>
          {t('catalog.barcodes.generateOne')}
        </Button>
      ) : (
        <span className="font-mono" title={t('catalog.variants.barcode')} data-testid="variant-barcode">
          {v.barcode ?? '—'}
        </span>
      )}
    </span>
  );
}

/**
 * Editing a variant in place: one at a time, its draft from what it is now. Save writes the
 * variant, then its prices when they changed (DESIGN.md section 19); the line stays open on a
 * refusal of either, the server's field errors under their inputs.
 */
function useVariantEdit(editForm: EditForm, setError: (error: string | null) => void) {
  const t = useT();
  const updateVariant = useUpdateVariant();
  const savePrices = useSaveVariantPrices();
  const [editing, setEditing] = useState<number | null>(null);
  async function save(body: VariantUpdateBody, prices: PricesBody | null, pricesForm: PricesForm) {
    if (editing === null) return;
    setError(null);
    try {
      await updateVariant.mutateAsync({ id: editing, body });
    } catch (err) {
      showFieldErrors(editForm, err);
      setError(t('catalog.variants.updateError'));
      return;
    }
    if (prices) {
      try {
        await savePrices.mutateAsync({ variant: editing, body: prices });
      } catch (err) {
        setError(applyServerErrors(pricesForm.setError, err, t('catalog.variantPrices.saveError')));
        return;
      }
    }
    setEditing(null);
  }
  function start(v: Variant) {
    editForm.reset(draftOf(v));
    setEditing(v.id);
  }
  return { editing, setEditing, save, saving: updateVariant.isPending || savePrices.isPending, start };
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
