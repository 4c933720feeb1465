import { Outlet } from 'react-router';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';

/** spec.md section 2, Catalog: the products sub-tabs; "Hammasi" is the index (/catalog/products). */
const PRODUCT_TABS: ReadonlyArray<{ to: string; label: MessageKey; end?: boolean }> = [
  { to: paths.catalog.products, label: 'catalog.productTabs.all', end: true },
  { to: paths.catalog.productsRaw, label: 'catalog.productTabs.raw' },
  { to: paths.catalog.productsSemi, label: 'catalog.productTabs.semi' },
  { to: paths.catalog.productsFinished, label: 'catalog.productTabs.finished' },
];

export function ProductsLayout() {
  const t = useT();
  return (
    <div>
      <Tabs
        items={PRODUCT_TABS.map((tab) => ({ ...tab, label: t(tab.label) }))}
        label={t('catalog.productTabs.label')}
        variant="pills"
        className="mb-6"
      />
      <Outlet />
    </div>
  );
}
