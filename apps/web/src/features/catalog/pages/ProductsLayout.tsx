import { Outlet } from 'react-router';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';

/** spec.md section 2, Catalog: the products sub-tabs; "Hammasi" is the index (/catalog/products). */
const PRODUCT_TABS = [
  { to: paths.catalog.products, label: 'Hammasi', end: true },
  { to: paths.catalog.productsRaw, label: 'Hom-ashyo' },
  { to: paths.catalog.productsSemi, label: 'Yarim tayyor' },
  { to: paths.catalog.productsFinished, label: 'Tayyor mahsulotlar' },
] as const;

export function ProductsLayout() {
  return (
    <div>
      <Tabs items={PRODUCT_TABS} label="Product types" variant="pills" className="mb-6" />
      <Outlet />
    </div>
  );
}
