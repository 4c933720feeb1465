import type { Color, Product, Size, Variant } from '@app/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useCreateVariant, useDeleteVariant, useUpdateVariant } from '../api/variants.ts';
import { optionalId } from '../catalog-rules.ts';
import { ColorSwatch } from './ColorSwatch.tsx';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';

export interface VariantsPanelProps {
  product: Product;
  variants: Variant[];
  colors: Color[];
  sizes: Size[];
  canWrite: boolean;
}

interface Draft {
  color: string;
  size: string;
  sku: string;
}
const EMPTY: Draft = { color: '', size: '', sku: '' };

function VariantFields({
  draft,
  onChange,
  colors,
  sizes,
  idPrefix,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  colors: Color[];
  sizes: Size[];
  idPrefix: string;
}) {
  return (
    <>
      <Select
        aria-label="Rang"
        name={`${idPrefix}-color`}
        value={draft.color}
        onChange={(e) => onChange({ ...draft, color: e.target.value })}
        placeholder="Rang (ixtiyoriy)"
        options={colors.map((c) => ({ value: c.id, label: c.name }))}
      />
      <Select
        aria-label="Razmer"
        name={`${idPrefix}-size`}
        value={draft.size}
        onChange={(e) => onChange({ ...draft, size: e.target.value })}
        placeholder="Razmer (ixtiyoriy)"
        options={sizes.map((s) => ({ value: s.id, label: s.label ? `${s.size} (${s.label})` : s.size }))}
      />
      <Input
        aria-label="SKU"
        name={`${idPrefix}-sku`}
        placeholder="SKU (required)"
        value={draft.sku}
        onChange={(e) => onChange({ ...draft, sku: e.target.value })}
        autoComplete="off"
      />
    </>
  );
}

/** The variants of one product (spec.md section 2): add, inline edit, delete, or 'Variantlar yoq.'. */
export function VariantsPanel({ product, variants, colors, sizes, canWrite }: VariantsPanelProps) {
  const createVariant = useCreateVariant();
  const updateVariant = useUpdateVariant();
  const deleteVariant = useDeleteVariant();
  const [adding, setAdding] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: number; draft: Draft } | null>(null);
  const [toDelete, setToDelete] = useState<Variant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    if (!adding.sku.trim() || createVariant.isPending) return; // spec.md section 5: SKU required on create
    setError(null);
    createVariant.mutate(
      {
        product: product.id,
        sku: adding.sku.trim(),
        color: optionalId(adding.color),
        size: optionalId(adding.size),
      },
      { onSuccess: () => setAdding(EMPTY), onError: () => setError('Failed to create variant.') },
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    setError(null);
    // spec.md section 5: on update no blank check is made; the server answers a blank SKU.
    const { draft } = editing;
    updateVariant.mutate(
      {
        id: editing.id,
        body: { sku: draft.sku, color: optionalId(draft.color), size: optionalId(draft.size) },
      },
      { onSuccess: () => setEditing(null), onError: () => setError('Failed to update variant.') },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    setDeleteError(null);
    deleteVariant.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: () => setDeleteError('Failed to delete variant.'),
    });
  }

  return (
    // On phones the table scrolls sideways; the panel stays in view at the left edge.
    <div
      className="sticky left-0 max-w-[calc(100vw-2rem)] space-y-3 bg-slate-50/70 px-4 py-4 sm:max-w-none"
      data-testid={`variants-${product.id}`}
    >
      {variants.length === 0 ? (
        <p className="text-sm text-slate-500">Variantlar yoq.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {variants.map((v) =>
            editing?.id === v.id ? (
              <li key={v.id} className="p-3">
                <form
                  onSubmit={save}
                  className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
                  aria-label={`${v.sku} tahrirlash`}
                >
                  <VariantFields
                    draft={editing.draft}
                    onChange={(draft) => setEditing({ id: v.id, draft })}
                    colors={colors}
                    sizes={sizes}
                    idPrefix={`edit-${v.id}`}
                  />
                  <div className="flex gap-2">
                    <Button type="submit" size="md" loading={updateVariant.isPending}>
                      Saqlash
                    </Button>
                    <Button variant="secondary" onClick={() => setEditing(null)}>
                      Bekor qilish
                    </Button>
                  </div>
                </form>
              </li>
            ) : (
              <li
                key={v.id}
                className="flex flex-wrap items-center gap-x-6 gap-y-1 px-3 py-2 text-sm"
                data-variant-sku={v.sku}
              >
                <span className="inline-flex min-w-28 items-center gap-2 text-slate-700">
                  {v.color_code ? <ColorSwatch code={v.color_code} /> : null}
                  {v.color_name ?? '—'}
                </span>
                <span className="min-w-16 text-slate-700">{v.size_label ?? '—'}</span>
                <span className="font-mono text-slate-900">{v.sku}</span>
                {canWrite ? (
                  <span className="ml-auto flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                      onClick={() =>
                        setEditing({
                          id: v.id,
                          draft: {
                            sku: v.sku,
                            color: v.color ? String(v.color) : '',
                            size: v.size ? String(v.size) : '',
                          },
                        })
                      }
                    >
                      Tahrirlash
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                      onClick={() => {
                        setDeleteError(null);
                        setToDelete(v);
                      }}
                    >
                      O'chirish
                    </Button>
                  </span>
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
      {canWrite ? (
        <form
          onSubmit={add}
          className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
          aria-label="Variant qo'shish"
        >
          <VariantFields
            draft={adding}
            onChange={setAdding}
            colors={colors}
            sizes={sizes}
            idPrefix={`new-${product.id}`}
          />
          <Button
            type="submit"
            loading={createVariant.isPending}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            Variant qo'shish
          </Button>
        </form>
      ) : null}
      <ErrorMessage>{error}</ErrorMessage>
      <ConfirmDeleteModal
        item={toDelete?.sku ?? null}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        busy={deleteVariant.isPending}
        error={deleteError}
      />
    </div>
  );
}
