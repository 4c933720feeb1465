import {
  type Color,
  canWriteCatalog,
  type Product,
  type ProductType,
  type Size,
  type Unit,
  type Variant,
} from '@app/shared';
import { useQueries } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { whoamiQueryOptions } from '../../../lib/auth.ts';
import { colorsApi, sizesApi, unitsApi } from '../api/attributes.ts';
import {
  productsQueryOptions,
  useCreateProduct,
  useDeleteProduct,
  useUpdateProduct,
} from '../api/products.ts';
import { variantsQueryOptions } from '../api/variants.ts';
import { groupVariantsByProduct, matchesProductSearch, PRODUCTS_PAGE_SIZE } from '../catalog-rules.ts';
import { ConfirmDeleteModal } from '../components/ConfirmDeleteModal.tsx';
import { ProductFormModal } from '../components/ProductFormModal.tsx';
import { ProductsTable } from '../components/ProductsTable.tsx';
import { VariantBulkActions } from '../components/VariantBulkActions.tsx';
import type { VariantSelection } from '../components/VariantsPanel.tsx';

export interface ProductsPageProps {
  /** The sub-tab's type filter; undefined on "Hammasi" (all). */
  type?: ProductType;
}

/**
 * spec.md section 2, Products page: units, colours, sizes, products, variants and the current user
 * load together; any failure replaces the page with 'Failed to load products.'.
 */
export function ProductsPage({ type }: ProductsPageProps) {
  const t = useT();
  const data = useQueries({
    queries: [
      unitsApi.queryOptions,
      colorsApi.queryOptions,
      sizesApi.queryOptions,
      productsQueryOptions(type),
      variantsQueryOptions,
      whoamiQueryOptions,
    ],
    combine: (results) => ({
      failed: results.some((r) => r.isError),
      loading: results.some((r) => r.isPending),
      units: results[0].data ?? [],
      colors: results[1].data ?? [],
      sizes: results[2].data ?? [],
      products: results[3].data ?? [],
      variants: results[4].data ?? [],
      user: results[5].data,
    }),
  });

  if (data.failed) return <ErrorMessage>{t('catalog.products.loadError')}</ErrorMessage>;
  if (data.loading) return <LoadingText />;
  return (
    <ProductsView
      key={type ?? 'ALL'}
      units={data.units}
      colors={data.colors}
      sizes={data.sizes}
      products={data.products}
      variants={data.variants}
      canWrite={canWriteCatalog(data.user?.role)}
    />
  );
}

interface ViewProps {
  units: Unit[];
  colors: Color[];
  sizes: Size[];
  products: Product[];
  variants: Variant[];
  canWrite: boolean;
}

function ProductsView({ units, colors, sizes, products, variants, canWrite }: ViewProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ product?: Product } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const remove = useProductDelete();
  const selection = useVariantSelection(variants);

  const variantsByProduct = useMemo(() => groupVariantsByProduct(variants), [variants]);
  const filtered = useMemo(() => products.filter((p) => matchesProductSearch(p, query)), [products, query]);
  // 5,000 products (docs/benchmarks.md) stay quick: pages of 50 keep the DOM small while rows
  // expand to variant panels of any height, which a virtual list would have to measure row by row.
  const totalPages = Math.max(1, Math.ceil(filtered.length / PRODUCTS_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = filtered.slice((current - 1) * PRODUCTS_PAGE_SIZE, current * PRODUCTS_PAGE_SIZE);

  function openForm(product?: Product) {
    setFormError(null);
    setForm(product ? { product } : {});
  }

  function submit(body: Parameters<typeof createProduct.mutate>[0]) {
    const editing = form?.product;
    const done = { onSuccess: () => setForm(null) };
    if (editing) {
      updateProduct.mutate(
        { id: editing.id, body },
        { ...done, onError: () => setFormError(t('catalog.products.updateError')) },
      );
    } else {
      createProduct.mutate(body, { ...done, onError: () => setFormError(t('catalog.products.createError')) });
    }
  }

  return (
    <div className="space-y-4">
      <ProductsToolbar
        query={query}
        onQuery={(next) => {
          setQuery(next);
          setPage(1);
        }}
        onAdd={canWrite ? () => openForm() : undefined}
      />
      <VariantBulkActions variants={selection.ids} canWrite={canWrite} onClear={selection.clear} />
      <ProductsTable
        products={rows}
        firstIndex={(current - 1) * PRODUCTS_PAGE_SIZE + 1}
        variantsByProduct={variantsByProduct}
        colors={colors}
        sizes={sizes}
        canWrite={canWrite}
        selection={selection}
        onEdit={openForm}
        onDelete={remove.ask}
      />
      {totalPages > 1 ? <Pagination page={current} totalPages={totalPages} onPageChange={setPage} /> : null}
      <ProductFormModal
        open={form !== null}
        product={form?.product}
        units={units}
        busy={createProduct.isPending || updateProduct.isPending}
        error={formError}
        onClose={() => setForm(null)}
        onSubmit={submit}
      />
      <ConfirmDeleteModal
        item={remove.toDelete?.name ?? null}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
        busy={remove.busy}
        error={remove.error}
      />
    </div>
  );
}

/** The search box, and "add" for the writing roles (`onAdd` undefined: none). */
function ProductsToolbar({
  query,
  onQuery,
  onAdd,
}: {
  query: string;
  onQuery: (query: string) => void;
  onAdd: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <SearchInput
        aria-label={t('catalog.products.search')}
        placeholder={t('catalog.products.searchPlaceholder')}
        value={query}
        onText={onQuery}
        className="w-full sm:w-96"
      />
      {onAdd ? (
        <Button onClick={onAdd} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          {t('catalog.products.add')}
        </Button>
      ) : null}
    </div>
  );
}

/** Deleting a product after a confirmation; a refusal shows in the confirmation. */
function useProductDelete() {
  const t = useT();
  const deleteProduct = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [error, setError] = useState<string | null>(null);
  function ask(p: Product) {
    setError(null);
    setToDelete(p);
  }
  function confirm() {
    if (!toDelete) return;
    setError(null);
    deleteProduct.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: () => setError(t('catalog.products.deleteError')),
    });
  }
  return { toDelete, ask, cancel: () => setToDelete(null), confirm, busy: deleteProduct.isPending, error };
}

/** The variants chosen for the bulk actions, across products and pages; a deleted one drops out. */
function useVariantSelection(variants: Variant[]): VariantSelection & { ids: number[]; clear: () => void } {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(
    () => variants.filter((v) => selected.has(v.id)).map((v) => v.id),
    [variants, selected],
  );
  function toggle(id: number, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  return { selected, toggle, ids, clear: () => setSelected(new Set()) };
}
