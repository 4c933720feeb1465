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
import { Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
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
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();

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

  function confirmDelete() {
    if (!toDelete) return;
    setDeleteError(null);
    deleteProduct.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: () => setDeleteError(t('catalog.products.deleteError')),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Input
          type="search"
          aria-label={t('catalog.products.search')}
          placeholder={t('catalog.products.searchPlaceholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
          className="w-full sm:w-96"
          trailing={<Search aria-hidden="true" className="mr-2 h-4 w-4 text-slate-400" />}
        />
        {canWrite ? (
          <Button onClick={() => openForm()} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
            {t('catalog.products.add')}
          </Button>
        ) : null}
      </div>
      <ProductsTable
        products={rows}
        firstIndex={(current - 1) * PRODUCTS_PAGE_SIZE + 1}
        variantsByProduct={variantsByProduct}
        colors={colors}
        sizes={sizes}
        canWrite={canWrite}
        onEdit={openForm}
        onDelete={(p) => {
          setDeleteError(null);
          setToDelete(p);
        }}
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
        item={toDelete?.name ?? null}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        busy={deleteProduct.isPending}
        error={deleteError}
      />
    </div>
  );
}
