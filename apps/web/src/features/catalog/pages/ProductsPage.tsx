import type { ProductType } from '@app/shared';

export interface ProductsPageProps {
  /** The sub-tab's type filter; undefined on "Hammasi" (all). */
  type?: ProductType;
}

/** /catalog/products[/raw|semi|finished] (spec.md section 2, Products page). Placeholder until the catalog issue. */
export function ProductsPage({ type }: ProductsPageProps) {
  return (
    <h2 className="text-lg font-semibold text-slate-900" data-product-type={type ?? 'ALL'}>
      Mahsulotlar
    </h2>
  );
}
